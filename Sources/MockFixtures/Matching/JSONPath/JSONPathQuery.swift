/// A JSONPath query (RFC 9535) into a JSON request body, compiled at load from a
/// `requestJsonPath` key: names, indexes, slices, wildcards, `..`, filters with comparisons,
/// `&&`, `||`, `!` and the functions `length`, `count`, `match`, `search` and `value`, plus what
/// Jayway's JsonPath (WireMock's) adds (see ``JSONPathParser``).
///
/// ```swift
/// let query = try JSONPathQuery("$.items[?@.qty > 1].sku")
/// let skus = query.select(from: body)     // the skus of the items ordered more than once
/// ```
package struct JSONPathQuery: Sendable {
    let segments: [JSONPathSegment]
    /// Jayway's `.length()` (or `.size()`) at the end: the length of each value selected.
    let endsWithLength: Bool
    /// `@…` inside a filter: starts at the value the filter looks at, not at the root.
    let isRelative: Bool
    /// As written, for messages.
    package let source: String

    /// Parses `source`, which must start at `$`.
    package init(_ source: String) throws(JSONPathSyntaxError) {
        var parser = JSONPathParser(source)
        self = try parser.parseWholeQuery()
    }

    init(segments: [JSONPathSegment], endsWithLength: Bool, isRelative: Bool, source: String) {
        self.segments = segments
        self.endsWithLength = endsWithLength
        self.isRelative = isRelative
        self.source = source
    }

    /// Whether a filter of the query searches the body again for each element it looks at
    /// (`..` or `$` inside `[?…]`), which makes it quadratic.
    var searchesInsideFilters: Bool {
        segments.contains { segment in
            segment.selectors.contains { selector in
                guard case .filter(let filter) = selector else { return false }
                return filter.searches
            }
        }
    }

    /// Whether the query selects at most one value (RFC 9535's singular query: names and indexes
    /// only; or any query ending in Jayway's `.length()`), so that it stands for that value rather
    /// than for a list of them.
    package var isSingular: Bool {
        endsWithLength || segments.allSatisfy(\.isSingular)
    }
}
