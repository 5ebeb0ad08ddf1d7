/// The fixture files of one folder, loaded and checked, ready to be served by a ``MockEngine``.
///
/// Load it once at start (and again on reload); every `.json` file is parsed and validated then,
/// so answering is a dictionary lookup plus, for constrained entries, a comparison. Immutable
/// except the answer counts of its entries (for `times` and the unused-entries report).
///
/// ```swift
/// let store = try FixtureStore.load(root: "Mocks")
/// print(store.counts)          // 12 fixture files, 25 entries, 3 static files, 0 problems
/// print(store.problemReport)   // every problem as file:line:col: severity: message. hint
/// let engine = MockEngine(store: store)
/// ```
public final class FixtureStore: Sendable {
    /// Absolute, symlinks resolved.
    public let rootPath: String
    /// The limits it was loaded with; a reload uses them again.
    public let loadOptions: FixtureLoadOptions
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
    /// One per entry: the only mutable state, lock-free, reset by `POST /__admin/reset`.
    let usages: [EntryUsage]
    /// Entries with `times`, whose answers are counted.
    public let countedEntryCount: Int
    /// Every scenario step of every entry, for listing scenarios and checking runtime fixtures.
    let scenarioSteps: [ScenarioStep]

    init(rootPath: String, loadOptions: FixtureLoadOptions, problems: [FixtureProblem], fixtureFileCount: Int, entryCount: Int, staticFileCount: Int,
         preparedResponses: [PreparedResponse], routes: [Substring: FixtureRoute], healthPreparedID: Int,
         usages: [EntryUsage], countedEntryCount: Int, scenarioSteps: [ScenarioStep], pathIndex: ServedPathIndex) {
        self.rootPath = rootPath
        self.loadOptions = loadOptions
        self.problems = problems
        self.fixtureFileCount = fixtureFileCount
        self.entryCount = entryCount
        self.staticFileCount = staticFileCount
        self.preparedResponses = preparedResponses
        self.routes = routes
        self.healthPreparedID = healthPreparedID
        self.usages = usages
        self.countedEntryCount = countedEntryCount
        self.scenarioSteps = scenarioSteps
        self.pathIndex = pathIndex
    }

    /// Whether any file has an error (and answers 500).
    public var hasErrors: Bool { problems.contains { $0.severity == .error } }

    /// Every served request path, sorted: `/api/1.0/people`, `/images/luke.png`, …
    public var servedPaths: [String] { pathIndex.allPaths }

    /// The names of the scenarios the fixture files use, sorted.
    public var scenarioNames: [String] { Set(scenarioSteps.map(\.name)).sorted() }

    /// Starts counting again for every entry (the `times` limits and the unused-entries report),
    /// as `POST /__admin/reset` does, and returns how many entries have `times`.
    ///
    /// ```swift
    /// let engine = MockEngine(store: try FixtureStore.load(root: "Mocks"))
    /// func flaky() -> Int { engine.respond(method: "GET", target: "/api/1.0/flaky", headers: NoHeaders(), body: []).status }
    /// flaky()                       // 503 (the entry with "times": 1)
    /// flaky()                       // 200
    /// engine.store.resetCounters()  // 1
    /// flaky()                       // 503 again
    /// ```
    @discardableResult
    public func resetCounters() -> Int {
        for usage in usages { usage.reset() }
        return countedEntryCount
    }
}
