import Foundation
import Logging
import MockFixtures
import MockServer
import ResonanceKit
import ResonanceKitAsyncHTTPClient
import ResonanceKitTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The package's `Mocks/` tree, found from this file's location so tests run from any directory.
enum MocksDirectory {
    static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // ResonanceKitTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
        .appendingPathComponent("Mocks", isDirectory: true)

    static var path: String { url.path }

    static func contents(of relativePath: String) throws -> Data {
        try Data(contentsOf: url.appendingPathComponent(relativePath))
    }
}

/// The ways the client reaches the fixtures: the real daemon over loopback through each
/// transport (URLSession, AsyncHTTPClient), and `FixtureTransport` in-process. All must answer alike.
enum MockBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case loopbackServer
    case loopbackAsyncHTTPClient
    case fixtureTransport

    /// The backends that go through real sockets.
    static let loopbackCases: [MockBackend] = [.loopbackServer, .loopbackAsyncHTTPClient]

    var testDescription: String { rawValue }

    /// Runs `body` with a session pointed at this backend; a server is started on a free port
    /// and stopped afterwards (and an AsyncHTTPClient transport shut down).
    func withSession<Result: Sendable>(
        wrapping wrap: @Sendable (any HTTPTransport) -> any HTTPTransport = { $0 },
        _ body: (JSONSession) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .loopbackServer, .loopbackAsyncHTTPClient:
            let transportKind: ClientTransport = self == .loopbackServer ? .urlSession : .asyncHTTPClient
            return try await withMockServer { url in
                try await transportKind.withTransport { transport in
                    try await body(JSONSession.forMocks(baseURL: url, transport: wrap(transport)))
                }
            }
        case .fixtureTransport:
            let session = JSONSession.forMocks(
                baseURL: URL(string: "http://fixtures.test")!,
                transport: wrap(FixtureTransport(store: try loadMocks()))
            )
            return try await body(session)
        }
    }
}

/// The two real transports, for tests that bring their own server.
enum ClientTransport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case asyncHTTPClient

    var testDescription: String { rawValue }

    /// Runs `body` with a transport of this kind; an AsyncHTTPClient transport is created for
    /// the test and shut down afterwards, so its lifecycle is exercised too.
    func withTransport<Result: Sendable>(_ body: (any HTTPTransport) async throws -> Result) async throws -> Result {
        switch self {
        case .urlSession:
            return try await body(URLSessionTransport.shared)
        case .asyncHTTPClient:
            let transport = AsyncHTTPClientTransport()
            do {
                let result = try await body(transport)
                try await transport.shutdown()
                return result
            } catch {
                try await transport.shutdown()
                throw error
            }
        }
    }
}

/// `Mocks/`, loaded and checked for broken fixtures.
func loadMocks() throws -> FixtureStore {
    let store = try FixtureStore.load(root: MocksDirectory.path)
    #expect(store.problems.filter { $0.severity == .error }.isEmpty, "Mocks/ has broken fixtures: \(store.problems)")
    return store
}

/// Runs `body` with the URL of a mockserver serving `Mocks/` on a free loopback port.
///
/// The server is stopped with `shutdown()`: stopping joins libmicrohttpd's threads and releases
/// delayed answers, and blocking one of the few cooperative threads while it does would stall
/// every other test running in parallel (and their timings with them).
func withMockServer<Result: Sendable>(_ body: (URL) async throws -> Result) async throws -> Result {
    let server = try MockHTTPServer(
        store: try loadMocks(),
        configuration: ServerConfiguration(port: 0, logRequests: false),
        logger: Logger(label: "ResonanceKitTests.server")
    )
    let result: Result
    do {
        result = try await body(server.url)
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
    return result
}

extension JSONSession {
    static func forMocks(baseURL: URL, transport: any HTTPTransport) -> JSONSession {
        var session = JSONSession(baseURL: baseURL, transport: transport)
        session.keyDecodingStrategy = .convertFromSnakeCase
        session.dateDecodingStrategy = .iso8601WithFractionalSeconds
        session.timeout = 10
        return session
    }
}
