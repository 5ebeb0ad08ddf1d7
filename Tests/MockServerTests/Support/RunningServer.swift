import Foundation
import Testing
import Logging
import MockFixtures
import MockServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fixture tree plus an in-process server on an ephemeral loopback port, stopped on `deinit`.
final class RunningServer: @unchecked Sendable {
    let tree: FixtureTree
    let store: FixtureStore
    let server: MockHTTPServer
    /// Reloads the server has installed (through any trigger), counted by its `afterReload` hook.
    let reloads = Counter()

    init(
        _ files: [String: String],
        binaryFiles: [String: [UInt8]] = [:],
        loadOptions: FixtureLoadOptions = .init(),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        tree = try FixtureTree(files)
        for (path, bytes) in binaryFiles {
            try tree.write(path, Data(bytes))
        }
        store = try FixtureStore.load(root: tree.path, options: loadOptions)
        var configuration = ServerConfiguration(port: 0, logRequests: false)
        configure(&configuration)
        let reloads = reloads
        server = try MockHTTPServer(
            store: store, configuration: configuration, logger: Logger(label: "mockserver-tests")
        ) { _ in reloads.increment() }
    }

    /// Waits until `count` requests are parked on the server (a delay or a reload); false after
    /// the hang guard of 10 s.
    func waitForSuspendedConnections(_ count: Int) -> Bool {
        eventually { server.suspendedConnectionCount == count }
    }

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
