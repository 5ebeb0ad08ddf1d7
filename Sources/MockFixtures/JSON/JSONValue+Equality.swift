extension JSONValue: Equatable {
    /// Semantic equality: object key order is ignored, numbers compare by exact decimal value,
    /// positions are ignored.
    ///
    /// ```swift
    /// try JSONParser.parse(#"{"a":1,"b":[1e2]}"#).root.value == JSONParser.parse(#"{"b":[100.0],"a":1}"#).root.value   // true
    /// ```
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case (.bool(let left), .bool(let right)):
            return left == right
        case (.number(let left), .number(let right)):
            return left == right
        case (.string(let left), .string(let right)):
            return left == right
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.value == $1.value }
        case (.object(let left), .object(let right)):
            return objectsEqual(left, right)
        default:
            return false
        }
    }

    /// Objects are equal when they have the same keys with equal values. A key given twice counts
    /// once, with its last value, as when parsing; objects built in code may repeat keys.
    private static func objectsEqual(_ left: [JSONMember], _ right: [JSONMember]) -> Bool {
        if left.count <= 8, right.count <= 8 {
            for (offset, member) in left.enumerated() where isLastOccurrence(offset, in: left) {
                guard let other = right.last(where: { $0.key == member.key }), other.value.value == member.value.value else { return false }
            }
            return right.allSatisfy { member in left.contains { $0.key == member.key } }
        }
        let leftByKey = lastValueByKey(left)
        let rightByKey = lastValueByKey(right)
        guard leftByKey.count == rightByKey.count else { return false }
        return leftByKey.allSatisfy { key, value in rightByKey[key].map { $0 == value } ?? false }
    }

    private static func isLastOccurrence(_ offset: Int, in members: [JSONMember]) -> Bool {
        let key = members[offset].key
        return !members[(offset + 1)...].contains { $0.key == key }
    }

    /// Each key's last value, as parsing keeps it.
    static func lastValueByKey(_ members: [JSONMember]) -> [String: JSONValue] {
        var byKey: [String: JSONValue] = [:]
        byKey.reserveCapacity(members.count)
        for member in members { byKey[member.key] = member.value.value }
        return byKey
    }

    /// Describes where `actual` first differs from `self` (the expected value), or `nil` when equal.
    ///
    /// ```swift
    /// let expected = try JSONParser.parse(#"{"person":{"name":"Rey"}}"#).root.value
    /// let actual = try JSONParser.parse(#"{"person":{"name":"Finn"}}"#).root.value
    /// expected.firstDifference(from: actual)   // #"at $.person.name: expected "Rey", got "Finn""#
    /// ```
    package func firstDifference(from actual: JSONValue, at path: String = "$") -> String? {
        switch (self, actual) {
        case (.null, .null):
            return nil
        case (.bool(let expected), .bool(let got)):
            return expected == got ? nil : mismatch(path, actual)
        case (.number(let expected), .number(let got)):
            return expected == got ? nil : mismatch(path, actual)
        case (.string(let expected), .string(let got)):
            return expected == got ? nil : mismatch(path, actual)
        case (.array(let expected), .array(let got)):
            guard expected.count == got.count else {
                return "at \(path): expected \(expected.count) element\(expected.count == 1 ? "" : "s"), got \(got.count)"
            }
            for (offset, (expectedElement, gotElement)) in zip(expected, got).enumerated() {
                if let difference = expectedElement.value.firstDifference(from: gotElement.value, at: "\(path)[\(offset)]") {
                    return difference
                }
            }
            return nil
        case (.object(let expected), .object(let got)):
            return JSONValue.objectDifference(expected: expected, got: got, at: path)
        default:
            return "at \(path): expected \(kindName) \(JSONValue.excerpt(self)), got \(actual.kindName) \(JSONValue.excerpt(actual))"
        }
    }

    private func mismatch(_ path: String, _ actual: JSONValue) -> String {
        "at \(path): expected \(JSONValue.excerpt(self)), got \(JSONValue.excerpt(actual))"
    }

    private static func objectDifference(expected: [JSONMember], got: [JSONMember], at path: String) -> String? {
        var gotByKey = lastValueByKey(got)
        for (offset, member) in expected.enumerated() where isLastOccurrence(offset, in: expected) {
            let memberPath = JSONValue.memberPath(path, member.key)
            guard let gotValue = gotByKey.removeValue(forKey: member.key) else {
                return "at \(path): missing key \(excerpt(.string(member.key))) (expected \(excerpt(member.value.value)))"
            }
            if let difference = member.value.value.firstDifference(from: gotValue, at: memberPath) {
                return difference
            }
        }
        if let extra = got.first(where: { gotByKey[$0.key] != nil }) {
            return "at \(path): unexpected key \(excerpt(.string(extra.key)))"
        }
        return nil
    }

    /// `$.name` for identifier-like keys, `$["odd key"]` otherwise.
    static func memberPath(_ path: String, _ key: String) -> String {
        let isIdentifier = !key.isEmpty && key.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        } && !(key.utf8.first! >= UInt8(ascii: "0") && key.utf8.first! <= UInt8(ascii: "9"))
        return isIdentifier ? "\(path).\(key)" : "\(path)[\(JSONValue.string(key).compactText)]"
    }

    /// Compact JSON of `value`, shortened to stay readable inside a sentence.
    package static func excerpt(_ value: JSONValue, limit: Int = 60) -> String {
        let text = value.compactText
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }
}
