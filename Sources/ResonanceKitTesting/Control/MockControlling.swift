/// What a test can ask of a mock: what the app sent, whether it sent what it should, and the
/// per-test state (runtime fixtures, scenarios, reset). ``MockServerControl`` does it over HTTP
/// with a running `mockserver`; ``FixtureTransport`` does it in-process. The answers are the same,
/// so a test can switch between sockets and in-process without changing its assertions.
///
/// ```swift
/// func checkout(mock: some MockControlling) async throws {
///     try await mock.reset()
///     // … run the app code under test …
///     try await mock.verify(.post("/api/orders", body: NewOrder(sku: "A1")), count: 1)
///     try await mock.expectNoUnmatchedRequests()
/// }
/// ```
public protocol MockControlling: Sendable {
    /// The recorded requests, oldest first; only those nothing answered when `unmatchedOnly`.
    func requests(unmatchedOnly: Bool) async throws -> [RecordedRequest]
    /// The recorded requests that fit `pattern`, oldest first.
    func requests(matching pattern: RequestPattern) async throws -> [RecordedRequest]
    /// How many recorded requests fit `pattern`, and the nearest misses when none did.
    func count(matching pattern: RequestPattern) async throws -> VerificationResult
    /// Forgets every recorded request; returns how many there were.
    @discardableResult func clearRequests() async throws -> Int
    /// Fixture entries that have answered nothing since start, reload or reset.
    func unusedFixtures() async throws -> [UnusedFixtureEntry]
    /// Adds entries for `path`, tried before the fixture file's; returns the fixture's id.
    @discardableResult func addFixture(path: String, entries: [FixtureEntry]) async throws -> String
    /// Sets up a collection the mock keeps at `path`, answering `GET`/`POST path` and
    /// `GET`/`PUT`/`PATCH`/`DELETE path/{id}` on its items (identified by `idField`; an item added
    /// without one gets the next number or a UUID, per `ids`); returns the resource's id.
    @discardableResult func addResource<Item: Encodable & Sendable>(path: String, idField: String, ids: ResourceIDs, items: [Item]) async throws -> String
    /// The items of resource `id` as they are now (after the app's calls), decoded as `Item`.
    func resourceItems<Item: Decodable>(_ id: String, as type: Item.Type) async throws -> [Item]
    /// Removes one resource.
    func removeResource(_ id: String) async throws
    /// Removes every resource; returns how many there were.
    ///
    /// ```swift
    /// try await mock.removeAllResources()   // posted and declared; a declared one is back after a reset
    /// ```
    @discardableResult func removeAllResources() async throws -> Int
    /// Replaces the path and entries of runtime fixture `id`, which keeps its id and its place
    /// among the others; the new entries' `times` start from 0.
    func replaceFixture(_ id: String, path: String, entries: [FixtureEntry]) async throws
    /// Removes one runtime fixture.
    func removeFixture(_ id: String) async throws
    /// Removes every runtime fixture; returns how many there were.
    @discardableResult func removeAllFixtures() async throws -> Int
    /// Adds `delay` to every answer the mock gives, on top of each entry's own, until the next
    /// reset (which goes back to the one it started with, `mockserver --delay`); nil for none.
    ///
    /// ```swift
    /// try await mock.setDelay(.logNormal(median: 120, sigma: 0.5))   // a slow network, this test only
    /// ```
    func setDelay(_ delay: DelayDistribution?) async throws
    /// Every scenario the fixtures name, with its state.
    func scenarios() async throws -> [Scenario]
    /// The webhooks entries sent (the last 1,000), oldest first, with what became of each: a
    /// test waits until its webhook is no longer `pending`.
    func webhooks() async throws -> [SentWebhook]
    /// Moves a scenario to `state`.
    func setScenario(_ name: String, state: String) async throws
    /// One clean slate: counters, scenarios, journal, runtime fixtures and posted resources; the
    /// resources fixture files declare (`{"$resource": …}`) start over with their items, and the
    /// delay added to every answer goes back to the server's `--delay`.
    @discardableResult func reset() async throws -> ResetSummary
    /// Reads the fixture folder again (runtime fixtures, scenario states and the journal stay).
    @discardableResult func reload() async throws -> ReloadResult
}

extension MockControlling {
    /// Every recorded request, oldest first.
    public func requests() async throws -> [RecordedRequest] {
        try await requests(unmatchedOnly: false)
    }

