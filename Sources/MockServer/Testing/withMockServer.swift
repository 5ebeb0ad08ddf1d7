import Logging
import MockFixtures

/// Runs `body` with a `mockserver` serving `root` on a free loopback port, and stops it when
/// `body` returns, throws or is cancelled — true sockets for `swift test`, no Docker or second
/// process.
///
/// ```swift
/// import MockServer
///
/// @Test func listsPeople() async throws {
///     try await withMockServer(root: FixtureRoot.path("Mocks")) { server in
///         let session = JSONSession(baseURL: server.url)
///         let people = try await JSONRequest<People, APIError>(method: .get, path: "api/1.0/people/", session: session).perform()
///         #expect(people.count == 82)
///     }
/// }
/// ```
///
/// - Parameters:
///   - root: the fixture folder; ``FixtureRoot/path(_:nextTo:)`` finds one next to the test file.
///   - configuration: how the server listens; port 0 (any free port) and no request log by default.
///   - options: the request journal's size and body limit.
/// - Throws: `FixtureRootError` when `root` is unusable, ``ServerStartError`` when the server
///   cannot start, and whatever `body` throws.
public func withMockServer<Result: Sendable>(
    root: String,
    configuration: ServerConfiguration = ServerConfiguration(port: 0, logRequests: false),
    options: MockEngineOptions = MockEngineOptions(),
    logger: Logger = Logger(label: "mockserver"),
    _ body: (MockHTTPServer) async throws -> Result
) async throws -> Result {
    try await MockHTTPServer(root: root, configuration: configuration, options: options, logger: logger).shuttingDown(after: body)
}

extension MockHTTPServer {
    /// Runs `body` with this server, then shuts it down, whether `body` returns or throws.
    package func shuttingDown<Result: Sendable>(after body: (MockHTTPServer) async throws -> Result) async throws -> Result {
        let result: Result
        do {
            result = try await body(self)
        } catch {
            await shutdown()
            throw error
        }
        await shutdown()
        return result
    }
}

extension MockHTTPServer {
    /// Loads `root` and starts serving it — for tests, on a free port without a request log by
    /// default. A suite can share one server and reset it between tests:
    ///
    /// ```swift
    /// @Suite(.serialized) struct CheckoutTests {
    ///     static let server = try! MockHTTPServer(root: FixtureRoot.path("Mocks"))
    ///     init() async throws { try await Self.server.control.reset() }   // MockServerTesting
    /// }
    /// ```
    ///
    /// - Throws: `FixtureRootError` when `root` is unusable, ``ServerStartError`` when the
    ///   server cannot start.
    public convenience init(
        root: String,
        configuration: ServerConfiguration = ServerConfiguration(port: 0, logRequests: false),
        options: MockEngineOptions = MockEngineOptions(),
        logger: Logger = Logger(label: "mockserver")
    ) throws {
        let store = try FixtureStore.load(root: root, options: MockHTTPServer.loadOptions)
        try self.init(engine: MockEngine(store: store, options: options), configuration: configuration, logger: logger)
    }
}
