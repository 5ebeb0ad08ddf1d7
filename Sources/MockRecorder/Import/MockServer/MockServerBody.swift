import MockFixtures

/// An expectation's `httpRequest.body` as `request`, `requestMatch` and `requestBody`: a JSON
/// body (a plain object or array, or `{"type": "JSON", "json": …}`) compared as MockServer's
/// JsonUnit compares it — `ONLY_MATCHING_FIELDS`, the default, a partial body whose arrays hold
/// the listed elements in any order (`$includes`), `STRICT` the whole body —, a string the body's
/// text, `subString` `$contains`, `REGEX` a whole-text `$regex` (ignoring case), `JSON_PATH` a
/// member that must be there, and `PARAMETERS` form fields.
enum MockServerBody {
    /// The keys that make an object body a typed one (`{"json": …}` is not a JSON body holding
    /// `json`), as MockServer reads them.
    static let typedKeys: Set<String> = ["string", "regex", "json", "jsonSchema", "jsonPath", "xml", "xmlSchema", "xpath", "base64Bytes", "parameters"]
    static let typeNames: Set<String> = ["STRING", "REGEX", "JSON", "JSON_SCHEMA", "JSON_PATH", "XML", "XML_SCHEMA", "XPATH", "BINARY", "PARAMETERS"]

    /// A typed body's keys in MockServer's spelling: its reader takes `Type` and `String` too
    /// (audit MS1); any other object as written.
    static func canonicalKeys(_ body: JSONValue) -> JSONValue {
        guard case .object(let members) = body else { return body }
        let spellings = Dictionary(uniqueKeysWithValues: (typedKeys.union(["type", "subString", "matchType", "contentType", "charset", "not"])).map { ($0.lowercased(), $0) })
        let canonical = members.map { member in JSONMember(key: spellings[member.key.lowercased()] ?? member.key, value: member.value) }
        // Only a typed body is respelled; a JSON object's own keys stay as they are.
        return isTyped(canonical) ? .object(canonical) : body
    }

    /// Whether an object is a typed body: one of MockServer's type names in `type`, or a typed
    /// key. A `type` it does not know is ignored, so `{"type": "car", "wheels": 4}` is JSON
    /// (audit MS1).
    static func isTyped(_ members: [JSONMember]) -> Bool {
        members.contains { typedKeys.contains($0.key) || ($0.key == "type" && typeNames.contains($0.value.value.stringValue ?? "")) }
    }

    static func converted(_ written: JSONValue, at key: String) throws(StubRefusal) -> ImportedBody? {
        let body = canonicalKeys(written)
        switch body {
        case .null:
            return nil
        case .string(let text):
            return try text.isEmpty ? nil : exactText(text, at: key)
        case .array:
            return try json(body, strict: false, at: key)
        case .object(let members):
            guard isTyped(members) else { return try json(body, strict: false, at: key) }
            if body["not"] == .bool(true) {
                throw StubRefusal("\(key).not", "a negated body has no equivalent here (ours: $not stands for a value, not for the whole body)")
            }
            let type = body["type"]?.stringValue.flatMap { typeNames.contains($0) ? $0 : nil }
                ?? members.first { typedKeys.contains($0.key) }.map { typeName(of: $0.key) } ?? ""
            switch type {
            case "STRING":
                guard let text = body["string"]?.stringValue else { throw StubRefusal("\(key).string", "must be a string") }
                if body["subString"] == .bool(true) {
                    return ImportedBody(request: text.isEmpty ? WireMockMatcher.regex("^") : .makeObject([("$contains", .string(text))]),
                                        notes: [WireMockBodyPatterns.textNote(key)], requiresBody: false)
                }
                return try exactText(text, at: key)
            case "REGEX":
                guard let pattern = body["regex"]?.stringValue else { throw StubRefusal("\(key).regex", "must be a string") }
                let whole = try MockServerValue.textOrPattern(pattern, at: "\(key).regex") ?? "^" + WireMockMatcher.escapedForRegex(pattern) + "$"
                return ImportedBody(request: WireMockMatcher.regex(whole), notes: [WireMockBodyPatterns.textNote(key)], requiresBody: false)
            case "JSON":
                let expected = try jsonMember(of: body, at: key)
                let matchType = body["matchType"]?.stringValue ?? "ONLY_MATCHING_FIELDS"
                guard ["ONLY_MATCHING_FIELDS", "STRICT"].contains(matchType) else {
                    throw StubRefusal("\(key).matchType", "\(JSONValue.excerpt(.string(matchType))) is none of ONLY_MATCHING_FIELDS and STRICT")
                }
                return try json(expected, strict: matchType == "STRICT", at: "\(key).json")
            case "JSON_PATH":
                guard let expression = body["jsonPath"]?.stringValue else { throw StubRefusal("\(key).jsonPath", "must be a string") }
                return try jsonPath(expression, at: "\(key).jsonPath")
            case "PARAMETERS":
                let fields = try MockServerValue.multiMap(body["parameters"] ?? .object([]), at: "\(key).parameters", separatesValues: true)
                return ImportedBody(request: .makeObject(fields))
            default:
                throw StubRefusal("\(key).type", "\(JSONValue.excerpt(.string(type))) has no equivalent here (ours: STRING, REGEX, JSON, JSON_PATH, PARAMETERS)"
                    + (type.hasPrefix("XML") || type == "XPATH" ? "; XML can be matched with a REGEX on its text, or answered from a handler in Swift" : "; answer it from a handler in Swift"))
            }
        default:
            throw StubRefusal(key, "must be a string, a JSON object or array, or a typed body ({\"type\": \"JSON\", \"json\": …})")
        }
    }

