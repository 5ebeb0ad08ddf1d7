import Logging
import MockFixtures
import MockProxy
import MockServer
@_exported import struct MockUpstream.UpstreamConfiguration
import MockUpstream

extension MockHTTPServer {
    /// Loads `root` and serves it as `mockserver --root` does, reaching out as it does: entries
    /// with `"forward"` send their requests to their API, and entries' `"webhooks"` go out, both
    /// with mockserver's own HTTP client configured by `upstream` (its `--upstream-timeout`,
    /// `--cacert`, `--insecure`). Without `upstream:`, an in-process server reaches nothing: such
    /// entries answer `502` and their webhooks are listed `failed`, each saying so.
    ///
    /// ```swift
    /// let server = try MockHTTPServer(root: FixtureRoot.path("Mocks"), upstream: UpstreamConfiguration(timeout: .seconds(5)))
    /// // POST /api/orders answers, then its webhook reaches the app's callback URL
    /// ```
    ///
    /// - Throws: `FixtureRootError` when `root` is unusable, `UpstreamConfigurationError` when
    ///   `upstream`'s certificate file cannot be used, ``ServerStartError`` when the server cannot start.
    public convenience init(
        root: String,
        upstream: UpstreamConfiguration,
        configuration: ServerConfiguration = ServerConfiguration(port: 0, logRequests: false),
        options: MockEngineOptions = MockEngineOptions(),
        logger: Logger = Logger(label: "mockserver")
    ) throws {
        let store = try FixtureStore.load(root: root, options: MockHTTPServer.loadOptions)
        let client = try UpstreamClient(configuration: upstream)
        let engine = MockEngine(store: store, options: options)
        engine.setWebhookSender(UpstreamWebhookSender(client: client, logger: logger))
        try self.init(engine: engine, configuration: configuration, logger: logger,
                      entryForwarders: UpstreamForwarders(client: client, logger: logger))
    }
}

/// ``withMockServer(root:configuration:options:logger:_:)`` with a server that reaches out as
/// `mockserver` does: entries' `"forward"` and `"webhooks"` go out with its HTTP client,
/// configured by `upstream`.
///
/// ```swift
/// try await withMockServer(root: FixtureRoot.path("Mocks"), upstream: UpstreamConfiguration()) { server in
///     // … the app under test posts an order, and receives the mock's webhook …
/// }
/// ```
public func withMockServer<Result: Sendable>(
    root: String,
    upstream: UpstreamConfiguration,
    configuration: ServerConfiguration = ServerConfiguration(port: 0, logRequests: false),
    options: MockEngineOptions = MockEngineOptions(),
    logger: Logger = Logger(label: "mockserver"),
    _ body: (MockHTTPServer) async throws -> Result
) async throws -> Result {
    try await MockHTTPServer(root: root, upstream: upstream, configuration: configuration, options: options, logger: logger).shuttingDown(after: body)
}
