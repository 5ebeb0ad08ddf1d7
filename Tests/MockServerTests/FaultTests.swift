import Foundation
import MockServer
import TestSupport
import Testing

/// Faults and slow bodies on the wire: what curl and a raw socket see for each `fault`, and a
/// paced body that arrives whole without holding the only worker thread. Timings are lower
/// bounds only; BENCHMARKS.md and the README say how long things take.
@Suite struct FaultTests {
    static let files = [
        "api/reset.json": #"[{"fault": "connectionReset"}]"#,
        "api/empty.json": #"[{"fault": "emptyResponse"}]"#,
        "api/offline.json": #"[{"fault": "notConnectedToInternet"}]"#,
        "api/nohost.json": #"[{"fault": "cannotFindHost"}]"#,
        "api/short.json": #"[{"fault": "truncatedBody", "responseText": "0123456789", "headers": {"X-Fixture": "short"}}]"#,
        "api/late-reset.json": #"[{"delay": 1000, "fault": "connectionReset"}]"#,
        "api/slow.json": #"[{"bytesPerSecond": 1, "responseText": "abc"}]"#,
        "api/slower.json": #"[{"bytesPerSecond": 1, "responseText": "twenty bytes of text"}]"#,
        "api/slow-short.json": #"[{"bytesPerSecond": 10, "fault": "truncatedBody", "responseText": "0123456789"}]"#,
        "api/fast.json": #"[{"response": {"ok": true}}]"#,
    ]

    /// curl's documented exit codes: 56 "failure receiving network data" (the reset), 52 "the
    /// server did not reply anything", 18 "partial file" (fewer bytes than `Content-Length`).
    @Test(arguments: [("reset", Int32(56), ""), ("empty", 52, ""), ("short", 18, "01234")])
    func curlSeesEachFault(path: String, exitCode: Int32, received: String) async throws {
        let running = try RunningServer(Self.files)
        let result = try await Curl.get(running.server.url.absoluteString + "/api/" + path)
        #expect(result.status == exitCode)
        #expect(result.standardOutput == received)
        // The server goes on serving.
        #expect(try running.rawClient().request("GET", "/api/fast").status == 200)
    }

    /// A reset ends with an RST (`ECONNRESET` on the next read), an empty response with a FIN
    /// (end of stream); neither sends a byte.
    /// The client-side errors (offline, no such host) are exact only in-process; on a socket
    /// they reset the connection.
    @Test(arguments: [("reset", true), ("empty", false), ("offline", true), ("nohost", true)])
    func aFaultBeforeTheAnswerSendsNothing(path: String, reset: Bool) throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("GET /api/\(path) HTTP/1.1\r\nHost: test\r\n\r\n")
        let ending = try client.readUntilClosed()
        #expect(ending.bytes.isEmpty)
        #expect(ending.reset == reset, reset ? "closed with a FIN, not a reset" : "reset instead of closed normally")
    }

    @Test func aTruncatedBodyAnnouncesItsFullLengthSendsHalfAndCloses() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("GET /api/short HTTP/1.1\r\nHost: test\r\n\r\n")
        let ending = try client.readUntilClosed()
        #expect(!ending.reset)
        let text = String(decoding: ending.bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 2)
        #expect(parts[0].hasPrefix("HTTP/1.1 200 "))
        let headers = parts[0].lowercased()
        #expect(headers.contains("\r\ncontent-length: 10"))
        #expect(headers.contains("\r\nx-fixture: short"))
        #expect(headers.contains("\r\ncontent-type: text/plain; charset=utf-8"))
        #expect(parts.last == "01234")
    }

    @Test func aHeadRequestForATruncatedBodyIsAnsweredNormallyAndTheConnectionKept() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        let head = try client.request("HEAD", "/api/short")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "10")
        #expect(try client.request("GET", "/api/fast").status == 200)
    }

    @Test func theDelayComesBeforeTheFault() async throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("GET /api/late-reset HTTP/1.1\r\nHost: test\r\n\r\n")
        // The request is parked on its delay, connection still open…
        #expect(await running.waitForSuspendedConnections(1))
        // …then reset, with nothing sent.
        let ending = try await onOwnThread { try client.readUntilClosed() }
        #expect(ending.reset)
        #expect(ending.bytes.isEmpty)
        #expect(running.server.suspendedConnectionCount == 0)
    }

    /// One worker thread, an idle timeout and a head timeout of 1 s, and a body paced at one
    /// byte a second: the gaps never count as idleness, and the worker serves others meanwhile.
    @Test func aPacedBodyArrivesWholeWhileTheOnlyWorkerServesOthers() async throws {
        let running = try RunningServer(Self.files) {
            $0.threadPoolSize = 1
            $0.idleTimeoutSeconds = 1
            $0.headTimeoutSeconds = 1
        }
        let slow = BackgroundRequest(port: running.port, target: "/api/slow")
        // On a thread of its own, racing the 3 s body (which a task on a busy concurrency pool
        // could lose without any server fault): parked between two bytes, the connection is
        // suspended and no server thread waits for it, so the only worker answers another request.
        let meanwhile = try await onOwnThread {
            let parked = running.blockUntilSuspendedConnections(1)
            let fast = try running.rawClient().request("GET", "/api/fast")
            return (parked: parked, fastStatus: fast.status, slowFinished: slow.isFinished)
        }
        #expect(meanwhile.parked)
        #expect(meanwhile.fastStatus == 200)
        #expect(!meanwhile.slowFinished, "the 3-byte body at 1 byte/s was already complete")
        let outcome = try #require(await slow.wait(seconds: 60), "the paced body never completed")
        #expect(outcome.status == 200)
        #expect(outcome.body == "abc")
        // 3 bytes at 1 byte per second: the last leaves about 3 s after the headers.
        #expect(outcome.finished.timeIntervalSince(slow.started) >= 2.5)
    }

    @Test func aTruncatedPacedBodySendsItsHalfAtTheRateThenCloses() async throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient(timeout: 30)
        // Timed on the reading thread, so that a busy concurrency pool cannot add to it.
        let (ending, seconds) = try await onOwnThread {
            let started = Date()
            try client.write("GET /api/slow-short HTTP/1.1\r\nHost: test\r\n\r\n")
            return (try client.readUntilClosed(), Date().timeIntervalSince(started))
        }
        #expect(!ending.reset)
        #expect(String(decoding: ending.bytes, as: UTF8.self).hasSuffix("\r\n\r\n01234"))
        // 5 bytes at 10 bytes per second.
        #expect(seconds >= 0.4)
    }

    @Test func stoppingTheServerEndsAPacedBodyAtOnce() async throws {
        let running = try RunningServer(Self.files)
        let slow = BackgroundRequest(port: running.port, target: "/api/slower")
        #expect(await running.waitForSuspendedConnections(1))
        await running.stop()
        // 20 bytes at 1 byte per second would take 20 s: the stop does not wait for them.
        let outcome = try #require(await slow.wait(seconds: 10), "the paced connection was left open by stop()")
        #expect(outcome.status == nil, "a 20 s body completed within 10 s")
    }
}
