import Foundation
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The test's handle on a running `mockserver`: its request journal, verification, runtime
/// fixtures, scenarios and reset, over the admin API (`/__admin/…`). Built on ``JSONSession``, so
/// it works wherever the client does: a Linux test process, `swift test` on macOS, an iOS
/// simulator or an XCUITest runner talking to a mockserver on the host.
///
/// ```swift
/// let mock = MockServerControl(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// try await mock.clearRequests()
/// // … run the app code under test …
/// try await mock.verify(.post("/api/1.0/people/", body: NewPerson(name: "Rey")))            // at least once
/// try await mock.verify(.get("/api/1.0/people/", query: ["page": "2"]), count: 1)           // exactly once
/// let sent = try await mock.requests(matching: .post("/api/1.0/people/"))                   // [RecordedRequest]
/// try await mock.expectNoUnmatchedRequests()
/// ```
public struct MockServerControl: MockControlling {
    /// Where the mock listens; admin paths are resolved against its root.
    public let baseURL: URL
    private let session: JSONSession

    /// Talks to the mock at `baseURL` (any path in it is ignored: the admin API lives at the root).
    /// Encodable pattern bodies and fixture responses are encoded with default strategies.
    public init(baseURL: URL, transport: any HTTPTransport = URLSessionTransport.shared) {
        self.baseURL = baseURL
        self.session = Self.adminSession(from: JSONSession(baseURL: baseURL, transport: transport))
    }

    /// Talks to the mock the app's `session` points at, through its transport, and encodes pattern
    /// bodies and fixture responses with its encoding strategies — exactly as the app sends them.
    /// The session's interceptors, retry policy, token and headers are not used for admin calls.
    public init(session: JSONSession) {
        self.baseURL = session.baseURL
        self.session = Self.adminSession(from: session)
    }

    private static func adminSession(from session: JSONSession) -> JSONSession {
        var admin = session
        var root = URLComponents(url: session.baseURL, resolvingAgainstBaseURL: true) ?? URLComponents()
        root.path = "/"
        root.query = nil
        root.fragment = nil
        admin.environment = APIEnvironment(name: "mockserver admin", baseURL: root.url ?? session.baseURL,
                                           timeout: session.environment.timeout)
        admin.headers = [:]
        admin.authToken = nil
        admin.interceptors = []
        admin.retryPolicy = nil
        return admin
    }

    // MARK: Journal and verification

    public func requests(unmatchedOnly: Bool) async throws -> [RecordedRequest] {
        let query = unmatchedOnly ? [URLQueryItem(name: "unmatched", value: "true")] : []
        return try await call(.get, "__admin/requests", query: query, decoding: RequestList.self).requests
    }

    public func requests(matching pattern: RequestPattern) async throws -> [RecordedRequest] {
        try await call(.post, "__admin/requests/find", json: pattern.jsonObject(encoder: session.makeEncoder()), decoding: RequestList.self).requests
    }

    public func count(matching pattern: RequestPattern) async throws -> VerificationResult {
        try await call(.post, "__admin/requests/count", json: pattern.jsonObject(encoder: session.makeEncoder()), decoding: VerificationResult.self)
    }

    @discardableResult
    public func clearRequests() async throws -> Int {
        try await call(.delete, "__admin/requests", decoding: Removed.self).removed
    }

    public func unusedFixtures() async throws -> [UnusedFixtureEntry] {
        try await call(.get, "__admin/fixtures/unused", decoding: UnusedList.self).unused
    }

    // MARK: Per-test state

    @discardableResult
    public func addFixture(path: String, entries: [FixtureEntry]) async throws -> String {
        do {
            return try await call(.post, "__admin/fixtures", body: try fixtureBody(path: path, entries: entries), decoding: Created.self).id
        } catch let refusal as MockControlError {
            throw refusal.namingEntries()
        }
    }

    public func replaceFixture(_ id: String, path: String, entries: [FixtureEntry]) async throws {
        do {
            _ = try await call(.put, "__admin/fixtures/" + Self.pathSegment(id), body: try fixtureBody(path: path, entries: entries), decoding: Ignored.self)
        } catch let refusal as MockControlError {
            throw refusal.namingEntries()
        }
    }

