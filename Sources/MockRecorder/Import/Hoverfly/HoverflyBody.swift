import MockFixtures

/// A Hoverfly pair's `body` matchers as `request`, `requestMatch` and `requestBody`: `json`
/// the body compared as JSON, `jsonPartial` a partial body (arrays holding the listed elements
/// in any order, `$includes`, as Hoverfly's), `jsonpath` member paths that must be there (or,
/// with `doMatch`, hold a value), `form` fields, and `exact`, `glob` and `regex` the text of a
/// body that is not JSON. `score` is the points Hoverfly gives the body when it matches.
struct HoverflyBody {
    var request: JSONValue?
    /// `requestJsonPath`, for `jsonpath` matchers that are not plain member paths.
    var jsonPaths: [(String, JSONValue)] = []
    var partial = false
    var requiresBody = false
    var notes: [String] = []
    var score = 0

    init(_ matchers: [HoverflyMatcher]) throws(StubRefusal) {
        guard !matchers.isEmpty else {
            // Hoverfly's form-aware body matching gives no body matcher a point.
            score = 1
            return
        }
        let forms = matchers.enumerated().filter { $0.element.written == "form" }
        if !forms.isEmpty {
            try convertForms(forms, ignoring: matchers.count - forms.count)
            return
        }
        score = matchers.reduce(0) { $0 + $1.score }
        if matchers.allSatisfy({ $0.name == "jsonpath" }) {
            try convertPaths(matchers)
            return
        }
        guard matchers.count == 1 else {
            throw StubRefusal("request.body", "holds \(matchers.count) matchers that must all hold, which one entry's \"request\" can say only for jsonpath member paths; keep the one that says most")
        }
        let matcher = matchers[0]
        let key = "request.body[0]"
        guard matcher.doMatch == nil else {
            throw StubRefusal("\(key).doMatch", "chains a matcher onto \(matcher.written), which has an equivalent here only after a jsonpath")
        }
        let text = try matcher.text(at: key)
        switch matcher.name {
        case "exact":
            if let document = try? JSONParser.parse(Array(text.utf8)), document.root.value.objectMembers != nil || Self.isArray(document.root.value) {
                request = Self.literal(document.root.value)
                requiresBody = true
                notes.append("\(key) is compared as JSON: spacing and key order do not matter here")
            } else {
                request = WireMockMatcher.regex("^" + WireMockMatcher.escapedForRegex(text) + "$")
                notes.append(WireMockBodyPatterns.textNote(key))
            }
        case "json":
            request = Self.literal(try Self.parsed(text, at: key))
            requiresBody = true
        case "jsonpartial":
            let expected = try Self.parsed(text, at: key)
            requiresBody = true
            if expected.objectMembers?.isEmpty == true {
                // Any JSON object: any body will do here.
                return
            }
            guard expected.objectMembers != nil || Self.isArray(expected) else {
                throw StubRefusal("\(key).value", "is \(expected.kindNameWithArticle); jsonPartial compares an object or an array")
            }
            guard !Self.holdsDollarKey(expected) else {
                throw StubRefusal("\(key).value", "has keys starting with '$', which a partial body here reads as matchers")
            }
            request = Self.includingArrays(expected)
            partial = true
            notes.append("\(key): Hoverfly's jsonPartial also finds the object nested deeper in the body; here it is compared from the top")
        case "regex":
            request = WireMockMatcher.regex(text)
            notes.append(WireMockBodyPatterns.textNote(key))
        case "glob":
            if text == "*" { return }
            request = WireMockMatcher.regex(HoverflyMatcher.globRegex(text))
            notes.append(WireMockBodyPatterns.textNote(key))
        default:
            throw StubRefusal("\(key).matcher", "\(JSONValue.excerpt(.string(matcher.written))) has no equivalent for a body here (ours: exact, json, jsonPartial, jsonpath, regex, glob, form); "
                + "XML can be matched with a regex on its text, or answered from a handler in Swift")
        }
    }

    /// `form` matchers: each field's matchers against its (first) value. Hoverfly reads nothing
    /// else of the body beside them.
    private mutating func convertForms(_ forms: [(offset: Int, element: HoverflyMatcher)], ignoring others: Int) throws(StubRefusal) {
        var fields: [(String, JSONValue)] = []
        for (index, form) in forms {
            let key = "request.body[\(index)]"
            guard let members = form.value.objectMembers else { throw StubRefusal("\(key).value", "must be an object of matchers by form field") }
            for member in members {
                let fieldKey = "\(key).value.\(member.key)"
                guard !fields.contains(where: { $0.0 == member.key }) else { throw StubRefusal(fieldKey, "names a form field named before") }
                let matchers = try HoverflyMatcher.list(member.value.value, at: fieldKey)
                score += matchers.reduce(0) { $0 + $1.score }
                fields.append((member.key, try HoverflyMatcher.namedValue(matchers, at: fieldKey, kind: .formField, notes: &notes)))
            }
        }
        if others > 0 {
            notes.append("request.body: Hoverfly reads only the form matchers of a body that has one, so the \(others) other\(others == 1 ? "" : "s") are not imported")
        }
        request = .makeObject(fields)
        requiresBody = true
        notes.append("request.body: a form field sent several times matches when one of its values does; Hoverfly compares the first")
    }

