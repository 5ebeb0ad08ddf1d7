import Foundation
import MockFixtures
import MockServer
import TestSupport
import Testing

/// `withMockServer` scopes a server to a closure and stops it however the closure ends.
@Suite struct WithMockServerTests {
    struct Expected: Error {}

    static let files = ["api/people.json": #"[{"response": {"names": ["Luke"]}}]"#]

    @Test func servesDuringTheClosureAndStopsAfterIt() async throws {
        let tree = try TemporaryFolder(Self.files)
        let port = try await withMockServer(root: tree.path) { server in
            #expect(server.url.absoluteString.hasPrefix("http://127.0.0.1:"))
            let answer = try RawHTTPClient(port: server.port).request("GET", "/api/people")
            #expect(answer.status == 200)
            return server.port
        }
        #expect(Self.refuses(port), "the server still accepts connections after the closure returned")
    }

    @Test func stopsWhenTheClosureThrows() async throws {
        let tree = try TemporaryFolder(Self.files)
        let port = LockedPort()
        await #expect(throws: Expected.self) {
            try await withMockServer(root: tree.path) { server in
                port.set(server.port)
                throw Expected()
            }
        }
        #expect(Self.refuses(try #require(port.value)))
    }

    @Test func stopsWhenTheTaskIsCancelled() async throws {
        let tree = try TemporaryFolder(Self.files)
        let port = LockedPort()
        let started = AsyncStream<Void>.makeStream()
        let task = Task {
            try await withMockServer(root: tree.path) { server in
                port.set(server.port)
                started.continuation.yield()
                try await Task.sleep(for: .seconds(3600))   // ends only by cancellation
            }
        }
        for await _ in started.stream { break }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(Self.refuses(try #require(port.value)))
    }

    @Test func shutdownWakesParkedRequestsAndStops() async throws {
        let tree = try TemporaryFolder(["api/slow.json": #"[{"delay": 60000, "response": {"late": true}}]"#])
        let server = try MockHTTPServer(root: tree.path)
        let parked = BackgroundRequest(port: server.port, target: "/api/slow")
        #expect(await eventually { server.suspendedConnectionCount == 1 }, "the delayed request was never parked")
        await server.shutdown()
        #expect(Self.refuses(server.port), "the server still accepts connections after shutdown()")
        #expect(await parked.wait(seconds: 10) != nil, "the parked request did not end with the server")
        server.stop()   // idempotent after shutdown()
        await server.shutdown()
    }

    @Test func anUnusableRootThrowsBeforeAnythingStarts() async throws {
        await #expect(throws: FixtureRootError.self) {
            try await withMockServer(root: "/nonexistent-\(UUID().uuidString)") { _ in }
        }
    }

    /// Whether connecting to the port is refused (nothing listens there any more).
    static func refuses(_ port: Int) -> Bool {
        (try? RawHTTPClient(port: port)) == nil
    }

    final class LockedPort: @unchecked Sendable {
        // @unchecked: `port` is only read and written under `lock`.
        private let lock = NSLock()
        private var port: Int?
        func set(_ value: Int) { lock.withLock { port = value } }
        var value: Int? { lock.withLock { port } }
    }
}
