/// The fixture engine both fronts share: `mockserver` over sockets and `FixtureTransport`
/// in-process. It answers requests from a ``FixtureStore`` and holds everything that changes
/// while tests run — the `times` counters (inside the store), scenario states, fixtures added
/// at runtime and the request journal — and the admin API (`/__admin/*`) that reads and resets
/// them. Both fronts hand it every request, so they always answer identically.
///
/// ```swift
/// let engine = MockEngine(store: try FixtureStore.load(root: "Mocks"))
/// let response = engine.respond(method: "GET", target: "/api/1.0/people/?page=2", headers: NoHeaders(), body: [])
/// print(response.status, response.outcome.logDescription)
/// let journal = engine.respond(method: "GET", target: "/__admin/requests", headers: NoHeaders(), body: [])
/// print(String(decoding: journal.body, as: UTF8.self))   // {"requests": [ … ], "dropped": 0}
/// ```
///
/// Thread-safe; serving reads no lock for entries without `times` or a scenario.
public final class MockEngine: Sendable {
    public let options: MockEngineOptions
    private let currentStore: ManagedAtomicSnapshot<FixtureStore>
    let scenarios = ScenarioTable()
    let runtimeFixtures = RuntimeFixtureTable()
    let resources = ResourceTable()
    /// `nil` when the journal is off (`journalSize` 0).
    let journal: RequestJournal?
    /// Keeps a reset from falling in the middle of a request.
    let resetGate = ResetGate()
    /// The webhooks entries sent, and the front's sender.
    let webhookOutbox = WebhookOutbox()
    /// `!options.answerHeaders.isEmpty`, as a plain flag: reading the array from the options on
    /// every request retained and released it.
    let addsAnswerHeaders: Bool
    /// The most bytes ``preparedAnswerHeaders(_:)`` adds to a prepared answer's header block,
    /// worked out once (it was summed on every request; callgrind).
    let preparedAnswerExtraHeaderBytes: Int
    /// The delay added to every answer (`--delay`, `PUT /__admin/settings`).
    let globalDelay: GlobalDelay
    /// The paths of declared resources left out because a posted resource holds them, at the
    /// last start, reload or reset: reported by the reload answer. Its lock is also held while a
    /// store's declarations are installed, together with reading (reset) or replacing (reload)
    /// that store, so a reset overlapping a reload never installs the replaced store's
    /// declarations after the new ones (audit C3: 24 of 300 overlaps served the old items).
    let declaredResourcesLeftOut = LockedState<[String]>([])

    /// Serves `store`. Invalid `options` (see ``MockEngineOptions/problem``) are clamped: negative
    /// sizes to 0, a journal size to ``MockEngineOptions/maximumJournalSize``; validate them first
    /// where a user typed them.
    public init(store: FixtureStore, options: MockEngineOptions = .init()) {
        self.options = options
        addsAnswerHeaders = !options.answerHeaders.isEmpty
        preparedAnswerExtraHeaderBytes = (options.cors ? CrossOriginHeaders.varyOnOriginLineBytes : 0) + HTTPHeader.lineBytes(options.answerHeaders)
        globalDelay = GlobalDelay(options.delay)
        currentStore = ManagedAtomicSnapshot(store)
        journal = options.journalSize > 0
            ? RequestJournal(capacity: min(options.journalSize, MockEngineOptions.maximumJournalSize), bodyLimit: max(0, options.journalBodyLimit))
            : nil
        declaredResourcesLeftOut.withLock { $0 = resources.installDeclared(store.declaredResources, reseeding: true) }
    }

    /// The fixture files currently served.
    public var store: FixtureStore { currentStore.load() }

    /// Serves `store` from now on (a reload). Runtime fixtures (with their `times` counters), the
    /// journal and the states of scenarios still named stay; the new store's `times` counters
    /// start from 0, and a scenario no fixture names any more is forgotten (back to `started`).
    public func replaceStore(_ store: FixtureStore) {
        declaredResourcesLeftOut.withLock { leftOut in
            runtimeFixtures.withoutChanges { runtime in
                currentStore.store(store)
                forgetUnnamedScenarios(store: store, runtime: runtime)
            }
            // The files' resources as the files now declare them; unchanged ones keep their items.
            leftOut = resources.installDeclared(store.declaredResources, reseeding: false)
        }
    }

    /// Loads the store's root again with the same options and serves it; the engine keeps the
    /// old store when the root has become unusable.
    ///
    /// ```swift
    /// switch engine.reload() {
    /// case .success(let store): print("reloaded: \(store.fixtureFileCount) fixture files")
    /// case .failure(let error): print("reload failed: \(error)")
    /// }
    /// ```
    @discardableResult
    public func reload() -> Result<FixtureStore, FixtureRootError> {
        let current = store
        do {
            let reloaded = try FixtureStore.load(root: current.rootPath, options: current.loadOptions)
            replaceStore(reloaded)
            return .success(reloaded)
        } catch {
            return .failure(error)
        }
    }
}
