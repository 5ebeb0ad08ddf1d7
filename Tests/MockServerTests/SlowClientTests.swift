import Foundation
import MockServer
import TestSupport
import Testing

/// Clients that open connections and trickle their request heads (slowloris) must not keep other
/// clients waiting: the real `mockserver` holds more than libmicrohttpd's old default of about
/// 1,020 connections, and drops heads that take too long.
@Suite(.serialized) struct SlowClientTests {
    static let files = ["api/people.json": #"[{"response": {"names": ["Luke"]}}]"#]
    static let tricklers = 1_100

    @Test(.enabled(if: raiseOpenFileLimit(to: 4096), "the hard open-file limit is below 4096"))
    func aNormalRequestIsAnsweredWhile1100ConnectionsTrickleTheirHeads() async throws {
        let tree = try TemporaryFolder(Self.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))

        // A child process holds the tricklers (see TricklingCrowd for why not this one).
        let slow = try await TricklingCrowd(port: port, count: Self.tricklers)
        try await slow.waitUntilHolding()
        // Every trickler has its bytes in the server's sockets; a normal request still gets in.
        // (The time it takes is measured by scripts/bench-server.sh, not asserted here.)
        let answer = try await onOwnThread { try RawHTTPClient(port: port, timeout: 15).request("GET", "/api/people") }
        #expect(answer.status == 200)
        #expect(try jsonObject(answer.body)["names"] as? [String] == ["Luke"])
        // …and the tricklers are still being held, not dropped to make room.
        #expect(try await slow.closedByServer() == 0)
        #expect(await slow.release(), "the trickling crowd did not end")

        server.process.terminate()
        #expect(await server.waitForExit(within: 20)?.status == 0)
    }

    @Test func aHeadThatTricklesPastTheHeadTimeoutIsClosed() async throws {
        let tree = try TemporaryFolder(Self.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet", "--head-timeout", "1"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))
        let trickling = try TricklingClient(port: port)
        let silent = try TricklingClient(port: port)
        // A byte every 100 ms keeps resetting the idle timeout (30 s), never the head deadline.
        // The polls wait, so they run on a thread of their own.
        let closed = await onOwnThread {
            var closed = false
            for _ in 0..<150 where !closed {
                try? trickling.trickle()
                closed = trickling.closedByServer(waitingUpTo: 100)
            }
            return closed
        }
        #expect(closed, "a head trickled for 15 s was never cut off by --head-timeout 1")
        #expect(await onOwnThread { silent.closedByServer(waitingUpTo: 10_000) })
        #expect(await eventually { server.standardErrorSoFar.contains("sent no complete request head within 1 s (head timeout)") })
        // The server goes on serving.
        #expect(try RawHTTPClient(port: port).request("GET", "/api/people").status == 200)
        server.process.terminate()
        #expect(await server.waitForExit(within: 20)?.status == 0)
    }

    @Test func anIdleKeptAliveConnectionIsGovernedByTheIdleTimeoutNotTheHeadTimeout() async throws {
        let running = try RunningServer(Self.files) {
            $0.headTimeoutSeconds = 1
            $0.idleTimeoutSeconds = 30
        }
        let client = try running.rawClient()
        #expect(try client.request("GET", "/api/people").status == 200)
        // Three sweeps, a second apart, find the connection waiting past the 1 s head timeout.
        let sweeps = running.server.headDeadlineSweeps
        #expect(await eventually { running.server.headDeadlineSweeps >= sweeps + 3 })
        #expect(try client.request("GET", "/api/people").status == 200)
    }
}
