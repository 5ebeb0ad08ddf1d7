import MockFixtures

/// Priorities that keep another tool's choice among stubs one request could reach two of,
/// where ours would prefer the more specific file or the constrained entry: Hoverfly's
/// strongest match, MockServer's priority then creation order, Mockoon's first route. Stubs that could meet (the same
/// literal path, or paths `ImportedPath.mayOverlap` says meet, with methods that meet) are
/// ordered by the tool's rule; the first keeps the default priority (5) and each later one gets
/// one more, so runtime fixtures and a root's own entries still go first. Literal paths are
/// bucketed by text, so only pattern paths are compared with every stub.
enum ImportRanking {
    struct Candidate {
        let method: String
        let segments: [ImportedPath.Segment]
    }

    /// The priority each candidate (by index) needs, for those that need one; `precedes(a, b)`
    /// says whether the tool chooses candidate `a` before `b`.
    static func priorities(_ candidates: [Candidate], precedes: (Int, Int) -> Bool) -> [Int: Int] {
        var overlapping: Set<Int> = []
        var byLiteralPath: [String: [Int]] = [:]
        var patterned: [Int] = []
        for (index, candidate) in candidates.enumerated() {
            if candidate.segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
                byLiteralPath[candidate.segments.map(\.fileName).joined(separator: "/"), default: []].append(index)
            } else {
                patterned.append(index)
            }
        }
        func methodsMeet(_ a: Int, _ b: Int) -> Bool {
            candidates[a].method == candidates[b].method || candidates[a].method == "ANY" || candidates[b].method == "ANY"
        }
        for indexes in byLiteralPath.values where indexes.count > 1 {
            for (offset, first) in indexes.enumerated() {
                for second in indexes.dropFirst(offset + 1) where methodsMeet(first, second) {
                    overlapping.insert(first)
                    overlapping.insert(second)
                }
            }
        }
        for first in patterned {
            for second in candidates.indices where second != first && methodsMeet(first, second) {
                if ImportedPath.mayOverlap(candidates[first].segments[...], candidates[second].segments[...]) {
                    overlapping.insert(first)
                    overlapping.insert(second)
                }
            }
        }
        var priorities: [Int: Int] = [:]
        for (rank, index) in overlapping.sorted(by: precedes).enumerated() where rank > 0 {
            priorities[index] = min(5 + rank, 1_000_000)
        }
        return priorities
    }

    /// `entry` with `"priority"` as its second key.
    static func prioritized(_ entry: JSONValue, _ priority: Int) -> JSONValue {
        guard case .object(var members) = entry else { return entry }
        members.removeAll { $0.key == "priority" }
        members.insert(JSONMember(key: "priority", value: JSONNode(.number(JSONNumber(priority)))), at: min(1, members.count))
        return .object(members)
    }
}
