/// A fixture file that loaded without errors.
struct FixtureFile: Sendable {
    /// Relative to the root, "/"-separated.
    let relativePath: String
    let entries: [FixtureEntry]
}
