import MockFixtures

/// MockServer's string values (its `NottableString`) and key-to-values maps as ours. A value
/// matches when it is blank, equal (ignoring case), or a full match of it read as a regular
/// expression (case-insensitive, `.` taking line breaks): `"[0-9]+"` becomes
/// `{"$regex": "(?is)^(?:[0-9]+)$"}`, plain text stays text. `!` before a value negates it
/// (`$not`); before a key the key must be absent (`$absent`); `?` before a key makes it
/// optional. A map's values must each match a value of their own (`$includes` for several).
enum MockServerValue {
    /// The characters that make a value a regular expression besides plain text.
    static let regexSyntax = Set("\\^$.|?*+()[]{}")

    /// A string value (or `{"value": …, "not": true}`) as a matcher here.
    static func matcher(_ value: JSONValue, at key: String) throws(StubRefusal) -> JSONValue {
        var negated = false
        var text: String
        switch value {
        case .string(let string):
            text = string
        case .object:
            if value["schema"] != nil {
                throw StubRefusal(key, "is a JSON Schema, which has no equivalent for a single value here; write the values it allows as a regex")
            }
            if value["parameterStyle"] != nil {
                throw StubRefusal(key, "has an OpenAPI parameterStyle, which has no equivalent here; write the values as sent")
            }
            guard let string = value["value"]?.importedText else { throw StubRefusal(key, "needs a \"value\" string") }
            text = string
            negated = value["not"] == .bool(true)
        default:
            guard let string = value.importedText else { throw StubRefusal(key, "must be a string, found \(value.kindNameWithArticle)") }
            text = string
        }
        if text.hasPrefix("!"), text.count > 1 {
            negated.toggle()
            text.removeFirst()
        }
        let plain = try plainOrRegex(text, at: key)
        return negated ? .makeObject([("$not", plain)]) : plain
    }

