import Foundation
import Testing
import Logging
import MockFixtures
import MockServer
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fixture tree plus an in-process server on an ephemeral loopback port, stopped on `deinit`
/// (or earlier with ``stop()``).
final class RunningServer: Sendable {
    let tree: TemporaryFolder
    let store: FixtureStore
    let server: MockHTTPServer
    /// Reloads the server has installed (through any trigger), counted by its `afterReload` hook.
    let reloads = LockedCounter()

    init(
        _ files: [String: String],
        binaryFiles: [String: [UInt8]] = [:],
        loadOptions: FixtureLoadOptions = .init(),
        engineOptions: MockEngineOptions = .init(),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        tree = try TemporaryFolder(files)
        for (path, bytes) in binaryFiles {
            try tree.write(path, bytes: bytes)
        }
        store = try FixtureStore.load(root: tree.path, options: loadOptions)
        var configuration = ServerConfiguration(port: 0, logRequests: false)
        configure(&configuration)
        let reloads = reloads
        server = try MockHTTPServer(
            engine: MockEngine(store: store, options: engineOptions), configuration: configuration, logger: Logger(label: "mockserver-tests")
        ) { _ in reloads.increment() }
    }

    /// Waits, suspended, until `count` requests are parked on the server (a delay or a reload);
    /// false after the hang guard of 10 s. A thread of its own polls the count: a request parked
    /// on a short delay is parked only that long, and other tests can keep the concurrency pool's
    /// threads, and so a polling task, busy for longer.
    func waitForSuspendedConnections(_ count: Int) async -> Bool {
        await onOwnThread { [self] in blockUntilSuspendedConnections(count) }
    }

    /// ``waitForSuspendedConnections(_:)`` for steps already running on a thread of their own
    /// (`onOwnThread`): blocks the calling thread.
    func blockUntilSuspendedConnections(_ count: Int) -> Bool {
        pollBlockingThisThread { server.suspendedConnectionCount == count }
    }

    /// Stops the server without holding a thread of the concurrency pool while it wakes parked
    /// requests and joins libmicrohttpd's threads.
    func stop() async {
        await server.shutdown()
    }

    /// Idempotent after ``stop()``; otherwise a stop of a server with nothing parked, which is quick.
    deinit {
        server.stop()
    }

    var port: Int { server.port }

    func rawClient(timeout: TimeInterval = 5) throws -> RawHTTPClient {
        try RawHTTPClient(port: server.port, timeout: timeout)
    }

    /// One request through URLSession, which is what real clients use.
    func fetch(
        _ target: String,
        method: String = "GET",
        body: Data? = nil,
        headers: [String: String] = [:],
        session: URLSession = .shared
    ) async throws -> (status: Int, body: Data, response: HTTPURLResponse) {
        var request = URLRequest(url: URL(string: server.url.absoluteString + target)!, timeoutInterval: 10)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, data, http)
    }
}

/// Decodes a JSON object body, failing the test when it is not one.
func jsonObject(_ data: Data) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: data)
    guard let dictionary = object as? [String: Any] else {
        throw RawHTTPClient.Failure(description: "body is not a JSON object: \(String(decoding: data, as: UTF8.self))")
    }
    return dictionary
}

func jsonObject(_ bytes: [UInt8]) throws -> [String: Any] {
    try jsonObject(Data(bytes))
}
