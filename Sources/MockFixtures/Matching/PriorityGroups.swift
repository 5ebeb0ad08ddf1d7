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
        return PriorityGroups(groups: levels(priorities).map { byPriority[$0]! })
    }

    /// The priority numbers used, lowest first, once each: one per group when there are groups.
    static func levels(_ priorities: [Int]) -> [Int] {
        Set(priorities).sorted()
    }
}

/// A fixture file or a runtime fixture: entries ranked by `priority`, which one priority orders
/// across all the fixtures serving a path (WireMock orders all its stubs so).
protocol PrioritizedFixture {
    /// In file (or posted) order.
    var entries: [FixtureEntry] { get }
    /// The order to try them in when their `priority` numbers differ.
    var priorityGroups: PriorityGroups? { get }
    /// The priority numbers its entries use, lowest first; one per group of ``priorityGroups``.
    var priorityLevels: [Int] { get }
}

extension PrioritizedFixture {
    /// The entries ranked `priority`, in file order; `nil` when none is.
    func entries(atPriority priority: Int) -> [FixtureEntry]? {
        guard let index = priorityLevels.firstIndex(of: priority) else { return nil }
        return priorityGroups?.groups[index] ?? entries
    }
}