    /// Throws ``VerificationFailure`` unless `pattern` fits at least one recorded request (`count`
    /// nil) or exactly `count` of them. The failure lists what the app sent instead.
    ///
    /// An exact count also fails when the journal has dropped older requests since it was last
    /// cleared (more requests than `--journal-size`, ``MockEngineOptions/journalSize``): a
    /// dropped one may have fit, so the count cannot be confirmed. Reset between tests, or keep
    /// more requests.
    ///
    /// ```swift
    /// try await mock.verify(.post("/api/1.0/people/", body: NewPerson(name: "Rey")))      // at least once
    /// try await mock.verify(.get("/api/1.0/people/", query: ["page": "2"]), count: 1)     // exactly once
    /// ```
    public func verify(_ pattern: RequestPattern, count expected: Int? = nil) async throws {
        try await verify(pattern, expecting: expected.map { ExpectedCount(lower: $0, upper: $0) } ?? ExpectedCount(lower: 1, upper: nil))
    }

    /// Throws ``VerificationFailure`` unless the number of recorded requests `pattern` fits is
    /// in `range`: at most (`...3`, a retry storm never happened), at least (`2...`), or between
    /// (`1...3`). A range with an upper bound also fails when the journal has dropped requests
    /// since it was last cleared, as an exact count does.
    ///
    /// ```swift
    /// try await mock.verify(.post("/api/1.0/token"), count: ...1)        // refreshed at most once
    /// try await mock.verify(.get("/api/1.0/people/"), count: 2...)       // polled at least twice
    /// try await mock.verify(.get("/api/1.0/people/"), count: 1...3)
    /// ```
    public func verify(_ pattern: RequestPattern, count range: some RangeExpression<Int>) async throws {
        let bounds = range.relative(to: 0..<Int.max)
        guard !bounds.isEmpty else {
            throw VerificationFailure(emptyRange: "\(range)")
        }
        try await verify(pattern, expecting: ExpectedCount(lower: bounds.lowerBound,
                                                           upper: bounds.upperBound == Int.max ? nil : bounds.upperBound - 1))
    }

    private func verify(_ pattern: RequestPattern, expecting expected: ExpectedCount) async throws {
        let result = try await count(matching: pattern)
        // With requests dropped, the count is a lower bound: only "at least" can be confirmed.
        guard !expected.admits(result.count) || (result.dropped > 0 && expected.upper != nil) else { return }
        let matching = result.count > 0 ? try await requests(matching: pattern) : []
        throw VerificationFailure(pattern: pattern, expected: expected, result: result, matching: matching)
    }

    /// Throws ``VerificationFailure`` unless the app sent requests fitting `patterns` in this
    /// order: one fitting the first, then a later one fitting the second, and so on; other
    /// requests may come between. The failure names the step that was not found after the ones
    /// before it, and when such a request came earlier instead.
    ///
    /// ```swift
    /// try await mock.verifyInOrder([.post("/api/login"), .get("/api/people"), .post("/api/logout")])
    /// ```
    public func verifyInOrder(_ patterns: [RequestPattern]) async throws {
        guard !patterns.isEmpty else { throw VerificationFailure(emptyOrder: ()) }
        var found: [RecordedRequest] = []
        for (step, pattern) in patterns.enumerated() {
            let matching = try await requests(matching: pattern)
            // The earliest fitting request after the previous step: if any order exists, this one finds it.
            guard let next = matching.first(where: { $0.id > (found.last?.id ?? 0) }) else {
                let dropped = try await count(matching: pattern).dropped
                throw VerificationFailure(order: patterns, missingStep: step, found: found, earlier: matching, dropped: dropped)
            }
            found.append(next)
        }
    }

    /// Throws ``VerificationFailure`` listing every request nothing answered, each with why.
    public func expectNoUnmatchedRequests() async throws {
        let unmatched = try await requests(unmatchedOnly: true)
        guard unmatched.isEmpty else { throw VerificationFailure(unmatched: unmatched) }
    }
}

/// How a resource gives an id to an item added without one.
public enum ResourceIDs: String, Sendable {
    /// One more than the largest whole-number id (1 for the first), as a JSON number.
    case increment
    /// A random UUID string.
    case uuid
}

extension MockControlling {
    /// ``addResource(path:idField:ids:items:)`` with `"id"` ids numbered from 1 on.
    ///
    /// ```swift
    /// let people = try await mock.addResource(path: "/api/people", items: [Person(id: 1, name: "Rey")])
    /// // … the app POSTs a person, then lists them …
    /// let now = try await mock.resourceItems(people, as: Person.self)   // 2 people
    /// ```
    @discardableResult
    public func addResource<Item: Encodable & Sendable>(path: String, items: [Item]) async throws -> String {
        try await addResource(path: path, idField: "id", ids: .increment, items: items)
    }
}
