import Foundation
import Logging
import MockFixtures
import MockServer
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Connection handling: reuse, timeouts, concurrency, delays, oversize bodies, IPv6.
@Suite(.serialized) struct ConnectionTests {
    static let files = [
        "api/a.json": #"{"response": {"name": "a"}}"#,
        "api/b.json": #"{"response": {"name": "b"}}"#,
        "api/slow.json": #"{"delay": 1000, "response": {"name": "slow"}}"#,
        "api/echo.json": #"[{"method": "POST", "response": {"name": "posted"}}]"#,
    ]

    @Test func keepAliveServesTwoRequestsOnOneConnection() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        let first = try client.request("GET", "/api/a")
        let second = try client.request("GET", "/api/b")
        #expect(first.status == 200)
        #expect(second.status == 200)
        #expect(try jsonObject(first.body)["name"] as? String == "a")
        #expect(try jsonObject(second.body)["name"] as? String == "b")
        #expect(first.header("Connection")?.lowercased() != "close")
    }

    @Test func idleConnectionIsClosedAfterTheTimeout() async throws {
        let running = try RunningServer(Self.files) { $0.idleTimeoutSeconds = 1 }
        let client = try running.rawClient(timeout: 6)
        #expect(try client.request("GET", "/api/a").status == 200)
        // Timed on the waiting thread, so that a busy concurrency pool cannot add to it.
        let closing = await onOwnThread {
            let started = Date()
            return (closed: client.waitForClose(), seconds: Date().timeIntervalSince(started))
        }
        #expect(closing.closed, "the server kept an idle connection open past its 1 s timeout")
        #expect(closing.seconds < 6)
    }

    @Test func hundredsOfParallelRequestsAllGetTheirOwnBody() async throws {
        let running = try RunningServer(Self.files)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        configuration.timeoutIntervalForRequest = 20
        let session = URLSession(configuration: configuration)
        let names = try await withThrowingTaskGroup(of: (String, String?).self) { group in
            for index in 0..<300 {
                let name = index.isMultiple(of: 2) ? "a" : "b"
                group.addTask {
                    let answer = try await running.fetch("/api/\(name)", session: session)
                    return (name, try jsonObject(answer.body)["name"] as? String)
                }
            }
            var pairs: [(String, String?)] = []
            for try await pair in group { pairs.append(pair) }
            return pairs
        }
        #expect(names.count == 300)
        #expect(names.allSatisfy { $0.0 == $0.1 })
    }

    @Test func aDelayedRequestDoesNotBlockOthers() async throws {
        let running = try RunningServer(Self.files) { $0.threadPoolSize = 1 }
        let slow = BackgroundRequest(port: running.port, target: "/api/slow")
        // Parked, then twenty quick requests, all on a thread of its own: the race is against the
        // 1 s delay, which a task on a busy concurrency pool could lose without any server fault.
        let fast = try await onOwnThread {
            let parked = running.blockUntilSuspendedConnections(1)
            let statuses = try (0..<20).map { _ in try running.rawClient().request("GET", "/api/a").status }
            return (parked: parked, statuses: statuses, finished: Date())
        }
        #expect(fast.parked, "the delayed request never reached the server")
        #expect(fast.statuses == Array(repeating: 200, count: 20))
        let outcome = try #require(await slow.wait(seconds: 10), "the delayed request never finished")
        #expect(outcome.status == 200)
        #expect(fast.finished < outcome.finished, "fast requests waited for the delayed one")
        #expect(outcome.finished.timeIntervalSince(slow.started) > 0.9, "the 1000 ms delay was not applied")
    }

    @Test func aDelayLongerThanTheIdleTimeoutIsStillAnswered() async throws {
        let running = try RunningServer(["api/slow.json": #"{"delay": 1600, "response": {"late": true}}"#]) {
            $0.idleTimeoutSeconds = 1
        }
        let client = try running.rawClient(timeout: 10)
        let answer = try await onOwnThread { try client.request("GET", "/api/slow") }
        #expect(answer.status == 200)
        #expect(try jsonObject(answer.body)["late"] as? Bool == true)
    }

    @Test func stopWakesDelayedRequestsAndReturnsPromptly() async throws {
        let running = try RunningServer(["api/slow.json": #"{"delay": 60000, "response": {}}"#])
        let waiting = BackgroundRequest(port: running.port, target: "/api/slow")
        #expect(await running.waitForSuspendedConnections(1), "the delayed request never reached the server")
        // Timed on the stopping thread, so that a busy concurrency pool cannot add to it.
        let stopping = await onOwnThread {
            let started = Date()
            running.server.stop()
            running.server.stop()
            return Date().timeIntervalSince(started)
        }
        #expect(stopping < 5)
        // Closed without an answer, every time: an answer now would come 60 s early.
        let outcome = await waiting.wait(seconds: 5)
        #expect(outcome != nil, "a client was left hanging after stop()")
        #expect(outcome?.status == nil, "the delayed answer was sent early: \(outcome?.body ?? "")")
    }

    @Test func announcedOversizeBodyGets413AndTheServerKeepsServing() throws {
        let running = try RunningServer(Self.files) { $0.maxBodyBytes = 1024 }
        let client = try running.rawClient()
        try client.write("POST /api/echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\n\r\n")
        let refused = try client.readAnswer()
        #expect(refused.status == 413)
        #expect(refused.header("Connection")?.lowercased() == "close")
        #expect((try jsonObject(refused.body)["error"] as? String)?.contains("1024-byte limit") == true)
        #expect(client.waitForClose())

        let next = try running.rawClient()
        #expect(try next.request("GET", "/api/a").status == 200)
    }

    @Test func chunkedUploadOverTheLimitGets413AfterItEnds() throws {
        let running = try RunningServer(Self.files) { $0.maxBodyBytes = 64 * 1024 }
        let client = try running.rawClient()
        try client.write("POST /api/echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("8000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 0x8000) + Array("\r\n".utf8)
        for _ in 0..<8 {
            try client.write(chunk)
        }
        try client.write("0\r\n\r\n")
        let refused = try client.readAnswer()
        #expect(refused.status == 413)
        #expect(refused.header("Connection")?.lowercased() == "close")

        let small = try running.rawClient()
        try small.write("POST /api/echo HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\n\r\n{}")
        #expect(try small.readAnswer().status == 200)
    }

    @Test(.enabled(if: ConnectionTests.loopbackIPv6Available(), "this machine has no ::1"))
    func servesOverIPv6Loopback() throws {
        let running = try RunningServer(Self.files) { $0.host = "::1" }
        #expect(running.server.url.absoluteString == "http://[::1]:\(running.port)")
        let client = try RawHTTPClient(host: "::1", port: running.port)
        let answer = try client.request("GET", "/api/a")
        #expect(answer.status == 200)
        #expect(try jsonObject(answer.body)["name"] as? String == "a")
    }

    @Test(.enabled(if: ConnectionTests.loopbackIPv6Available(), "this machine has no ::1"))
    func ipv6WildcardAlsoAcceptsIPv4() throws {
        let running = try RunningServer(Self.files) { $0.host = "::" }
        for host in ["::1", "127.0.0.1"] {
            let answer = try RawHTTPClient(host: host, port: running.port).request("GET", "/api/a")
            #expect(answer.status == 200, "over \(host)")
        }
    }

    static func loopbackIPv6Available() -> Bool {
        #if canImport(Glibc)
        let probe = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
        #else
        return true
        #endif
    }
}
