import MockFixtures

/// What a successful reload installed, as reported by `POST /__admin/reload` and the log.
///
/// ```swift
/// let summary = try server.reload()
/// print("reloaded: \(summary)")   // reloaded: 3 fixture files, 7 entries, 1 static file, 0 problems
/// summary.problems.forEach { print($0) }
/// ```
public struct ReloadSummary: Sendable, Equatable, CustomStringConvertible {
    /// `.json` fixture files that loaded without error.
    public let fixtureFileCount: Int
    /// Entries in those files.
    public let entryCount: Int
    public let staticFileCount: Int
    /// Errors and warnings of the new load; files with errors answer 500 until fixed.
    public let problems: [FixtureProblem]
    /// Resources the fixture files declare.
    public let declaredResourceCount: Int
    /// What the reload could not set up: a declared resource whose path a resource posted by a
    /// test holds.
    public let warnings: [String]

    init(_ store: FixtureStore, warnings: [String] = []) {
        fixtureFileCount = store.fixtureFileCount
        entryCount = store.entryCount
        staticFileCount = store.staticFileCount
        problems = store.problems
        declaredResourceCount = store.declaredResourceCount
        self.warnings = warnings
    }

    /// `3 fixture files, 7 entries, 1 static file, 0 problems`, the same wording as at start.
    public var description: String {
        FixtureCounts(fixtureFiles: fixtureFileCount, entries: entryCount, staticFiles: staticFileCount, problems: problems.count,
                      declaredResources: declaredResourceCount).description
    }
}
