/// A fixture file that loaded without errors.
struct FixtureFile: Sendable, PrioritizedFixture {
    /// Relative to the root, "/"-separated.
    let relativePath: String
    /// In file order.
    let entries: [FixtureEntry]
    /// The order to try them in when their `priority` numbers differ.
    let priorityGroups: PriorityGroups?
    let priorityLevels: [Int]

    init(relativePath: String, entries: [FixtureEntry], priorities: [Int]) {
        self.relativePath = relativePath
        self.entries = entries
        priorityGroups = PriorityGroups.make(entries, priorities: priorities)
        priorityLevels = PriorityGroups.levels(priorities)
    }
}
