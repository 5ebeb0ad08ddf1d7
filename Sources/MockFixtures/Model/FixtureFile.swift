/// A fixture file that loaded without errors.
struct FixtureFile: Sendable, PrioritizedFixture {
    /// Relative to the root, "/"-separated.
    let relativePath: String
    /// In file order.
    let entries: [FixtureEntry]
    /// The order to try them in when their `priority` numbers differ.
    let priorityGroups: PriorityGroups?
    let uniformPriority: Int
    /// No less specific file ranks an entry before this file's entries: when one of them
    /// matches, it answers without the others being looked for (``FallbackPriorityFloor``).
    let outranksFallbacks: Bool

    init(relativePath: String, entries: [FixtureEntry], priorities: [Int], outranksFallbacks: Bool = true) {
        self.relativePath = relativePath
        self.entries = entries
        priorityGroups = PriorityGroups.make(entries, priorities: priorities)
        uniformPriority = priorities.first ?? EntryPriority.defaultValue
        self.outranksFallbacks = outranksFallbacks
    }
}
