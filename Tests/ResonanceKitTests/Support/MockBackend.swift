import Foundation
import Logging
import MockFixtures
import MockServer
import ResonanceKit
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

/// The two ways the client reaches the fixtures: the real daemon over loopback through the
/// default URLSession transport, and `FixtureTransport` in-process. Both must answer alike.
enum MockBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case loopbackServer
    case fixtureTransport

    var testDescription: String { rawValue }

    /// Runs `body` with a session pointed at this backend; a server is started on a free port
    /// and stopped afterwards.
    func withSession<Result: Sendable>(
        wrapping wrap: @Sendable (any HTTPTransport) -> any HTTPTransport = { $0 },
        _ body: (JSONSession) async throws -> Result
    ) async throws -> Result {
        let store = try FixtureStore.load(root: MocksDirectory.path)
        #expect(store.problems.filter { $0.severity == .error }.isEmpty, "Mocks/ has broken fixtures: \(store.problems)")
        switch self {
        case .loopbackServer:
            let server = try MockHTTPServer(
                store: store,
                configuration: ServerConfiguration(port: 0, logRequests: false),
                logger: Logger(label: "ResonanceKitTests.server")
            )
            defer { server.stop() }
            let session = JSONSession.forMocks(baseURL: server.url, transport: wrap(URLSessionTransport.shared))
            return try await body(session)
        case .fixtureTransport:
            let session = JSONSession.forMocks(
                baseURL: URL(string: "http://fixtures.test")!,
                transport: wrap(FixtureTransport(store: store))
            )
            return try await body(session)
        }
    }
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