    /// A typed body's `json`: the JSON itself, or a string holding it.
    static func jsonMember(of body: JSONValue, at key: String) throws(StubRefusal) -> JSONValue {
        guard case .string(let text)? = body["json"] else { return body["json"] ?? .null }
        do {
            return try JSONParser.parse(Array(text.utf8)).root.value
        } catch {
            throw StubRefusal("\(key).json", "is a string that is not JSON (\(error.position): \(error.message))")
        }
    }

    private static func typeName(of key: String) -> String {
        ["string": "STRING", "regex": "REGEX", "json": "JSON", "jsonSchema": "JSON_SCHEMA", "jsonPath": "JSON_PATH", "xml": "XML",
         "xmlSchema": "XML_SCHEMA", "xpath": "XPATH", "base64Bytes": "BINARY", "parameters": "PARAMETERS"][key] ?? key
    }

    /// The body's text exactly: JSON text compared as JSON (noted), other text as a whole-text regex.
    private static func exactText(_ text: String, at key: String) throws(StubRefusal) -> ImportedBody? {
        try WireMockBodyPatterns.converted(.makeArray([.makeObject([("equalTo", .string(text))])]), at: key).map { body in
            var body = body
            body.notes = body.notes.map { $0.replacing("\(key)[0].equalTo", with: key) }
            return body
        }
    }

    /// JSON as JsonUnit compares it: `ONLY_MATCHING_FIELDS` ignores extra fields, array order
    /// and extra array items; `STRICT` none of them (but key order).
    private static func json(_ expected: JSONValue, strict: Bool, at key: String) throws(StubRefusal) -> ImportedBody? {
        var options: [(String, JSONValue)] = [("equalToJson", expected)]
        if !strict { options += [("ignoreExtraElements", .bool(true)), ("ignoreArrayOrder", .bool(true))] }
        do {
            return try WireMockBodyPatterns.converted(.makeArray([.makeObject(options)]), at: key)
        } catch {
            throw StubRefusal(key, error.reason)
        }
    }

    /// A JSONPath that must find something ("at least one value is returned", MockServer's
    /// docs): a member path that must be there, or a `requestJsonPath` query for a filter, a
    /// wildcard, an index or `..`.
    private static func jsonPath(_ expression: String, at key: String) throws(StubRefusal) -> ImportedBody {
        var paths = ImportedJSONPaths()
        try paths.add(try ImportedJSONPaths.Expression(expression, at: key), leaf: ImportedJSONPath.selectsSomething, matcherName: "JSON_PATH", at: key)
        if let body = paths.partialBody { return ImportedBody(request: body, partial: true) }
        return ImportedBody(request: nil, jsonPaths: try paths.jsonPaths())
    }
}
