/// A parsed JSON value that keeps object keys in source order and numbers as written.
///
/// Equality is semantic: object key order is ignored and numbers compare by exact decimal value,
/// so `{"a": 1, "b": 1e2}` equals `{"b": 100, "a": 1.0}`. Source positions never take part.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"name": "Rey", "age": 19}"#.utf8)).root.value
/// if case .object(let members) = value { print(members.map(\.key)) }   // ["name", "age"]
/// ```
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

extension JSONValue {
    /// The members of an object, or `nil` for any other kind of value.
    package var objectMembers: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string, or `nil` for any other kind of value.
    package var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The member value for `key` in an object (the last one wins, as in parsing), or `nil`.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value.value
    }

    /// A short name of the kind of value, for messages: "object", "array", "string", …
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// ``kindName`` with its article, for sentences: "an array", "a string".
    package var kindNameWithArticle: String {
        switch self {
        case .array, .object: "an \(kindName)"
        default: "a \(kindName)"
        }
    }

    /// Builds an object from key/value pairs in the given order (positions are left at 1:1).
    ///
    /// ```swift
    /// let body = JSONValue.makeObject([("error", .string("not found")), ("status", .number(JSONNumber(404)))])
    /// ```
    package static func makeObject(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.0, value: JSONNode($0.1)) })
    }

    /// Builds an array from values (positions are left at 1:1).
    package static func makeArray(_ values: [JSONValue]) -> JSONValue {
        .array(values.map { JSONNode($0) })
    }
}
