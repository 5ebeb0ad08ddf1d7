import MockFixtures

/// Replaces the values of chosen object keys, at any depth: with `"REDACTED"` in recorded
/// answers, and with the matcher `{"$any": true}` in recorded `request` constraints, so that the
/// secret is not written and the request still matches when it is replayed (a login recorded
/// with `--redact password` answers the app's next login, whatever its password).
enum Redaction {
    /// What redacted values of a `request` constraint become: present, with any value.
    static let anyValue = JSONValue.makeObject([("$any", .bool(true))])

    /// `value` with every member named in `keys` (ignoring case: `token` hides `Token` too, a
    /// secret being worth more than the odd over-redaction) holding `replacement`
    /// (``RecorderOptions/redactedText`` by default); arrays and nested objects are searched too.
    static func apply(to value: JSONValue, keys: Set<String>, replacement: JSONValue = .string(RecorderOptions.redactedText)) -> JSONValue {
        guard !keys.isEmpty else { return value }
        return apply(to: value, lowercasedKeys: Set(keys.map { $0.lowercased() }), replacement: replacement)
    }

    private static func apply(to value: JSONValue, lowercasedKeys keys: Set<String>, replacement: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.map { member in
                var copy = member
                copy.value.value = keys.contains(member.key.lowercased())
                    ? replacement
                    : apply(to: member.value.value, lowercasedKeys: keys, replacement: replacement)
                return copy
            })
        case .array(let elements):
            return .array(elements.map { element in
                var copy = element
                copy.value = apply(to: element.value, lowercasedKeys: keys, replacement: replacement)
                return copy
            })
        default:
            return value
        }
    }

    /// `headers` with the value of each one named in `keys` (ignoring case) replaced: an
    /// `X-Api-Key` the upstream echoes is a secret like a JSON `token`.
    static func apply(to headers: [HTTPHeader], keys: Set<String>) -> [HTTPHeader] {
        guard !keys.isEmpty else { return headers }
        let lowercased = Set(keys.map { $0.lowercased() })
        return headers.map { lowercased.contains($0.name.lowercased()) ? HTTPHeader(name: $0.name, value: RecorderOptions.redactedText) : $0 }
    }
}
