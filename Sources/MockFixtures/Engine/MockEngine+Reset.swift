extension MockEngine {
    /// What one reset did.
    package struct ResetSummary: Sendable, Equatable {
        /// Entries with `times` whose counters started again.
        package let counters: Int
        /// Scenarios put back to `started`.
        package let scenarios: Int
        /// Journal entries cleared.
        package let requests: Int
        /// Runtime fixtures removed.
        package let fixtures: Int
        /// Resources removed.
        package let resources: Int
        /// Webhooks cleared from the list (those still waiting are cancelled).
        package let webhooks: Int
    }

    /// One clean slate between tests: `times` counters (and the unused-entries report) from 0,
    /// every scenario back to `started`, the journal cleared, runtime fixtures and posted resources
    /// removed, and the resources fixture files declare set up again as declared; the delay
    /// added to every answer back to the one the engine started with.
    ///
    /// It happens between requests (``ResetGate``): one answered meanwhile counts wholly before
    /// it (its `times` and record both cleared) or wholly after it. Runtime fixtures go first, so
    /// that a scenario only they named is forgotten, not left where their last request moved it.
    @discardableResult
    package func reset() -> ResetSummary {
        resetGate.whileNoRequestIsAnswered {
            let store = store
            let scenarioCount = scenarioNames(store: store).count
            let fixtures = runtimeFixtures.removeAll { forgetUnnamedScenarios(store: store, runtime: []) }
            scenarios.resetAll()
            let counters = store.resetCounters()
            let requests = journal?.clear() ?? 0
            let webhooks = webhookOutbox.clear()
            let resourceCount = resources.removeAll()
            globalDelay.reset()
            // The files' resources start over with the items they declare: those of the store
            // served now, which a reload may have replaced since `store` was read.
            declaredResourcesLeftOut.withLock { $0 = resources.installDeclared(self.store.declaredResources, reseeding: true) }
            return ResetSummary(counters: counters, scenarios: scenarioCount, requests: requests, fixtures: fixtures, resources: resourceCount, webhooks: webhooks)
        }
    }

    /// `POST /__admin/reset`.
    func resetResponse() -> MockResponse {
        // From inside a handler the reset would wait for the request being answered, forever.
        if ResetGate.isInsideHandler {
            return diagnosticResponse(status: 409, outcome: .admin("refused: a reset from inside a handler"), [
                ("error", .string("a handler cannot reset the mock: the reset would wait for the request the handler is answering")),
                ("hint", .string("reset from the test, between requests (try await mock.reset())")),
            ])
        }
        let summary = reset()
        return adminAnswer(
            "reset \(summary.counters) counters, \(summary.scenarios) scenarios, \(summary.requests) requests, \(summary.fixtures) runtime fixtures, \(summary.resources) resources, \(summary.webhooks) webhooks", [
            ("status", .string("reset")),
            ("counters", .number(JSONNumber(summary.counters))),
            ("scenarios", .number(JSONNumber(summary.scenarios))),
            ("requests", .number(JSONNumber(summary.requests))),
            ("fixtures", .number(JSONNumber(summary.fixtures))),
            ("resources", .number(JSONNumber(summary.resources))),
            ("webhooks", .number(JSONNumber(summary.webhooks))),
        ])
    }

    /// One entry that has answered nothing since load, reload or reset.
    package struct UnusedEntry: Sendable, Equatable, CustomStringConvertible {
        /// The fixture file, relative to the root; `nil` for a runtime fixture.
        package let file: String?
        /// The runtime fixture's id; `nil` for a file.
        package let fixture: String?
        package let entry: Int
        package let line: Int
        package let method: String

        /// `api/1.0/people.json entry 3 (line 40, GET)`
        package var description: String {
            "\(file ?? "runtime fixture \(fixture ?? "?")") entry \(entry) (line \(line), \(method))"
        }
    }

    /// Every entry that has answered nothing since load, reload or reset: files (by path) first,
    /// then runtime fixtures (oldest first).
    package func unusedEntries(store: FixtureStore? = nil) -> [UnusedEntry] {
        let store = store ?? self.store
        var unused: [UnusedEntry] = []
        let files = store.fixtureFiles.sorted { $0.relativePath < $1.relativePath }
        for file in files {
            for entry in file.entries where !entry.usage.hasAnswered {
                unused.append(UnusedEntry(file: file.relativePath, fixture: nil, entry: entry.index, line: entry.position.line, method: entry.method))
            }
        }
        for fixture in runtimeFixtures.snapshot.all {
            for entry in fixture.entries where !entry.usage.hasAnswered {
                unused.append(UnusedEntry(file: nil, fixture: fixture.id, entry: entry.index, line: entry.position.line, method: entry.method))
            }
        }
        return unused
    }

    /// `GET /__admin/fixtures/unused`.
    func unusedEntriesResponse(store: FixtureStore) -> MockResponse {
        let unused = unusedEntries(store: store)
        return adminAnswer("\(unused.count) unused entries", [
            ("unused", .makeArray(unused.map { entry in
                var fields: [(String, JSONValue)] = []
                if let file = entry.file { fields.append(("file", .string(file))) }
                if let fixture = entry.fixture { fields.append(("fixture", .string(fixture))) }
                fields.append(("entry", .number(JSONNumber(entry.entry))))
                fields.append(("line", .number(JSONNumber(entry.line))))
                fields.append(("method", .string(entry.method)))
                return .makeObject(fields)
            })),
        ])
    }
}
