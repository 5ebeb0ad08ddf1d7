/// Gives each expected element its own actual element (`$includes`: every element a pattern
/// lists is found, each in a different element, in any order): a maximum bipartite matching by
/// augmenting paths (Kuhn), so overlapping matchers (`{"$regex": "^a"}` and `"ab"` against
/// `["ab", "ac"]`) are assigned correctly where a greedy first fit would fail.
///
/// Each pair is compared once, up front (`expected × actual` calls of `accepts`); the search then
/// walks those lists only. An app's large array (10,000 elements against a pattern of 10) costs
/// 100,000 comparisons, not the millions a search comparing as it goes would make.
enum DistinctAssignment {
    /// The first expected index left without an element of its own in a maximum matching, or
    /// `nil` when every expected element has one. `accepts(e, a)` says whether actual element
    /// `a` satisfies expected element `e`.
    static func firstUnassigned(expected: Int, actual: Int, accepts: (Int, Int) -> Bool) -> Int? {
        var candidates: [[Int]] = []
        candidates.reserveCapacity(expected)
        for element in 0..<expected {
            let fitting = (0..<actual).filter { accepts(element, $0) }
            // An element nothing fits is left out whatever the others do.
            if fitting.isEmpty { return element }
            candidates.append(fitting)
        }
        // With fewer actual elements than expected, the search leaves one out by itself.
        return firstLeftOut(candidates, actual: actual)
    }

    private static func firstLeftOut(_ candidates: [[Int]], actual: Int) -> Int? {
        var owner = [Int?](repeating: nil, count: actual)
        // A first fit settles most elements at once (all of them when the elements are alike,
        // where the search alone would take cubic time); the search only moves owners for the rest.
        var unsettled: [Int] = []
        for element in candidates.indices {
            if let free = candidates[element].first(where: { owner[$0] == nil }) {
                owner[free] = element
            } else {
                unsettled.append(element)
            }
        }
        for element in unsettled {
            var visited = [Bool](repeating: false, count: actual)
            if !augment(element, candidates, &owner, &visited) { return element }
        }
        return nil
    }

    /// Tries to give `element` an actual element, moving earlier owners to others.
    private static func augment(_ element: Int, _ candidates: [[Int]], _ owner: inout [Int?], _ visited: inout [Bool]) -> Bool {
        for candidate in candidates[element] where !visited[candidate] {
            visited[candidate] = true
            if let current = owner[candidate] {
                guard augment(current, candidates, &owner, &visited) else { continue }
            }
            owner[candidate] = element
            return true
        }
        return false
    }
}
