/// One step of a JSONPath query: `.name`, `[0]`, `['a', 'b']`, `[?@.qty > 1]`, or the same after
/// `..`, which applies the selectors to a value and to everything nested in it (RFC 9535 §2.5).
struct JSONPathSegment: Sendable {
    let selectors: [JSONPathSelector]
    /// `..`: the selectors apply to the value and to each value nested in it, depth first.
    let isDescendant: Bool

    /// Whether the step selects at most one value: one name or one index, without `..`.
    var isSingular: Bool {
        guard !isDescendant, selectors.count == 1 else { return false }
        switch selectors[0] {
        case .name, .index: return true
        case .wildcard, .slice, .filter: return false
        }
    }
}

/// What one selector of a segment picks from a value (RFC 9535 §2.3).
enum JSONPathSelector: Sendable {
    /// An object member by name (`.name`, `['name']`); the last of repeated keys, as parsing keeps.
    case name(String)
    /// Every array element or object member value (`*`).
    case wildcard
    /// An array element; negative counts from the end (`[-1]` is the last).
    case index(Int)
    /// Array elements from `start` up to (not including) `end`, every `step`th (`[1:3]`, `[::-1]`).
    case slice(start: Int?, end: Int?, step: Int?)
    /// The array elements or member values for which the expression holds (`[?@.qty > 1]`).
    case filter(JSONPathFilter)
}
