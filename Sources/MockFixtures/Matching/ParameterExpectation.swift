/// What one named value of a request must be: a query parameter, a form field or multipart part,
/// a header or a path parameter. Compiled from the fixture's JSON at load; several occurrences
/// of a name are all looked at.
indirect enum ParameterExpectation: Sendable {
    /// A string, number or boolean, compared as text (`2` matches `2` and `2.0`).
    case equals(JSONValue)
    /// `null` or `{"$any": true}`: present, with any value.
    case present
    /// `{"$absent": true}`: must not be present.
    case absent
    case condition(TextCondition)
    /// An array: each element matched by its own occurrence, in any order, none left over.
    case each([ParameterExpectation])
    /// `{"$includes": [...]}`: each element matched by its own occurrence, in any order, others allowed.
    case includes([ParameterExpectation])
    /// A multipart file part: `{"filename": …, "contentType": …}` (either may be left out).
    case filePart(filename: ParameterExpectation?, contentType: ParameterExpectation?)
    /// A nested object or array, which a query parameter or form field cannot carry.
    case unusable(JSONValue)
    /// `{"$not": …}`: given, and no occurrence satisfying what it holds.
    case not(ParameterExpectation)
    /// `{"$anyOf": [...]}`: satisfying one of the alternatives.
    case anyOf([ParameterExpectation])

    /// Whether the occurrences `values` of one name satisfy the expectation.
    func isSatisfied(by values: [String]) -> Bool {
        switch self {
        case .present: !values.isEmpty
        case .absent: values.isEmpty
        case .each(let elements): Self.isPermutation(values, of: elements)
        case .includes(let elements):
            DistinctAssignment.firstUnassigned(expected: elements.count, actual: values.count) { elements[$0].accepts(values[$1]) } == nil
        case .filePart, .unusable: false
        case .equals, .condition: values.contains { accepts($0) }
        case .not(let inner): !values.isEmpty && !inner.isSatisfied(by: values)
        case .anyOf(let alternatives): alternatives.contains { $0.isSatisfied(by: values) }
        }
    }

    /// Whether a name given at most once (a header, a path parameter) satisfies the expectation;
    /// the same as ``isSatisfied(by:)`` with zero or one value, without building an array.
    func isSatisfied(bySingle value: (some StringProtocol)?) -> Bool {
        switch self {
        case .present: value != nil
        case .absent: value == nil
        case .equals, .condition: value.map { accepts($0) } ?? false
        case .each, .includes: isSatisfied(by: value.map { [String($0)] } ?? [])
        case .filePart, .unusable: false
        case .not(let inner): value != nil && !inner.isSatisfied(bySingle: value)
        case .anyOf(let alternatives): alternatives.contains { $0.isSatisfied(bySingle: value) }
        }
    }

    /// Whether one value satisfies a single-value expectation.
    func accepts(_ value: some StringProtocol) -> Bool {
        switch self {
        case .equals(let expected): Self.text(value, equals: expected)
        case .condition(let condition): condition.matches(value)
        case .present: true
        case .absent, .each, .includes, .filePart, .unusable: false
        case .not(let inner): !inner.accepts(value)
        case .anyOf(let alternatives): alternatives.contains { $0.accepts(value) }
        }
    }

    /// Whether a decoded value equals a scalar fixture value "as text".
    static func text(_ value: some StringProtocol, equals expected: JSONValue) -> Bool {
        switch expected {
        case .string(let text): value == text
        case .number(let number): value == number.literal || JSONNumber(parsing: value) == number
        case .bool(let flag): value == (flag ? "true" : "false")
        case .null: true
        case .array, .object: false
        }
    }

    /// Each expected element is matched by its own given value, and no value is left over.
    private static func isPermutation(_ values: [String], of expected: [ParameterExpectation]) -> Bool {
        guard values.count == expected.count else { return false }
        var unused = values
        for element in expected {
            guard let index = unused.firstIndex(where: { element.accepts($0) }) else { return false }
            unused.remove(at: index)
        }
        return true
    }

    /// How the expected value reads inside "(expected …)": `"2"`, `a value matching ^A$`, `any value`.
    var expectedText: String {
        switch self {
        case .equals(let value): EntryMatcher.quoted(Self.plainText(value))
        case .present: "any value"
        case .absent: "no value"
        case .condition(let condition): condition.expectedValue
        case .each(let elements): elements.map(\.expectedText).joined(separator: ", ")
        case .includes(let elements): "values including " + elements.map(\.expectedText).joined(separator: ", ")
        case .filePart: "a file part"
        case .unusable(let value): JSONValue.excerpt(value)
        case .not(let inner): "anything but \(inner.expectedText)"
        case .anyOf(let alternatives): "one of " + alternatives.map(\.expectedText).joined(separator: ", ")
        }
    }

    /// A scalar as it reads in a query string: `2.50`, `true`, `luke`.
    static func plainText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number.literal
        case .bool(let flag): flag ? "true" : "false"
        default: value.compactText
        }
    }
}

