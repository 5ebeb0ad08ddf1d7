/// A fixture file that loaded without errors.
struct FixtureFile: Sendable {
    /// Relative to the root, "/"-separated.
    let relativePath: String
    /// In file order.
    let entries: [FixtureEntry]
    /// The order to try them in when their `priority` numbers differ.
    let priorityGroups: PriorityGroups?
}