    /// The fixture as JSON with each entry on a line of its own (entry N on line N + 2), so the
    /// mock's `line:column` positions can be told back as the entry they are in
    /// (``MockControlError/namingEntries()``): the JSON is built here, the test never saw it.
    private func fixtureBody(path: String, entries: [FixtureEntry]) throws -> Data {
        let encoder = session.makeEncoder()
        var body = Data(#"{"entries":["#.utf8)
        for (index, entry) in entries.enumerated() {
            body.append(Data((index == 0 ? "\n" : ",\n").utf8))
            body.append(try JSONSerialization.data(withJSONObject: try entry.jsonObject(encoder: encoder), options: [.sortedKeys]))
        }
        body.append(Data("\n],\"path\":".utf8))
        body.append(try JSONSerialization.data(withJSONObject: path, options: [.fragmentsAllowed]))
        body.append(Data("}".utf8))
        return body
    }

    @discardableResult
    public func addResource<Item: Encodable & Sendable>(path: String, idField: String, ids: ResourceIDs, items: [Item]) async throws -> String {
        let encoded = try JSONSerialization.jsonObject(with: session.makeEncoder().encode(items), options: [])
        return try await call(.post, "__admin/resources", json: ["path": path, "idField": idField, "ids": ids.rawValue, "items": encoded],
                              decoding: Created.self).id
    }

    public func resourceItems<Item: Decodable>(_ id: String, as type: Item.Type) async throws -> [Item] {
        // The items as the app's session decodes them (its date and key strategies).
        try await call(.get, "__admin/resources/" + Self.pathSegment(id), body: nil, decoding: ResourceItems<Item>.self, decoder: session.makeDecoder()).items
    }

    public func removeResource(_ id: String) async throws {
        _ = try await call(.delete, "__admin/resources/" + Self.pathSegment(id), decoding: Ignored.self)
    }

    @discardableResult
    public func removeAllResources() async throws -> Int {
        try await call(.delete, "__admin/resources", decoding: Removed.self).removed
    }

    public func removeFixture(_ id: String) async throws {
        _ = try await call(.delete, "__admin/fixtures/" + Self.pathSegment(id), decoding: Ignored.self)
    }

    @discardableResult
    public func removeAllFixtures() async throws -> Int {
        try await call(.delete, "__admin/fixtures", decoding: Removed.self).removed
    }

    public func setDelay(_ delay: DelayDistribution?) async throws {
        _ = try await call(.put, "__admin/settings", json: ["delay": delay?.jsonObject ?? NSNull()], decoding: Ignored.self)
    }

    public func webhooks() async throws -> [SentWebhook] {
        try await call(.get, "__admin/webhooks", decoding: WebhookList.self).webhooks
    }

    public func scenarios() async throws -> [Scenario] {
        try await call(.get, "__admin/scenarios", decoding: ScenarioList.self).scenarios
    }

    public func setScenario(_ name: String, state: String) async throws {
        _ = try await call(.put, "__admin/scenarios/" + Self.pathSegment(name), json: ["state": state], decoding: Ignored.self)
    }

    @discardableResult
    public func reset() async throws -> ResetSummary {
        try await call(.post, "__admin/reset", decoding: ResetSummary.self)
    }

    @discardableResult
    public func reload() async throws -> ReloadResult {
        try await call(.post, "__admin/reload", decoding: ReloadResult.self)
    }

    /// Whether `GET /__admin/health` answers `{"status": "ok"}` now.
    public func isHealthy() async -> Bool {
        guard let response = try? await session.send(HTTPRequest(path: "__admin/health", timeout: 2)) else { return false }
        return response.statusCode == 200 && (try? JSONDecoder().decode(Health.self, from: response.body))?.status == "ok"
    }

    // MARK: Plumbing

    private func call<Answer: Decodable>(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], json: Any? = nil,
                                         decoding: Answer.Type) async throws -> Answer {
        try await call(method, path, query: query, body: try json.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) },
                       decoding: decoding)
    }

    private func call<Answer: Decodable>(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], body json: Data?,
                                         decoding: Answer.Type, decoder: JSONDecoder = JSONDecoder()) async throws -> Answer {
        let body = json.map { RequestBody.data($0, contentType: "application/json") }
        let response = try await session.send(HTTPRequest(method: method, path: path, queryItems: query, body: body))
        guard (200..<300).contains(response.statusCode) else {
            let refusal = try? JSONDecoder().decode(Refusal.self, from: response.body)
            throw MockControlError(status: response.statusCode,
                                   message: refusal?.error ?? "\(method.rawValue) /\(path) answered \(response.statusCode): \(String(decoding: response.body.prefix(300), as: UTF8.self))",
                                   hint: refusal?.hint,
                                   problems: refusal?.problems ?? [], warnings: refusal?.warnings ?? [])
        }
        return try decoder.decode(Answer.self, from: response.body)
    }

    /// Ids and scenario names as one path segment (`/` and `%` encoded too).
    private static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/%?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private struct RequestList: Decodable { let requests: [RecordedRequest] }
    private struct UnusedList: Decodable { let unused: [UnusedFixtureEntry] }
    private struct ScenarioList: Decodable { let scenarios: [Scenario] }
    private struct Removed: Decodable { let removed: Int }
    private struct Created: Decodable { let id: String }
    private struct ResourceItems<Item: Decodable>: Decodable { let items: [Item] }
    private struct Health: Decodable { let status: String }
    private struct Ignored: Decodable {}
    private struct Refusal: Decodable {
        let error: String
        let hint: String?
        let problems: [String]?
        let warnings: [String]?
    }
}