/// A name and what its value must be: one member of `query`, `pathParameters`, or of `request`
/// when it is compared with query parameters, form fields or multipart parts.
struct NamedParameter: Sendable {
    let name: String
    let expectation: ParameterExpectation
}

extension ParameterExpectation {
    /// The same expectation read as a named value (`request` compared with query parameters,
    /// form fields or multipart parts): scalars compare as text, arrays by occurrence, objects
    /// with `filename`/`contentType` describe a file part, other nesting can never match.
    init(_ json: JSONExpectation) {
        switch json {
        case .present: self = .present
        case .absent: self = .absent
        case .condition(let condition): self = .condition(condition)
        case .value(let value): self = Self(plain: value)
        case .array(let elements, let source):
            let derived = elements.map(Self.init)
            self = derived.contains { $0.isNested } ? .unusable(source) : .each(derived)
        case .includes(let elements, let source):
            let derived = elements.map(Self.init)
            self = derived.contains { $0.isNested } ? .unusable(source) : .includes(derived)
        case .unordered(let elements, let source):
            // Occurrences of a parameter are compared in any order already.
            let derived = elements.map(Self.init)
            self = derived.contains { $0.isNested } ? .unusable(source) : .each(derived)
        case .not(let inner, let source):
            // Occurrences (`{"$not": ["1", "2"]}`) are fine; objects a parameter cannot carry are not.
            let derived = Self(inner)
            self = derived.isObject ? .unusable(source) : .not(derived)
        case .anyOf(let alternatives, let source):
            let derived = alternatives.map(Self.init)
            self = derived.contains { $0.isObject } ? .unusable(source) : .anyOf(derived)
        case .object(let members, _, let source):
            let filename = members.last { $0.key == "filename" }.map { Self($0.expectation) }
            let contentType = members.last { $0.key == "contentType" }.map { Self($0.expectation) }
            self = filename == nil && contentType == nil ? .unusable(source) : .filePart(filename: filename, contentType: contentType)
        }
    }

    private init(plain value: JSONValue) {
        switch value {
        case .null: self = .present
        case .string, .number, .bool: self = .equals(value)
        case .array(let elements):
            let derived = elements.map { Self(plain: $0.value) }
            self = derived.contains { $0.isNested } ? .unusable(value) : .each(derived)
        case .object(let members):
            let filename = members.last { $0.key == "filename" }.map { Self(plain: $0.value.value) }
            let contentType = members.last { $0.key == "contentType" }.map { Self(plain: $0.value.value) }
            self = filename == nil && contentType == nil ? .unusable(value) : .filePart(filename: filename, contentType: contentType)
        }
    }

    /// Objects (and nesting), which no occurrence of a parameter can be.
    private var isObject: Bool {
        switch self {
        case .filePart, .unusable: true
        default: false
        }
    }

    /// Arrays and objects, which an array element of a query parameter cannot be.
    private var isNested: Bool {
        switch self {
        case .each, .includes, .filePart, .unusable: true
        default: false
        }
    }
}

extension ParameterExpectation {
    /// How a mismatch ends: `… is "3", expected "2"`, `expected to match ^A$`, `expected it to be absent`.
    var expectedPhrase: String {
        switch self {
        case .condition(let condition): condition.expectation
        case .absent: "it to be absent"
        default: expectedText
        }
    }
}
