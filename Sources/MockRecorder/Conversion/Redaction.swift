import MockFixtures

/// Replaces the values of chosen object keys, at any depth, with `"REDACTED"`.
enum Redaction {
    /// `value` with every member named in `keys` (exact, case-sensitive) holding
    /// ``RecorderOptions/redactedText``; arrays and nested objects are searched too.
    static func apply(to value: JSONValue, keys: Set<String>) -> JSONValue {
        guard !keys.isEmpty else { return value }
        switch value {
        case .object(let members):
            return .object(members.map { member in
                var copy = member
                copy.value.value = keys.contains(member.key)
                    ? .string(RecorderOptions.redactedText)
                    : apply(to: member.value.value, keys: keys)
                return copy
            })
        case .array(let elements):
            return .array(elements.map { element in
                var copy = element
                copy.value = apply(to: element.value, keys: keys)
                return copy
            })
        default:
            return value
        }
    }
}
