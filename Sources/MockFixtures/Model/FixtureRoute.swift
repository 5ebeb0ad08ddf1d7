/// What a lookup key (a decoded path without its outer slashes) is served by.
enum FixtureRoute: Sendable {
    case fixture(FixtureFile)
    case broken(file: String, preparedID: Int)
    case staticFile(file: String, preparedID: Int)
}

/// A fixture file that loaded without errors.
struct FixtureFile: Sendable {
    /// Relative to the root, "/"-separated.
    let relativePath: String
    let entries: [FixtureEntry]
}
