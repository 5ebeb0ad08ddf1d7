import Foundation
import MockFixtures
import MockServer
import TestSupport
import Testing

/// `withMockServer` scopes a server to a closure and stops it however the closure ends.
@Suite struct WithMockServerTests {
    struct Expected: Error {}

    /// Each test's server answers `/api/whoami` with its own marker, so a check after the stop
    /// can tell this server from another test's that was given the same freed port meanwhile.
    static func files(marker: String) -> [String: String] {
        ["api/people.json": #"[{"response": {"names": ["Luke"]}}]"#,
         "api/whoami.json": #"[{"response": {"marker": "\#(marker)"}}]"#]
    }

    @Test func servesDuringTheClosureAndStopsAfterIt() async throws {
        let marker = UUID().uuidString
        let tree = try TemporaryFolder(Self.files(marker: marker))
        let port = try await withMockServer(root: tree.path) { server in
            #expect(server.url.absoluteString.hasPrefix("http://127.0.0.1:"))
            let serverPort = server.port
            let answer = try await onOwnThread { try RawHTTPClient(port: serverPort).request("GET", "/api/people") }
            #expect(answer.status == 200)
            #expect(await Self.isServing(server.port, marker: marker), "the check after the stop would not see this server")
            return server.port
        }
        #expect(!(await Self.isServing(port, marker: marker)), "the server still answers after the closure returned")
    }

    @Test func stopsWhenTheClosureThrows() async throws {
        let marker = UUID().uuidString
        let tree = try TemporaryFolder(Self.files(marker: marker))
        let port = LockedPort()
        await #expect(throws: Expected.self) {
            try await withMockServer(root: tree.path) { server in
                port.set(server.port)
                throw Expected()
            }
        }
        #expect(!(await Self.isServing(try #require(port.value), marker: marker)))
    }

    @Test func stopsWhenTheTaskIsCancelled() async throws {
        let marker = UUID().uuidString
        let tree = try TemporaryFolder(Self.files(marker: marker))
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
        #expect(!(await Self.isServing(try #require(port.value), marker: marker)))
    }

    @Test func shutdownWakesParkedRequestsAndStops() async throws {
        let marker = UUID().uuidString
        var files = Self.files(marker: marker)
        files["api/slow.json"] = #"[{"delay": 60000, "response": {"late": true}}]"#
        let tree = try TemporaryFolder(files)
        let server = try MockHTTPServer(root: tree.path)
        let parked = BackgroundRequest(port: server.port, target: "/api/slow")
        #expect(await eventually { server.suspendedConnectionCount == 1 }, "the delayed request was never parked")
        await server.shutdown()
        #expect(!(await Self.isServing(server.port, marker: marker)), "the server still answers after shutdown()")
        #expect(await parked.wait(seconds: 10) != nil, "the parked request did not end with the server")
        server.stop()   // idempotent after shutdown()
        await server.shutdown()
    }

    @Test func anUnusableRootThrowsBeforeAnythingStarts() async throws {
        await #expect(throws: FixtureRootError.self) {
            try await withMockServer(root: "/nonexistent-\(UUID().uuidString)") { _ in }
        }
    }

    /// Whether the server with `marker` still answers on `port`: false when nothing listens
    /// there, and false when another test's server got the freed port meanwhile (tests run in
    /// parallel and the kernel hands freed ports out again). The blocking socket calls run on a
    /// thread of their own, not on the cooperative pool the other tests share.
    static func isServing(_ port: Int, marker: String) async -> Bool {
        await onOwnThread {
            guard let client = try? RawHTTPClient(port: port), let answer = try? client.request("GET", "/api/whoami") else {
                return false
            }
            return answer.status == 200 && answer.text.contains(marker)
        }
    }

    final class LockedPort: @unchecked Sendable {
        // @unchecked: `port` is only read and written under `lock`.
        private let lock = NSLock()
        private var port: Int?
        func set(_ value: Int) { lock.withLock { port = value } }
        var value: Int? { lock.withLock { port } }
    }
}
