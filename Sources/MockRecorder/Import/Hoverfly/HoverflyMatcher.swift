import MockFixtures

/// One Hoverfly field matcher (`{"matcher": "glob", "value": "*.json"}`, with `config` for
/// `array` and `doMatch` to chain another onto its result), and what it is here for a named
/// value (a query parameter, a header, a form field). Hoverfly compares a value sent several
/// times as its occurrences joined with `;`, case-sensitively; its `regex` searches (RE2,
/// unanchored), its `glob` has only `*`, which spans anything, and is anchored at both ends.
struct HoverflyMatcher {
    /// Lower-cased, as Hoverfly looks matchers up (`jsonPartial` is `jsonpartial`).
    let name: String
    /// As written: only `exact` (and `array` without `config`) score 2 in Hoverfly.
    let written: String
    let value: JSONValue
    let config: JSONValue?
    let doMatch: JSONValue?

    /// The points Hoverfly's strongest-match strategy gives the matcher when it holds.
    var score: Int {
        written == "exact" || (written == "array" && config == nil) ? 2 : 1
    }

    /// `[{"matcher": …, "value": …}, …]` at `key`; absent is no matcher.
    static func list(_ value: JSONValue?, at key: String) throws(StubRefusal) -> [HoverflyMatcher] {
        guard let value, value != .null else { return [] }
        guard case .array(let elements) = value else {
            throw StubRefusal(key, "must be a list of matchers ([{\"matcher\": \"exact\", \"value\": …}]), found \(value.kindNameWithArticle)")
        }
        var matchers: [HoverflyMatcher] = []
        for (index, element) in elements.map(\.value).enumerated() {
            let elementKey = "\(key)[\(index)]"
            guard element.objectMembers != nil else { throw StubRefusal(elementKey, "must be a matcher object") }
            let written = element["matcher"]?.stringValue ?? ""
            for member in element.objectMembers ?? [] where !["matcher", "value", "config", "doMatch"].contains(member.key) {
                throw StubRefusal("\(elementKey).\(member.key)", "is no key of a Hoverfly matcher")
            }
            matchers.append(HoverflyMatcher(name: written.isEmpty ? "exact" : written.lowercased(), written: written,
                                            value: element["value"] ?? .null, config: element["config"].flatMap { $0 == .null ? nil : $0 },
                                            doMatch: element["doMatch"].flatMap { $0 == .null ? nil : $0 }))
        }
        return matchers
    }

    /// The text matchers' value, which Hoverfly never matches when it is not a string.
    func text(at key: String) throws(StubRefusal) -> String {
        guard let text = value.stringValue else {
            throw StubRefusal("\(key).value", "must be a string for \(written.isEmpty ? "exact" : written), found \(value.kindNameWithArticle) (Hoverfly never matches it)")
        }
        return text
    }

    /// What a named value is: Hoverfly compares a query parameter's occurrences joined with `;`,
    /// a header's lines joined with `;` (ours join them with `, `), and a form field's first value.
    enum Kind {
        case query, header, formField
    }

    /// Several matchers for one named value (all must hold) as one value here; an empty list
    /// only asks for the value to be there.
    static func namedValue(_ matchers: [HoverflyMatcher], at key: String, kind: Kind, notes: inout [String]) throws(StubRefusal) -> JSONValue {
        guard let first = matchers.first else { return .makeObject([("$any", .bool(true))]) }
        let converted = try first.namedValue(at: "\(key)[0]", kind: kind, notes: &notes)
        for (index, other) in matchers.enumerated().dropFirst() {
            guard try other.namedValue(at: "\(key)[\(index)]", kind: kind, notes: &notes) == converted else {
                throw StubRefusal(key, "holds \(matchers.count) matchers that must all hold, where a value here takes one; keep the one that says most")
            }
        }
        return converted
    }

