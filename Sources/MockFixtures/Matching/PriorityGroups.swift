/// The entries of one fixture in the order `priority` has them tried: a group per priority
/// number, lowest first, each in file order. Built only for fixtures whose entries use more
/// than one priority, so selecting from every other fixture stays one pass over its entries.
struct PriorityGroups: Sendable {
    let groups: [[FixtureEntry]]
    /// The priority of each group, lowest first.
    let priorities: [Int]

    /// `nil` when every entry has the same priority: file order already is the order to try.
    static func make(_ entries: [FixtureEntry], priorities: [Int]) -> PriorityGroups? {
        precondition(entries.count == priorities.count, "one priority per entry")
        guard let first = priorities.first, priorities.contains(where: { $0 != first }) else { return nil }
        var byPriority: [Int: [FixtureEntry]] = [:]
        for (entry, priority) in zip(entries, priorities) {
            byPriority[priority, default: []].append(entry)
        }
        let levels = levels(priorities)
        return PriorityGroups(groups: levels.map { byPriority[$0]! }, priorities: levels)
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
    /// The one priority of all its entries, when ``priorityGroups`` is nil.
    var uniformPriority: Int { get }
}

extension PrioritizedFixture {
    /// The priority numbers its entries use, lowest first; one per group of ``priorityGroups``.
    /// (Kept apart as one `Int` for a file of one priority, the usual one: a file is copied out
    /// of its route on every request, and an array more was a retain and a release more.)
    var priorityLevels: [Int] {
        if let priorityGroups { return priorityGroups.priorities }
        return entries.isEmpty ? [] : [uniformPriority]
    }

    /// The entries ranked `priority`, in file order; `nil` when none is.
    func entries(atPriority priority: Int) -> [FixtureEntry]? {
        guard let priorityGroups else { return !entries.isEmpty && priority == uniformPriority ? entries : nil }
        guard let index = priorityGroups.priorities.firstIndex(of: priority) else { return nil }
        return priorityGroups.groups[index]
    }
}
