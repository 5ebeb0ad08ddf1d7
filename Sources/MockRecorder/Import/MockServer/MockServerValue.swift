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
        let plain = plainOrRegex(text)
        return negated ? .makeObject([("$not", plain)]) : plain
    }

    /// Text without regular-expression syntax as itself, else the whole-value regex (or the text,
    /// when it is no regex MockServer compiles).
    static func plainOrRegex(_ text: String) -> JSONValue {
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) { return .makeObject([("$any", .bool(true))]) }
        guard text.contains(where: { regexSyntax.contains($0) }), (try? LinearRegex("(?is)^(?:" + text + ")$")) != nil else {
            return .string(text)
        }
        return WireMockMatcher.regex("(?is)^(?:" + text + ")$")
    }

    /// `{"name": ["a", "b"], "keyMatchStyle": …}` or `[{"name": …, "values": […]}]` as named
    /// matchers. `separatesValues`: query parameters and form fields, whose occurrences are
    /// values of their own here (a header's lines are one value).
    static func multiMap(_ value: JSONValue, at key: String, separatesValues: Bool, singleValue: Bool = false) throws(StubRefusal) -> [(String, JSONValue)] {
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
                guard let name = element["name"].flatMap({ $0.stringValue ?? $0["value"]?.stringValue }) else {
                    throw StubRefusal(elementKey, "needs a \"name\"")
                }
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
            guard !name.isEmpty, !name.contains(where: { regexSyntax.contains($0) }) else {
                throw StubRefusal(entryKey, "the name \(JSONValue.excerpt(.string(written))) is a pattern; names here are matched as written")
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
            if optional { matcher = .makeObject([("$anyOf", .makeArray([matcher, .makeObject([("$absent", .bool(true))])]))]) }
            converted.append((name, matcher))
        }
        return converted
    }
}
