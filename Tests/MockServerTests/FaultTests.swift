import Foundation
import MockServer
import Testing

/// Faults and slow bodies on the wire: what curl and a raw socket see for each `fault`, and a
/// paced body that arrives whole without holding the only worker thread. Timings are lower
/// bounds only; BENCHMARKS.md and the README say how long things take.
@Suite struct FaultTests {
    static let files = [
        "api/reset.json": #"[{"fault": "connectionReset"}]"#,
        "api/empty.json": #"[{"fault": "emptyResponse"}]"#,
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
    func curlSeesEachFault(path: String, exitCode: Int32, received: String) throws {
        let running = try RunningServer(Self.files)
        let result = try Curl.get(running.server.url.absoluteString + "/api/" + path)
        #expect(result.exitCode == exitCode)
        #expect(String(decoding: result.body, as: UTF8.self) == received)
        // The server goes on serving.
        #expect(try running.rawClient().request("GET", "/api/fast").status == 200)
    }

    /// A reset ends with an RST (`ECONNRESET` on the next read), an empty response with a FIN
    /// (end of stream); neither sends a byte.
    @Test(arguments: [("reset", true), ("empty", false)])
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

    @Test func theDelayComesBeforeTheFault() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("GET /api/late-reset HTTP/1.1\r\nHost: test\r\n\r\n")
        // The request is parked on its delay, connection still open…
        #expect(running.waitForSuspendedConnections(1))
        // …then reset, with nothing sent.
        let ending = try client.readUntilClosed()
        #expect(ending.reset)
        #expect(ending.bytes.isEmpty)
        #expect(running.server.suspendedConnectionCount == 0)
    }

    /// One worker thread, an idle timeout and a head timeout of 1 s, and a body paced at one
    /// byte a second: the gaps never count as idleness, and the worker serves others meanwhile.
    @Test func aPacedBodyArrivesWholeWhileTheOnlyWorkerServesOthers() throws {
        let running = try RunningServer(Self.files) {
            $0.threadPoolSize = 1
            $0.idleTimeoutSeconds = 1
            $0.headTimeoutSeconds = 1
        }
        let slow = BackgroundRequest(port: running.port, target: "/api/slow")
        // Parked between two bytes: the connection is suspended, no thread waits for it.
        #expect(running.waitForSuspendedConnections(1))
        let fast = try running.rawClient().request("GET", "/api/fast")
        #expect(fast.status == 200)
        #expect(slow.wait(seconds: 0) == nil, "the 3-byte body at 1 byte/s was already complete")
        let outcome = try #require(slow.wait(seconds: 60), "the paced body never completed")
        #expect(outcome.status == 200)
        #expect(outcome.body == "abc")
        // 3 bytes at 1 byte per second: the last leaves about 3 s after the headers.
        #expect(outcome.finished.timeIntervalSince(slow.started) >= 2.5)
    }

    @Test func aTruncatedPacedBodySendsItsHalfAtTheRateThenCloses() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient(timeout: 30)
        let started = Date()
        try client.write("GET /api/slow-short HTTP/1.1\r\nHost: test\r\n\r\n")
        let ending = try client.readUntilClosed()
        #expect(!ending.reset)
        #expect(String(decoding: ending.bytes, as: UTF8.self).hasSuffix("\r\n\r\n01234"))
        // 5 bytes at 10 bytes per second.
        #expect(Date().timeIntervalSince(started) >= 0.4)
    }

    @Test func stoppingTheServerEndsAPacedBodyAtOnce() throws {
        let running = try RunningServer(Self.files)
        let slow = BackgroundRequest(port: running.port, target: "/api/slower")
        #expect(running.waitForSuspendedConnections(1))
        running.server.stop()
        // 20 bytes at 1 byte per second would take 20 s: the stop does not wait for them.
        let outcome = try #require(slow.wait(seconds: 10), "the paced connection was left open by stop()")
        #expect(outcome.status == nil, "a 20 s body completed within 10 s")
    }
}

/// `curl` run to completion, its body written to a temporary file.
enum Curl {
    struct Result {
        let exitCode: Int32
        let body: [UInt8]
    }

    /// `curl --silent --max-time 20 --output FILE url`; curl ends by itself within its time limit.
    static func get(_ url: String) throws -> Result {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "--silent", "--max-time", "20", "--output", output.path, url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let body = (try? Data(contentsOf: output)).map { [UInt8]($0) } ?? []
        return Result(exitCode: process.terminationStatus, body: body)
    }
}
