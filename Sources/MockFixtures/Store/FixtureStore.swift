/// The fixture files of one folder, loaded and checked, ready to be served by a ``MockEngine``.
///
/// Load it once at start (and again on reload); every `.json` file is parsed and validated then,
/// so answering is a dictionary lookup (literal paths) or, on a miss, a walk down a trie of the
/// paths with `{name}` segments, plus, for constrained entries, a comparison. Immutable except
/// the answer counts of its entries (for `times` and the unused-entries report).
///
/// ```swift
/// let store = try FixtureStore.load(root: "Mocks")
/// print(store.fixtureFileCount, store.entryCount, store.staticFileCount)   // 22 49 3
/// print(store.problemReport)   // every problem as file:line:col: severity: message. hint
/// let engine = MockEngine(store: store)
/// ```
public final class FixtureStore: Sendable {
    /// Absolute, symlinks resolved: where the files were read, and what they must stay inside.
    public let rootPath: String
    /// The root as it was given, made absolute, symlinks kept: what a reload loads again, so a
    /// root that is a symlink (`current -> releases/7`) is followed anew each time.
    public let configuredRoot: String
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

    /// Routes without `{name}` segments, by lookup key: one dictionary lookup serves them.
    let routes: [Substring: FixtureRoute]
    /// Routes with `{name}` segments, tried only when `routes` has no entry for the path.
    let templatedRoutes: RouteTrie<TemplatedRoute>
    let healthPreparedID: Int
    let pathIndex: ServedPathIndex
    /// One per entry: the only mutable state, lock-free, reset by `POST /__admin/reset`.
    let usages: [EntryUsage]
    /// Entries with `times`, whose answers are counted.
    public let countedEntryCount: Int
    /// Every scenario step of every entry, for listing scenarios and checking runtime fixtures.
    let scenarioSteps: [ScenarioStep]
    /// The largest header block (``MockResponse/headerLineBytes``) of any prepared response: a
    /// prepared answer fits any room at least this large, so the hot path skips measuring it.
    let largestPreparedHeaderLineBytes: Int
    /// Resources the fixture files declare (`{"$resource": …}`), set up by the engine at start,
    /// on reload and on every reset.
    let declaredResources: [ResourceDeclaration]
    /// How many resources the fixture files declare.
    package var declaredResourceCount: Int { declaredResources.count }
    /// No templated file ranks an entry before the default priority, so a static or broken file
    /// (which stand there) answers without the less specific files being looked for.
    let defaultOutranksFallbacks: Bool

    init(rootPath: String, loadOptions: FixtureLoadOptions, problems: [FixtureProblem], fixtureFileCount: Int, entryCount: Int, staticFileCount: Int,
         preparedResponses: [PreparedResponse], routes: [Substring: FixtureRoute], healthPreparedID: Int,
         usages: [EntryUsage], countedEntryCount: Int, scenarioSteps: [ScenarioStep], templatedRoutes: RouteTrie<TemplatedRoute>,
         pathIndex: ServedPathIndex, declaredResources: [ResourceDeclaration] = [], defaultOutranksFallbacks: Bool = true,
         configuredRoot: String? = nil) {
        self.rootPath = rootPath
        self.configuredRoot = configuredRoot ?? rootPath
        self.loadOptions = loadOptions
        self.problems = problems
        self.fixtureFileCount = fixtureFileCount
        self.entryCount = entryCount
        self.staticFileCount = staticFileCount
        self.preparedResponses = preparedResponses
        largestPreparedHeaderLineBytes = preparedResponses.lazy.map { HTTPHeader.lineBytes($0.headers) }.max() ?? 0
        self.routes = routes
        self.healthPreparedID = healthPreparedID
        self.usages = usages
        self.countedEntryCount = countedEntryCount
        self.scenarioSteps = scenarioSteps
        self.templatedRoutes = templatedRoutes
        self.pathIndex = pathIndex
        self.declaredResources = declaredResources
        self.defaultOutranksFallbacks = defaultOutranksFallbacks
    }

    /// Whether any file has an error (and answers 500).
    public var hasErrors: Bool { problems.contains { $0.severity == .error } }

    /// Every served request path, sorted: `/api/1.0/people`, `/images/luke.png`, `/people/{id}`, …
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

extension FixtureStore {
    /// The route serving `key`, and the values of its `{name}` segments: the literal route when
    /// there is one (a dictionary lookup), else the most specific templated one.
    func route(forKey key: Substring) -> (route: FixtureRoute, parameters: PathParameters)? {
        if let route = routes[key] { return (route, .none) }
        guard let match = templatedRoutes.firstMatch(key) else { return nil }
        return (match.value.route, PathParameters(names: match.value.parameterNames, values: match.parameters))
    }

    /// The files that also serve `key`, less specific than `primary` (the file
    /// ``route(forKey:)`` gave), most specific first: `people/{id}.json`, then `{rest...}.json`.
    /// Their entries take a request the more specific files do not answer, or rank above them by
    /// `priority`; computed only then.
    ///
    /// A broken file among them is listed too (`.broken`): it answers its 500 when reached, as it
    /// would as the most specific file; and a static file, which answers GET and HEAD (audit H3:
    /// `users/{id}/avatar.png` was never reached past `users/7/avatar.png.json`). A literal primary (a fixture, static or broken file) is
    /// passed by the lookup itself.
    func fallbackRoutes(forKey key: Substring, after primary: String?) -> [(route: FixtureRoute, parameters: PathParameters)] {
        var found: [(route: FixtureRoute, parameters: PathParameters)] = []
        var passedPrimary = routes[key] != nil
        for match in templatedRoutes.allMatches(key) {
            let path: String
            switch match.value.route {
            case .fixture(let file): path = file.relativePath
            case .broken(let file, _), .staticFile(let file, _): path = file
            }
            if !passedPrimary {
                passedPrimary = path == primary
                continue
            }
            found.append((match.value.route, PathParameters(names: match.value.parameterNames, values: match.parameters)))
        }
        return found
    }

    /// Every fixture file served, literal and templated.
    var fixtureFiles: [FixtureFile] {
        (Array(routes.values) + templatedRoutes.allValues.map(\.route)).compactMap { route in
            if case .fixture(let file) = route { return file }
            return nil
        }
    }
}
