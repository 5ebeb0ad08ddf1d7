import Foundation

/// A value a request pattern or fixture entry expects, with the fixture format's rules: text,
/// numbers and booleans compare as text with query parameters and form fields, an array means
/// "once for each of these, in any order", and ``any`` means "present, any value".
///
/// ```swift
/// let pattern = RequestPattern.get("/api/1.0/people/", query: ["page": 2, "ids": ["1", "2"], "token": .any])
/// ```
public enum PatternValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// Present with any value (`null` in the fixture format).
    case any
    case array([PatternValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: PatternValue...) { self = .array(elements) }

    /// The value as the fixture format writes it.
    var jsonObject: Any {
        switch self {
        case .string(let text): text
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? Int(number) as Any : number as Any
        case .bool(let flag): flag
        case .any: NSNull()
        case .array(let elements): elements.map(\.jsonObject)
        }
    }
}
