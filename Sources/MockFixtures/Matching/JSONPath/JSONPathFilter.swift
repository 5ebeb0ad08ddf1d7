/// The expression of a filter selector (`[?@.price < 10 && @.tags]`), RFC 9535 §2.3.5, with the
/// Jayway operators WireMock users write (`=~ /re/i`, `in`, `nin`, `size`, `empty`, …).
indirect enum JSONPathFilter: Sendable {
    case or([JSONPathFilter])
    case and([JSONPathFilter])
    case not(JSONPathFilter)
    /// A query used as a test: true when it selects anything (`[?@.isbn]`).
    case exists(JSONPathQuery)
    /// `match(…)` or `search(…)`, whose result is true or false.
    case test(JSONPathFunctionCall)
    case compare(JSONPathOperand, JSONPathComparison, JSONPathOperand)
}

/// One side of a comparison: a literal, a query selecting at most one value, or a function
/// returning a value. Evaluates to `nil` (RFC 9535's "Nothing") when the query selects nothing.
indirect enum JSONPathOperand: Sendable {
    case literal(JSONValue)
    /// `@…` (relative to the value being filtered) or `$…` (from the body's root).
    case query(JSONPathQuery)
    case function(JSONPathFunctionCall)
}

/// The comparison operators: RFC 9535's six, and Jayway's (JsonPath for Java, which WireMock
/// uses), so that WireMock's `matchesJsonPath` filters keep working as written.
enum JSONPathComparison: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    /// Jayway's `=~ /pattern/flags`: the whole text matches (the pattern is compiled at load).
    case matches(CompiledRegex)
    /// Jayway's `in` and `nin`: the left value is (is not) one of the right array's elements.
    case isIn, isNotIn
    /// Jayway's `subsetof`, `anyof`, `noneof`: array against array.
    case subsetOf, anyOf, noneOf
    /// Jayway's `size`: the left array's element count (or a string's length) is the right number.
    case size
    /// Jayway's `empty`: the left array or string is empty (`true`) or not (`false`).
    case empty
}

/// A function extension call (RFC 9535 §2.4): `length(@.name)`, `count(@.*)`, `match(@.id,
/// 'A.*')`, `search(@.id, 'A')`, `value(@..x)`.
struct JSONPathFunctionCall: Sendable {
    enum Function: String, Sendable, CaseIterable {
        case length, count, match, search, value

        /// Whether the function returns true or false (a test) rather than a value.
        var isLogical: Bool { self == .match || self == .search }
    }

    /// What an argument may be: a literal, a query or a function, as a comparison's side (the
    /// parser checks which of them each function takes).
    typealias Argument = JSONPathOperand

    let function: Function
    let arguments: [Argument]
    /// `match`/`search` with a literal pattern: compiled once, at load.
    let compiledPattern: CompiledRegex?
}

extension JSONPathFilter {
    /// Whether the expression holds a query from the root or one with `..`, at any depth.
    var searches: Bool {
        switch self {
        case .or(let terms), .and(let terms): terms.contains(where: \.searches)
        case .not(let inner): inner.searches
        case .exists(let query): query.searchesTheBody
        case .test(let call): call.searches
        case .compare(let left, _, let right): left.searches || right.searches
        }
    }
}

extension JSONPathOperand {
    var searches: Bool {
        switch self {
        case .literal: false
        case .query(let query): query.searchesTheBody
        case .function(let call): call.searches
        }
    }
}

extension JSONPathFunctionCall {
    var searches: Bool {
        arguments.contains(where: \.searches)
    }
}

extension JSONPathQuery {
    /// From the root, or with `..`, or with a filter that is: work that does not shrink with the
    /// value a filter looks at.
    var searchesTheBody: Bool {
        !isRelative || segments.contains { $0.isDescendant } || searchesInsideFilters
    }
}
