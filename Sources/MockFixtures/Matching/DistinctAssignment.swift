/// Gives each expected element its own actual element (`$includes`: every element a pattern
/// lists is found, each in a different element, in any order): a maximum bipartite matching by
/// augmenting paths (Kuhn), so overlapping matchers (`{"$regex": "^a"}` and `"ab"` against
/// `["ab", "ac"]`) are assigned correctly where a greedy first fit would fail. Lists are short,
/// so its O(expected × edges) cost does not matter.
enum DistinctAssignment {
    /// The first expected index left without an element of its own in a maximum matching, or
    /// `nil` when every expected element has one. `accepts(e, a)` says whether actual element
    /// `a` satisfies expected element `e`.
    static func firstUnassigned(expected: Int, actual: Int, accepts: (Int, Int) -> Bool) -> Int? {
        guard expected <= actual else {
            // Not enough elements: name the first expected one a maximum matching leaves out.
            return firstLeftOut(expected: expected, actual: actual, accepts: accepts) ?? expected - 1
        }
        return firstLeftOut(expected: expected, actual: actual, accepts: accepts)
    }

    private static func firstLeftOut(expected: Int, actual: Int, accepts: (Int, Int) -> Bool) -> Int? {
        var owner = [Int?](repeating: nil, count: actual)
        var leftOut: Int?
        for element in 0..<expected {
            var visited = [Bool](repeating: false, count: actual)
            if !augment(element, &owner, &visited, accepts) {
                leftOut = leftOut ?? element
            }
        }
        return leftOut
    }

    /// Tries to give `element` an actual element, moving earlier owners to others.
    private static func augment(_ element: Int, _ owner: inout [Int?], _ visited: inout [Bool], _ accepts: (Int, Int) -> Bool) -> Bool {
        for candidate in owner.indices where !visited[candidate] && accepts(element, candidate) {
            visited[candidate] = true
            if let current = owner[candidate] {
                guard augment(current, &owner, &visited, accepts) else { continue }
            }
            owner[candidate] = element
            return true
        }
        return false
    }
}