    /// `jsonpath` matchers: each a member path that must be there, or hold what its `doMatch`
    /// says; together one partial body while none overlaps another, else `requestJsonPath`
    /// queries (and always for filters, wildcards, indexes and `..`).
    private mutating func convertPaths(_ matchers: [HoverflyMatcher]) throws(StubRefusal) {
        var paths = ImportedJSONPaths()
        for (index, matcher) in matchers.enumerated() {
            let key = "request.body[\(index)]"
            let expression = try matcher.text(at: key)
            let read = try ImportedJSONPaths.Expression(expression, at: "\(key).value")
            if !read.isSingular, matcher.doMatch != nil {
                throw StubRefusal("\(key).doMatch", "follows \(JSONValue.excerpt(.string(expression))), which can select several values: Hoverfly passes them on as one text, which has no equivalent here; name one value, such as $.items[0].sku")
            }
            try paths.add(read, leaf: try Self.leaf(matcher.doMatch, at: "\(key).doMatch"), matcherName: "jsonpath", at: key)
        }
        // Partial either way: a jsonPartial doMatch allows other members.
        partial = true
        requiresBody = true
        if let body = paths.partialBody {
            request = body
            return
        }
        jsonPaths = try paths.jsonPaths()
        if paths.selectsSeveral {
            notes.append("request.body: a jsonpath filter or wildcard must select something here; Hoverfly's Kubernetes JSONPath may also match when it selects nothing")
        }
    }

    /// What the member a `jsonpath` finds must hold: anything (it must be there), or its
    /// `doMatch` on the value as Hoverfly passes it on (a string as it is, anything else as
    /// JSON text, so `exact "1"` takes the number 1 and the string "1").
    private static func leaf(_ doMatch: JSONValue?, at key: String) throws(StubRefusal) -> JSONValue {
        guard let doMatch else { return .makeObject([("$any", .bool(true))]) }
        let chained = try HoverflyMatcher.list(.makeArray([doMatch]), at: key)[0]
        guard chained.doMatch == nil else { throw StubRefusal("\(key).doMatch", "chains a third matcher, which has no equivalent here") }
        let text = try chained.text(at: key)
        switch chained.name {
        case "exact":
            return valueOrItsText(text, at: key)
        case "negate":
            return .makeObject([("$not", valueOrItsText(text, at: key))])
        case "regex":
            return WireMockMatcher.regex(text)
        case "glob":
            return text == "*" ? .makeObject([("$any", .bool(true))]) : WireMockMatcher.regex(HoverflyMatcher.globRegex(text))
        case "json":
            return .makeObject([("$equals", try parsed(text, at: key))])
        case "jsonpartial":
            let expected = try parsed(text, at: key)
            guard !holdsDollarKey(expected) else { throw StubRefusal("\(key).value", "has keys starting with '$', which a partial body here reads as matchers") }
            return includingArrays(expected)
        default:
            throw StubRefusal("\(key).matcher", "\(JSONValue.excerpt(.string(chained.written))) after a jsonpath has no equivalent here (ours: exact, negate, regex, glob, json, jsonPartial)")
        }
    }

    /// `exact` on a value found by a JSONPath: the text, or a number, boolean or null written
    /// so; an object or array compared as JSON.
    private static func valueOrItsText(_ text: String, at key: String) -> JSONValue {
        guard let document = try? JSONParser.parse(Array(text.utf8)) else { return .string(text) }
        switch document.root.value {
        case .number, .bool, .null:
            return .makeObject([("$anyOf", .makeArray([.string(text), document.root.value]))])
        case .object, .array:
            return .makeObject([("$equals", document.root.value)])
        case .string:
            return .string(text)
        }
    }

    private static func parsed(_ text: String, at key: String) throws(StubRefusal) -> JSONValue {
        do {
            return try JSONParser.parse(Array(text.utf8)).root.value
        } catch {
            throw StubRefusal("\(key).value", "is not JSON (\(error.position): \(error.message)); Hoverfly never matches it")
        }
    }

    /// A body compared whole: literally (`$equals`) when a key starts with `$`, or when it is
    /// `null` or `{}`, which a plain `request` reads as "anything".
    private static func literal(_ value: JSONValue) -> JSONValue {
        if value == .null || value.objectMembers?.isEmpty == true || holdsDollarKey(value) {
            return .makeObject([("$equals", value)])
        }
        return value
    }

    /// Arrays as `$includes` (Hoverfly's partial arrays hold the listed elements in any order,
    /// among others), at every depth.
    private static func includingArrays(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .makeObject([("$includes", .makeArray(elements.map { includingArrays($0.value) }))])
        case .object(let members): .makeObject(members.map { ($0.key, includingArrays($0.value.value)) })
        default: value
        }
    }

    private static func holdsDollarKey(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements): elements.contains { holdsDollarKey($0.value) }
        case .object(let members): members.contains { $0.key.hasPrefix("$") || holdsDollarKey($0.value.value) }
        default: false
        }
    }

    private static func isArray(_ value: JSONValue) -> Bool {
        if case .array = value { return true }
        return false
    }
}
