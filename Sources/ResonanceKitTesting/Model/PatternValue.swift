import Foundation

/// A value a request pattern or fixture entry expects, with the fixture format's rules: text,
/// numbers and booleans compare as text with query parameters and form fields, an array means
/// "once for each of these, in any order", ``any`` means "present, any value", and the matchers
/// ``regex(_:)``, ``contains(_:)``, ``absent``, ``includes(_:)``, ``not(_:)`` and ``anyOf(_:)``
/// stand for `{"$regex": …}`, `{"$contains": …}`, `{"$absent": true}`, `{"$includes": […]}`,
/// `{"$not": …}` and `{"$anyOf": […]}`.
///
/// ```swift
/// let pattern = RequestPattern.get("/api/1.0/people/", query: ["page": 2, "ids": ["1", "2"], "token": .any])
/// let orders = RequestPattern.get("/api/orders", query: ["sku": .regex("^A[0-9]+$"), "debug": .absent])
/// let fresh = RequestPattern.get("/api/me", headers: ["Authorization": .not("Bearer expired")])
/// let sorted = RequestPattern.get("/api/people", query: ["sort": .anyOf(["asc", "desc"])])
/// ```
///
/// It is `Encodable`, so matchers also work inside a JSON body:
/// `.post("/api/orders", body: ["sku": .regex("^A"), "quantity": 2] as [String: PatternValue])`,
/// or `.post("/api/carts", body: ["items": .includes(["A1", "B2"])] as [String: PatternValue], requestMatch: .partial)`.
public indirect enum PatternValue: Sendable, Hashable, Encodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    case string(String)
    /// A whole number, exactly: a 64-bit id (`1234567890123456789`) stays that id. (As a
    /// `Double` it was rounded to 53 bits, so a pattern could pass for another id, or fail for
    /// the right one.)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    /// Present with any value (`{"$any": true}`).
    case any
    case array([PatternValue])
    /// Text that contains a match of this regular expression (unanchored: use `^…$` for the
    /// whole value), `{"$regex": …}`.
    case regex(String)
    /// Text that contains this, `{"$contains": …}`.
    case contains(String)
    /// Not present at all, `{"$absent": true}`.
    case absent
    /// An array holding an element of its own for each of these, in any order, other elements
    /// allowed (`{"$includes": […]}`); as a query parameter, occurrences holding these values.
    case includes([PatternValue])
    /// An array of exactly these elements in any order (`{"$unordered": […]}`, WireMock's
    /// `ignoreArrayOrder`): `.unordered([2, 1])` matches `[1, 2]`.
    case unordered([PatternValue])
    /// Present, and not matching this (`{"$not": …}`): `.not("Bearer expired")`,
    /// `.not(.regex("^test-"))`. For "not present", use ``absent``.
    case not(PatternValue)
    /// Matching one of these (`{"$anyOf": […]}`, two or more); ``absent`` among them also
    /// accepts a missing value: `.anyOf([.absent, "v2"])`.
    case anyOf([PatternValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: PatternValue...) { self = .array(elements) }

    /// The value as the fixture format writes it.
    var jsonObject: Any {
        switch self {
        case .string(let text): text
        case .integer(let integer): integer
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? Int(number) as Any : number as Any
        case .bool(let flag): flag
        case .any: ["$any": true]
        case .array(let elements): elements.map(\.jsonObject)
        case .regex(let pattern): ["$regex": pattern]
        case .contains(let text): ["$contains": text]
        case .absent: ["$absent": true]
        case .includes(let elements): ["$includes": elements.map(\.jsonObject)]
        case .unordered(let elements): ["$unordered": elements.map(\.jsonObject)]
        case .not(let inner): ["$not": inner.jsonObject]
        case .anyOf(let alternatives): ["$anyOf": alternatives.map(\.jsonObject)]
        }
    }

    /// A header value: scalars as their text, matchers as matcher objects.
    var headerJSONObject: Any {
        switch self {
        case .integer, .number, .bool: description
        default: jsonObject
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let integer): try container.encode(integer)
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { try container.encode(Int(number)) } else { try container.encode(number) }
        case .bool(let flag): try container.encode(flag)
        case .array(let elements): try container.encode(elements)
        case .any: try container.encode(["$any": true])
        case .absent: try container.encode(["$absent": true])
        case .regex(let pattern): try container.encode(["$regex": pattern])
        case .contains(let text): try container.encode(["$contains": text])
        case .includes(let elements): try container.encode(["$includes": elements])
        case .unordered(let elements): try container.encode(["$unordered": elements])
        case .not(let inner): try container.encode(["$not": inner])
        case .anyOf(let alternatives): try container.encode(["$anyOf": alternatives])
        }
    }
}

extension PatternValue: CustomStringConvertible {
    /// `2`, `luke`, `[1, 2]`, `(any)`, `(matching ^A$)`, `(containing Rey)`, `(absent)`,
    /// `(including 1, 2)`: for failure messages.
    public var description: String {
        switch self {
        case .string(let text): text
        case .integer(let integer): String(integer)
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): String(flag)
        case .any: "(any)"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .regex(let pattern): "(matching \(pattern))"
        case .contains(let text): "(containing \(text))"
        case .absent: "(absent)"
        case .includes(let elements): "(including " + elements.map(\.description).joined(separator: ", ") + ")"
        case .unordered(let elements): "(in any order " + elements.map(\.description).joined(separator: ", ") + ")"
        case .not(let inner): "(anything but \(inner))"
        case .anyOf(let alternatives): "(one of " + alternatives.map(\.description).joined(separator: ", ") + ")"
        }
    }
}

/// How a JSON body compares with the expected one: as a whole (the default), or with keys the
/// expectation does not name allowed, at every level (`"requestMatch": "partial"`).
public enum RequestMatchMode: String, Sendable, Equatable {
    case exact
    case partial
}

/// Whether a request may send query parameters that `query` does not name: yes by default
/// (``partial``), or none at all with ``exact`` (`"queryMatch": "exact"`, as WireMock's `url` and
/// Hoverfly's query matcher compare).
///
/// ```swift
/// try await mock.verify(.get("/api/search", query: ["q": "luke"], queryMatch: .exact))   // not ?q=luke&debug=1
/// ```
public enum QueryMatchMode: String, Sendable, Equatable {
    /// Parameters other than the named ones may be sent too.
    case partial
    /// Only the named parameters may be sent.
    case exact
}
