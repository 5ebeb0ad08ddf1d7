/// An immutable index of a fixture folder that answers requests; safe to share across threads.
///
/// Load it once at start; every `.json` file is parsed and validated then, so answering is a
/// dictionary lookup plus, for constrained entries, a comparison.
///
/// ```swift
/// let store = try FixtureStore.load(root: "Mocks")
/// print(FixtureProblem.report(store.problems, root: store.rootPath))
/// let response = store.respond(method: "GET", target: "/api/1.0/people/?page=2", headers: NoHeaders(), body: [])
/// print(response.status, String(decoding: response.body, as: UTF8.self))
/// ```
public final class FixtureStore: Sendable {
    /// Absolute, symlinks resolved.
    public let rootPath: String
    /// Errors and warnings, sorted by file then position.
    public let problems: [FixtureProblem]
    /// `.json` fixture files that loaded without error and are served.
    public let fixtureFileCount: Int
    /// Entries in those files.
    public let entryCount: Int
    public let staticFileCount: Int
    /// Every fixed response the store can answer with; `preparedResponses[i].id == i`.
    public let preparedResponses: [PreparedResponse]

    let routes: [Substring: FixtureRoute]
    let healthPreparedID: Int
    let pathIndex: ServedPathIndex

    init(rootPath: String, problems: [FixtureProblem], fixtureFileCount: Int, entryCount: Int, staticFileCount: Int,
         preparedResponses: [PreparedResponse], routes: [Substring: FixtureRoute], healthPreparedID: Int, pathIndex: ServedPathIndex) {
        self.rootPath = rootPath
        self.problems = problems
        self.fixtureFileCount = fixtureFileCount
        self.entryCount = entryCount
        self.staticFileCount = staticFileCount
        self.preparedResponses = preparedResponses
        self.routes = routes
        self.healthPreparedID = healthPreparedID
        self.pathIndex = pathIndex
    }

    /// Whether any file has an error (and answers 500).
    public var hasErrors: Bool { problems.contains { $0.severity == .error } }

    /// Every served request path, sorted: `/api/1.0/people`, `/images/luke.png`, …
    public var servedPaths: [String] { pathIndex.allPaths }
}