    /// Text without regular-expression syntax as itself, else a whole-value regex that also
    /// takes the text as written (MockServer compares as text first: `application/vnd.api+json`
    /// matches itself, audit MS1), or the text, when it is no regex at all (`c++`, `{id}`, which
    /// Java refuses too, so MockServer compares it as text only).
    static func plainOrRegex(_ text: String, at key: String) throws(StubRefusal) -> JSONValue {
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) { return .makeObject([("$any", .bool(true))]) }
        guard text.contains(where: { regexSyntax.contains($0) }), let pattern = try textOrPattern(text, at: key) else {
            return .string(text)
        }
        return WireMockMatcher.regex(pattern)
    }

    /// `(?is)^(?:<text as written>|<text as a pattern>)$`; nil when the text is no pattern. A
    /// pattern Java runs and ours cannot (lookaround, back-references, Java-only escapes) refuses
    /// the expectation (audit R2: it was compared as text, and never matched as MockServer does).
    static func textOrPattern(_ text: String, at key: String) throws(StubRefusal) -> String? {
        let pattern = "(?is)^(?:" + WireMockMatcher.escapedForRegex(text) + "|" + javaClassesTranslated(text) + ")$"
        do {
            _ = try LinearRegex(pattern)
            return pattern
        } catch {
            // Lookaround, back-references and the like, or Java's \Q…\E quoting: Java runs them
            // and MockServer matches with them. Anything else ours refuse (`c++`, a possessive
            // or `(?x)` pattern) is compared as text, as before (audit R3).
            let reason = error.description
            let javaOnly = ["lookahead", "lookbehind", "backreference", "atomic group", "conditional", "recursion"].contains { reason.contains($0) }
                || text.contains("\\Q")
            guard javaOnly else { return nil }
            throw StubRefusal(key, "\(JSONValue.excerpt(.string(text))) is a pattern ours cannot run (\(reason)); write it in a form ours run, or list the values it stands for")
        }
    }

    /// Java's POSIX classes (`\p{Alpha}`, `\p{Digit}`, …, US-ASCII in Java) as the ranges they
    /// stand for, inside a class or out (audit R3: `\p{Alpha}+` was compared as text).
    static func javaClassesTranslated(_ pattern: String) -> String {
        let ranges = ["Alpha": "A-Za-z", "Digit": "0-9", "Alnum": "A-Za-z0-9", "Upper": "A-Z", "Lower": "a-z",
                      "XDigit": "0-9A-Fa-f", "Space": " \\t\\n\\x0B\\f\\r", "Punct": "!-/:-@\\[-`{-~"]
        var result = ""
        var rest = Substring(pattern)
        var inClass = false
        while let character = rest.first {
            if character == "\\", rest.dropFirst().first == "p" || rest.dropFirst().first == "P",
               let close = rest.firstIndex(of: "}"), rest.dropFirst(2).first == "{",
               let range = ranges[String(rest[rest.index(rest.startIndex, offsetBy: 3)..<close])] {
                let negated = rest.dropFirst().first == "P"
                result += inClass ? range : (negated ? "[^" : "[") + range + "]"
                if inClass && negated { return pattern }
                rest = rest[rest.index(after: close)...]
                continue
            }
            if character == "\\", let next = rest.dropFirst().first {
                result.append(character)
                result.append(next)
                rest = rest.dropFirst(2)
                continue
            }
            if character == "[" { inClass = true } else if character == "]" { inClass = false }
            result.append(character)
            rest = rest.dropFirst()
        }
        return result
    }

    /// A whole number as MockServer's reader takes one: `201`, `201.0`, `"201"` (`201.5` is 201);
    /// nil when absent.
    static func integer(_ value: JSONValue?, at key: String, in range: ClosedRange<Int>) throws(StubRefusal) -> Int? {
        guard let value, value != .null else { return nil }
        var number: Int?
        switch value {
        // Jackson, which MockServer reads with, takes "201" and cuts 201.5 to 201.
        case .number(let written):
            number = written.integerLiteralValue ?? Double(written.literal).flatMap { abs($0) < 1e15 ? Int($0.rounded(.towardZero)) : nil }
        case .string(let text):
            let trimmed = Substring(text).trimmingSpaces
            number = Int(trimmed) ?? Double(trimmed).flatMap { abs($0) < 1e15 ? Int($0.rounded(.towardZero)) : nil }
        default:
            number = nil
        }
        guard let number, range.contains(number) else {
            throw StubRefusal(key, "\(JSONValue.excerpt(value)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `{"name": ["a", "b"], "keyMatchStyle": …}` or `[{"name": …, "values": […]}]` as named
    /// matchers. `separatesValues`: query parameters and form fields, whose occurrences are
    /// values of their own here (a header's lines are one value).
    /// `alwaysPresent`: path parameters, whose segment is there (an optional one is not absent).
    static func multiMap(_ value: JSONValue, at key: String, separatesValues: Bool, singleValue: Bool = false,
                         alwaysPresent: Bool = false) throws(StubRefusal) -> [(String, JSONValue)] {
        var entries: [(name: String, values: [JSONValue], at: String)] = []
        switch value {
        case .object(let members):
            for member in members {
                let memberKey = "\(key).\(member.key)"
                if member.key == "keyMatchStyle" {
                    guard member.value.value == .string("SUB_SET") else {
                        throw StubRefusal(memberKey, "\(JSONValue.excerpt(member.value.value)) (every value sent must match) has no equivalent here; SUB_SET, the default, has")
                    }
                    continue
                }
                switch member.value.value {
                case .array(let elements): entries.append((member.key, elements.map(\.value), memberKey))
                case let single: entries.append((member.key, [single], memberKey))
                }
            }
        case .array(let elements):
            for (index, element) in elements.map(\.value).enumerated() {
                let elementKey = "\(key)[\(index)]"
                // A name may be an object (`{"not": true, "value": "X-Block"}`), as the map form's
                // `!X-Block` (audit MS1: its `not` was dropped).
                guard var name = element["name"].flatMap({ $0.stringValue ?? $0["value"]?.stringValue }) else {
                    throw StubRefusal(elementKey, "needs a \"name\"")
                }
                if element["name"]?["not"] == .bool(true) { name = "!" + name }
                if element["name"]?["optional"] == .bool(true) { name = "?" + name }
                if singleValue {
                    entries.append((name, [element["value"] ?? .string("")], elementKey))
                } else if case .array(let values)? = element["values"] {
                    entries.append((name, values.map(\.value), elementKey))
                } else {
                    entries.append((name, [], elementKey))
                }
            }
        default:
            throw StubRefusal(key, "must be an object of values by name, or a list of {\"name\": …, \"values\": […]}")
        }
        var converted: [(String, JSONValue)] = []
        for (written, values, entryKey) in entries {
            var name = written
            var optional = false
            if name.hasPrefix("?") { optional = true; name.removeFirst() }
            if name.hasPrefix("!") {
                name.removeFirst()
                converted.append((name, .makeObject([("$absent", .bool(true))])))
                continue
            }
            if name.hasPrefix("?") { optional = true; name.removeFirst() }
            // `page[number]`, `filter.name` are names as written (JSON:API, Rails); a name that is
            // plainly a pattern (`X-Trace-.*`) has no equivalent.
            guard !name.isEmpty, !name.contains(where: { "*+|()^$\\?".contains($0) }) else {
                throw StubRefusal(entryKey, "the name \(JSONValue.excerpt(.string(written))) is a pattern, which names here cannot be (they are matched as written); list the names it stands for")
            }
            guard !converted.contains(where: { separatesValues ? $0.0 == name : $0.0.lowercased() == name.lowercased() }) else {
                throw StubRefusal(entryKey, "names '\(name)' a second time; give its values in one list")
            }
            var matchers: [JSONValue] = []
            for (index, value) in values.enumerated() { matchers.append(try matcher(value, at: "\(entryKey)[\(index)]")) }
            var matcher: JSONValue
            switch matchers.count {
            case 0: matcher = .makeObject([("$any", .bool(true))])
            case 1: matcher = matchers[0]
            default:
                guard separatesValues else {
                    throw StubRefusal(entryKey, "lists \(matchers.count) values that must each be on a line of their own, which a header matcher here cannot say; keep one")
                }
                matcher = .makeObject([("$includes", .makeArray(matchers))])
            }
            if optional, !alwaysPresent { matcher = .makeObject([("$anyOf", .makeArray([matcher, .makeObject([("$absent", .bool(true))])]))]) }
            converted.append((name, matcher))
        }
        return converted
    }
}
