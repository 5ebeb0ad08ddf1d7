/// What a JSON request body must be, compiled from an entry's `request` at load: plain JSON
/// compares by semantic equality; matcher objects (`{"$regex": …}`, `{"$any": true}`, …) and
/// `"requestMatch": "partial"` turn the objects that hold them into member-by-member checks.
indirect enum JSONExpectation: Sendable {
    /// Equal by value (key order ignored, numbers by exact value); no matcher below.
    case value(JSONValue)
    /// Each member must match; with `partial`, keys the entry does not name are allowed.
    case object([Member], partial: Bool, source: JSONValue)
    /// The same number of elements, each matching in order.
    case array([JSONExpectation], source: JSONValue)
    /// `{"$includes": [...]}`: an array with, for each listed element, an element of its own
    /// matching it, in any order, other elements allowed.
    case includes([JSONExpectation], source: JSONValue)
    /// `{"$unordered": [...]}`: an array of exactly these elements, each matched by an element of
    /// its own, in any order (WireMock's `ignoreArrayOrder`).
    case unordered([JSONExpectation], source: JSONValue)
    /// `{"$any": true}`: the member is present, with any value.
    case present
    /// `{"$absent": true}`: the member must not be present.
    case absent
    case condition(TextCondition)
    /// `{"$not": …}`: present, and not matching what it holds.
    case not(JSONExpectation, source: JSONValue)
    /// `{"$anyOf": [...]}`: matching one of the alternatives; absent when one is `{"$absent": true}`.
    case anyOf([JSONExpectation], source: JSONValue)

    struct Member: Sendable {
        let key: String
        let expectation: JSONExpectation
    }

    /// Whether `actual` fits; formats no sentences, so selecting among many entries stays cheap.
    func matches(_ actual: JSONValue) -> Bool {
        switch self {
        case .value(let expected):
            return expected == actual
        case .present:
            return true
        case .absent:
            return false
        case .condition(let condition):
            return Self.text(of: actual).map { condition.matches($0) } ?? false
        case .unordered(let elements, _):
            guard case .array(let actualElements) = actual, actualElements.count == elements.count else { return false }
            return DistinctAssignment.firstUnassigned(expected: elements.count, actual: actualElements.count) {
                elements[$0].matches(actualElements[$1].value)
            } == nil
        case .not(let inner, _):
            return !inner.matches(actual)
        case .anyOf(let alternatives, _):
            return alternatives.contains { $0.matches(actual) }
        case .array(let elements, _):
            guard case .array(let actualElements) = actual, actualElements.count == elements.count else { return false }
            return zip(elements, actualElements).allSatisfy { $0.matches($1.value) }
        case .includes(let elements, _):
            guard case .array(let actualElements) = actual, actualElements.count >= elements.count else { return false }
            return DistinctAssignment.firstUnassigned(expected: elements.count, actual: actualElements.count) {
                elements[$0].matches(actualElements[$1].value)
            } == nil
        case .object(let members, let partial, _):
            guard case .object(let actualMembers) = actual else { return false }
            let lookup = MemberLookup(actualMembers)
            for member in members {
                guard let value = lookup.value(for: member.key) else {
                    if member.expectation.acceptsMissing { continue }
                    return false
                }
                guard member.expectation.matches(value) else { return false }
            }
            return partial || actualMembers.allSatisfy { actual in members.contains { $0.key == actual.key && !$0.expectation.isAbsent } }
        }
    }

    /// Where `actual` first departs from the expectation, worded like
    /// ``JSONValue/firstDifference(from:at:)`` (`at $.sku: expected a value matching ^A, got "B7"`).
    func firstDifference(from actual: JSONValue, at path: String = "$") -> String? {
        switch self {
        case .value(let expected):
            return expected.firstDifference(from: actual, at: path)
        case .present:
            return nil
        case .absent:
            return "at \(path): expected nothing, got \(JSONValue.excerpt(actual))"
        case .condition(let condition):
            if let text = Self.text(of: actual), condition.matches(text) { return nil }
            return "at \(path): expected \(condition.expectedValue), got \(Self.describe(actual))"
        case .not, .anyOf:
            return matches(actual) ? nil : "at \(path): expected \(expectedText), got \(Self.describe(actual))"
        case .array(let elements, let source):
            guard case .array(let actualElements) = actual else { return kindMismatch(path, source, actual) }
            guard actualElements.count == elements.count else {
                return "at \(path): expected \(elements.count) element\(elements.count == 1 ? "" : "s"), got \(actualElements.count)"
            }
            for (offset, (element, actualElement)) in zip(elements, actualElements).enumerated() {
                if let difference = element.firstDifference(from: actualElement.value, at: "\(path)[\(offset)]") { return difference }
            }
            return nil
        case .includes(let elements, let source):
            guard case .array(let actualElements) = actual else {
                return "at \(path): expected an array including \(JSONValue.excerpt(source)) in any order, got \(Self.describe(actual))"
            }
            guard let missing = DistinctAssignment.firstUnassigned(expected: elements.count, actual: actualElements.count, accepts: {
                elements[$0].matches(actualElements[$1].value)
            }) else { return nil }
            return "at \(path): expected an array including \(JSONValue.excerpt(source)) in any order, got \(JSONValue.excerpt(actual)): "
                + "no element \(missing == 0 ? "" : "left ")matches \(elements[missing].expectedText)"
        case .unordered(let elements, let source):
            guard case .array(let actualElements) = actual else {
                return "at \(path): expected the elements \(JSONValue.excerpt(source)) in any order, got \(Self.describe(actual))"
            }
            guard actualElements.count == elements.count else {
                return "at \(path): expected the \(elements.count) element\(elements.count == 1 ? "" : "s") \(JSONValue.excerpt(source)) in any order, got \(actualElements.count): \(JSONValue.excerpt(actual))"
            }
            guard let missing = DistinctAssignment.firstUnassigned(expected: elements.count, actual: actualElements.count, accepts: {
                elements[$0].matches(actualElements[$1].value)
            }) else { return nil }
            return "at \(path): expected the elements \(JSONValue.excerpt(source)) in any order, got \(JSONValue.excerpt(actual)): "
                + "no element \(missing == 0 ? "" : "left ")matches \(elements[missing].expectedText)"
        case .object(let members, let partial, let source):
            guard case .object(let actualMembers) = actual else { return kindMismatch(path, source, actual) }
            let lookup = MemberLookup(actualMembers)
            for member in members {
                let value = lookup.value(for: member.key)
                if case .absent = member.expectation {
                    if let value { return "at \(path): key \(JSONValue.excerpt(.string(member.key))) must be absent, got \(JSONValue.excerpt(value))" }
                    continue
                }
                guard let value else {
                    if member.expectation.acceptsMissing { continue }
                    return "at \(path): missing key \(JSONValue.excerpt(.string(member.key))) (expected \(member.expectation.expectedText))"
                }
                if let difference = member.expectation.firstDifference(from: value, at: JSONValue.memberPath(path, member.key)) { return difference }
            }
            if !partial, let extra = actualMembers.first(where: { actual in !members.contains { $0.key == actual.key && !$0.expectation.isAbsent } }) {
                return "at \(path): unexpected key \(JSONValue.excerpt(.string(extra.key)))"
            }
            return nil
        }
    }

    /// How the expectation reads inside "(expected …)".
    var expectedText: String {
        switch self {
        case .value(let value): JSONValue.excerpt(value)
        case .object(_, _, let source), .array(_, let source): JSONValue.excerpt(source)
        case .includes(_, let source): "an array including \(JSONValue.excerpt(source))"
        case .unordered(_, let source): "the elements \(JSONValue.excerpt(source)) in any order"
        case .present: "any value"
        case .absent: "nothing"
        case .condition(let condition): condition.expectedValue
        case .not(let inner, _): "anything but \(inner.expectedText)"
        case .anyOf(let alternatives, _): "one of " + alternatives.map(\.expectedText).joined(separator: ", ")
        }
    }

    /// Whether a missing member satisfies it: `$absent`, or `$anyOf` with `$absent` among its
    /// alternatives. `$not` asks for a present value.
    var acceptsMissing: Bool {
        switch self {
        case .absent: true
        case .anyOf(let alternatives, _): alternatives.contains { $0.acceptsMissing }
        default: false
        }
    }

    private var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }

    private func kindMismatch(_ path: String, _ source: JSONValue, _ actual: JSONValue) -> String {
        "at \(path): expected \(source.kindName) \(JSONValue.excerpt(source)), got \(Self.describe(actual))"
    }

    /// `"B7"` for strings, `number 7` for everything else, as near misses show a received value.
    private static func describe(_ value: JSONValue) -> String {
        if case .string = value { return JSONValue.excerpt(value) }
        return "\(value.kindName) \(JSONValue.excerpt(value))"
    }

    /// The text a matcher looks at: a string's characters, a number as written, `true`/`false`;
    /// `nil` for null, arrays and objects, which never match a text condition.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number.literal
        case .bool(let flag): flag ? "true" : "false"
        case .null, .array, .object: nil
        }
    }
}

/// Finds a received object's members by key: a scan for the small objects requests carry, a
/// dictionary for large ones. Parsing keeps only the last of repeated keys.
private struct MemberLookup {
    private let members: [JSONMember]
    private let byKey: [String: JSONValue]?

    init(_ members: [JSONMember]) {
        self.members = members
        byKey = members.count > 8 ? JSONValue.lastValueByKey(members) : nil
    }

    func value(for key: String) -> JSONValue? {
        if let byKey { return byKey[key] }
        return members.last { $0.key == key }?.value.value
    }
}