    private func namedValue(at key: String, kind: Kind, notes: inout [String]) throws(StubRefusal) -> JSONValue {
        guard doMatch == nil else {
            throw StubRefusal("\(key).doMatch", "chains a second matcher onto a \(written), which one value here cannot say")
        }
        if config != nil, name != "array" {
            throw StubRefusal("\(key).config", "applies to the array matcher only (Hoverfly fails the match)")
        }
        // A glob without `*` compares text, as exact does.
        let text = value.stringValue ?? ""
        switch name {
        case _ where name == "exact" || (name == "glob" && !text.contains("*")):
            let text = try self.text(at: key)
            if kind == .query {
                // Hoverfly joins a parameter's occurrences with `;` before comparing (a capture of
                // `?tag=a&tag=b` says "a;b"): a list of them is the occurrences exactly (audit
                // H1: "1" alone also took ?k=1&k=1, which Hoverfly reads as "1;1").
                let occurrences = text.split(separator: ";", omittingEmptySubsequences: false).map { JSONValue.string(String($0)) }
                guard occurrences.count > 1 else { return .makeArray(occurrences) }
                notes.append("\(key): \"\(text)\" is read as the occurrences \(occurrences.map { JSONValue.excerpt($0) }.joined(separator: ", ")) (Hoverfly joins a parameter sent several times with ';'), in any order here, or the one value \"\(text)\"")
                return .makeObject([("$anyOf", .makeArray([.makeArray(occurrences), .makeArray([.string(text)])]))])
            }
            if kind == .header, text.contains(";") {
                // A header sent on several lines: Hoverfly joins them with `;`, ours with `, `.
                return .makeObject([("$anyOf", .makeArray([.string(text), .string(text.replacing(";", with: ", "))]))])
            }
            return .string(text)
        case "glob":
            let text = try self.text(at: key)
            if text == "*" { return .makeObject([("$any", .bool(true))]) }
            return WireMockMatcher.regex(Self.globRegex(text))
        case "regex":
            return WireMockMatcher.regex(try self.text(at: key))
        case "negate":
            // Hoverfly's negate holds for any value when its own is not text.
            guard value.stringValue != nil else { return .makeObject([("$any", .bool(true))]) }
            return .makeObject([("$not", .string(try self.text(at: key)))])
        case "array":
            guard kind != .header else {
                throw StubRefusal(key, "array on a header splits its value at ';', which has no equivalent here; match the header's text with a regex")
            }
            guard case .array(let elements) = value, elements.allSatisfy({ $0.value.stringValue != nil }) else {
                throw StubRefusal("\(key).value", "must be a list of strings for array")
            }
            let options = try Self.arrayOptions(config, at: key)
            let values = JSONValue.makeArray(elements.map(\.value))
            if options.ignoreUnknown { return .makeObject([("$includes", values)]) }
            guard options.ignoreOccurrences == false else {
                throw StubRefusal("\(key).config.ignoreOccurrences", "without ignoreUnknown has no equivalent here (ours count each listed value once per occurrence); add ignoreUnknown, or list each occurrence")
            }
            if !options.ignoreOrder, elements.count > 1 {
                notes.append("\(key): the values match in any order here; Hoverfly's array matcher wants them in this order")
            }
            return .makeObject([("$unordered", values)])
        default:
            throw StubRefusal("\(key).matcher", "\(JSONValue.excerpt(.string(written))) has no equivalent for a query parameter, header or form field here (ours: exact, glob, regex, negate, array)")
        }
    }

    /// `config` of the array matcher: three switches, false unless given.
    private static func arrayOptions(_ config: JSONValue?, at key: String) throws(StubRefusal) -> (ignoreUnknown: Bool, ignoreOrder: Bool, ignoreOccurrences: Bool) {
        var flags: [String: Bool] = [:]
        for member in config?.objectMembers ?? [] {
            guard ["ignoreUnknown", "ignoreOrder", "ignoreOccurrences"].contains(member.key) else {
                throw StubRefusal("\(key).config.\(member.key)", "is no option of the array matcher (ignoreUnknown, ignoreOrder, ignoreOccurrences)")
            }
            guard case .bool(let flag) = member.value.value else { throw StubRefusal("\(key).config.\(member.key)", "must be true or false") }
            flags[member.key] = flag
        }
        return (flags["ignoreUnknown"] ?? false, flags["ignoreOrder"] ?? false, flags["ignoreOccurrences"] ?? false)
    }

    /// A glob as a whole-value regular expression: `*` any text (`/` and line breaks too), the
    /// rest literal. `inline`: without the `(?s)` flag, for a path (which holds no line break).
    static func globRegex(_ glob: String, inline: Bool = false) -> String {
        (inline ? "^" : "(?s)^") + glob.split(separator: "*", omittingEmptySubsequences: false).map { WireMockMatcher.escapedForRegex(String($0)) }.joined(separator: ".*") + "$"
    }
}
