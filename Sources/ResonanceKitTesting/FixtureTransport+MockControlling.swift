import Foundation
import ResonanceKit

/// The same control as over sockets, in-process: every call goes through the engine's admin API
/// exactly as `MockServerControl` sends it to a `mockserver`, so the answers cannot differ.
///
/// ```swift
/// let transport = try FixtureTransport(root: "Mocks")
/// let session = JSONSession(baseURL: URL(string: "http://fixtures.test")!, transport: transport)
/// // … run the code under test with `session` …
/// try await transport.verify(.get("/api/1.0/people/", query: ["page": "1"]), count: 1)
/// ```
extension FixtureTransport: MockControlling {
    /// A control over this transport; pattern bodies are encoded like `session` encodes request
    /// bodies when one is given.
    public func control(encodingLike session: JSONSession? = nil) -> MockServerControl {
        var admin = session ?? JSONSession(baseURL: URL(string: "http://fixtures.invalid")!, transport: self)
        admin.transport = self
        return MockServerControl(session: admin)
    }

    public func requests(unmatchedOnly: Bool) async throws -> [RecordedRequest] {
        try await control().requests(unmatchedOnly: unmatchedOnly)
    }

    public func requests(matching pattern: RequestPattern) async throws -> [RecordedRequest] {
        try await control().requests(matching: pattern)
    }

    public func count(matching pattern: RequestPattern) async throws -> VerificationResult {
        try await control().count(matching: pattern)
    }

    @discardableResult
    public func clearRequests() async throws -> Int {
        try await control().clearRequests()
    }

    public func unusedFixtures() async throws -> [UnusedFixtureEntry] {
        try await control().unusedFixtures()
    }

    @discardableResult
    public func addFixture(path: String, entries: [FixtureEntry]) async throws -> String {
        try await control().addFixture(path: path, entries: entries)
    }

    /// Answers the requests to `path` with what `handler` returns (``MockEngine/addHandler(path:priority:encoder:_:)``),
    /// its values encoded as `session` encodes request bodies when one is given.
    ///
    /// ```swift
    /// try transport.addHandler(path: "/api/search") { request in
    ///     FixtureEntry(response: results(for: request.query["q"]?.first ?? ""))
    /// }
    /// ```
    @discardableResult
    public func addHandler(path: String, priority: Int = 5, encodingLike session: JSONSession? = nil,
                           _ handler: @escaping @Sendable (MockRequest) -> FixtureEntry?) throws -> String {
        try engine.addHandler(path: path, priority: priority, encoder: session?.makeEncoder() ?? JSONEncoder(), handler)
    }

    public func replaceFixture(_ id: String, path: String, entries: [FixtureEntry]) async throws {
        try await control().replaceFixture(id, path: path, entries: entries)
    }

    @discardableResult
    public func addResource<Item: Encodable & Sendable>(path: String, idField: String, ids: ResourceIDs, items: [Item]) async throws -> String {
        try await control().addResource(path: path, idField: idField, ids: ids, items: items)
    }

    public func resourceItems<Item: Decodable>(_ id: String, as type: Item.Type) async throws -> [Item] {
        try await control().resourceItems(id, as: type)
    }

    public func removeResource(_ id: String) async throws {
        try await control().removeResource(id)
    }

    @discardableResult
    public func removeAllResources() async throws -> Int {
        try await control().removeAllResources()
    }

    public func removeFixture(_ id: String) async throws {
        try await control().removeFixture(id)
    }

    @discardableResult
    public func removeAllFixtures() async throws -> Int {
        try await control().removeAllFixtures()
    }

    public func setDelay(_ delay: DelayDistribution?) async throws {
        try await control().setDelay(delay)
    }

    public func webhooks() async throws -> [SentWebhook] {
        try await control().webhooks()
    }

    public func scenarios() async throws -> [Scenario] {
        try await control().scenarios()
    }

    public func setScenario(_ name: String, state: String) async throws {
        try await control().setScenario(name, state: state)
    }

    @discardableResult
    public func reset() async throws -> ResetSummary {
        try await control().reset()
    }

    @discardableResult
    public func reload() async throws -> ReloadResult {
        try await control().reload()
    }
}
