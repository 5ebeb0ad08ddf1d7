/// The entries of one fixture in the order `priority` has them tried: a group per priority
/// number, lowest first, each in file order. Built only for fixtures whose entries use more
/// than one priority, so selecting from every other fixture stays one pass over its entries.
struct PriorityGroups: Sendable {
    let groups: [[FixtureEntry]]

    /// `nil` when every entry has the same priority: file order already is the order to try.
    static func make(_ entries: [FixtureEntry], priorities: [Int]) -> PriorityGroups? {
        precondition(entries.count == priorities.count, "one priority per entry")
        guard let first = priorities.first, priorities.contains(where: { $0 != first }) else { return nil }
        var byPriority: [Int: [FixtureEntry]] = [:]
        for (entry, priority) in zip(entries, priorities) {
            byPriority[priority, default: []].append(entry)
        }
        return PriorityGroups(groups: byPriority.keys.sorted().map { byPriority[$0]! })
    }
}
