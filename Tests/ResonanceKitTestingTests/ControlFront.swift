import Foundation
import Logging
import MockFixtures
import MockServer
import ResonanceKit
import ResonanceKitTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The two fronts over one engine: a real `MockHTTPServer` on loopback controlled with
/// `MockServerControl`, and `FixtureTransport` in-process. Every test runs on both and must see
/// the same answers.
enum ControlFront: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sockets
    case inProcess

    var testDescription: String { rawValue }

    /// A session for "the app" and the control for "the test", over a temporary fixture tree.
    struct Harness: Sendable {
        let session: JSONSession
        let mock: any MockControlling
        let root: TemporaryFolder
        /// The engine behind both: the server's in-process, the transport's in-process.
        let engine: MockEngine
    }

    /// With `cookies`, "the app" keeps cookies as a URLSession configured with a cookie storage
    /// does: through such a transport over sockets, through `FixtureTransport.cookieStorage`
    /// in-process.
    func run<Result: Sendable>(files: [String: String], binaryFiles: [String: [UInt8]] = [:], options: MockEngineOptions = .init(),
                               cookies: Bool = false,
                               _ body: (Harness) async throws -> Result) async throws -> Result {
        let root = try TemporaryFolder(files)
        defer { root.remove() }
        for (path, bytes) in binaryFiles {
            try root.write(path, bytes: bytes)
        }
        let store = try FixtureStore.load(root: root.path)
        let engine = MockEngine(store: store, options: options)
        switch self {
        case .sockets:
            let server = try MockHTTPServer(engine: engine, configuration: ServerConfiguration(port: 0, logRequests: false),
                                            logger: Logger(label: "ResonanceKitTestingTests"))
            defer { server.stop() }
            var session: JSONSession
            if cookies {
                let configuration = URLSessionTransport.defaultConfiguration()
                configuration.httpCookieStorage = URLSessionConfiguration.ephemeral.httpCookieStorage
                configuration.httpShouldSetCookies = true
                configuration.httpCookieAcceptPolicy = .always
                session = JSONSession(baseURL: server.url.appendingPathComponent("api"), transport: URLSessionTransport(configuration: configuration))
            } else {
                session = JSONSession(baseURL: server.url.appendingPathComponent("api"))
            }
            session.timeout = 20
            let mock = MockServerControl(baseURL: server.url)
            return try await body(Harness(session: session, mock: mock, root: root, engine: engine))
        case .inProcess:
            var transport = FixtureTransport(engine: engine)
            if cookies {
                transport.cookieStorage = URLSessionConfiguration.ephemeral.httpCookieStorage
            }
            var session = JSONSession(baseURL: URL(string: "http://fixtures.test/api")!, transport: transport)
            session.timeout = 20
            return try await body(Harness(session: session, mock: transport, root: root, engine: engine))
        }
    }
}

extension JSONSession {
    /// Sends and returns the status, for driving "the app".
    @discardableResult
    func status(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
                body: RequestBody? = nil) async throws -> Int {
        try await send(HTTPRequest(method: method, path: path, queryItems: query, headers: headers, body: body)).statusCode
    }

    func text(_ path: String) async throws -> String {
        try await send(HTTPRequest(path: path)).text()
    }
}
