import Foundation
import MockFixtures
import MockServer
import MockUpstream
import TestSupport
import Testing

/// `--proxy-unmatched`: fixtures answer first, the rest goes to a local upstream started by the
/// test, and what happened is in the journal.
@Suite struct ProxyServingTests {
    static let upstreamFiles = [
        "api/people.json": #"[{"response": {"from": "upstream"}}, {"method": "POST", "status": 201, "headers": {"Location": "/api/people/9", "X-Upstream": "yes"}, "response": {"id": 9}}]"#,
        "api/planets.json": #"[{"request": {"page": "2"}, "response": {"planets": ["Hoth"]}}]"#,
    ]
    static let mockFiles = [
        "api/people.json": #"[{"response": {"from": "fixture"}}]"#,
    ]

    @Test func fixturesWinAndWhatTheyDoNotAnswerIsProxied() async throws {
        let upstream = try LocalUpstream(Self.upstreamFiles)
        let proxy = try ForwardingServer(.proxy(record: false), upstream: upstream.url, fixtures: Self.mockFiles)

        let fixture = try await proxy.send("GET", "/api/people")
        #expect(fixture.status == 200)
        #expect(sameJSON(fixture.body, #"{"from": "fixture"}"#))
        #expect(upstream.requestCount == 0, "a request a fixture answers never reaches the upstream")

        let noFile = try await proxy.send("GET", "/api/planets?page=2")
        #expect(noFile.status == 200)
        #expect(sameJSON(noFile.body, #"{"planets": ["Hoth"]}"#))

        let noEntry = try await proxy.send("POST", "/api/people", headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: #"{"name": "Rey"}"#)
        #expect(noEntry.status == 201, "the file exists but no entry matches POST: proxied")
        #expect(noEntry.header("Location") == "/api/people/9")
        #expect(noEntry.header("X-Upstream") == "yes")
        #expect(sameJSON(noEntry.body, #"{"id": 9}"#))

        let missingEverywhere = try await proxy.send("GET", "/api/nowhere")
        #expect(missingEverywhere.status == 404, "the upstream's own 404 is handed on")
        #expect(String(decoding: missingEverywhere.body, as: UTF8.self).contains("no fixture file serves GET /api/nowhere"))

        #expect(proxy.outcomes == ["matched", "proxied", "proxied", "proxied"])
        #expect(upstream.requestCount == 3)
    }

    /// Everything the proxy sends after `request` until it closes the connection, as raw text: the
    /// upstream client `send` uses drops framing headers from what it reports.
    private static func bytesUntilClosed(from proxy: ForwardingServer, after request: String) async throws -> String {
        let port = try #require(URLComponents(string: proxy.url)?.port)
        let ending = try await onOwnThread {
            let client = try RawHTTPClient(port: port, timeout: 10)
            try client.write(request)
            return try client.readUntilClosed()
        }
        return String(decoding: ending.bytes, as: UTF8.self)
    }

    /// An upstream that answers HEAD with `head` and anything else with `get`, keeping the connection.
    private static func upstream(answeringHEAD head: String, otherwise get: String) throws -> ScriptedUpstream {
        try ScriptedUpstream { request in
            .bytes(Array((request.method == "HEAD" ? head : get).utf8), close: false)
        }
    }

    @Test func aForwardedHeadStatesTheUpstreamsLengthNotZero() async throws {
        let upstream = try Self.upstream(answeringHEAD: "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 5000\r\n\r\n",
                                         otherwise: "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 4\r\n\r\nPNG!")
        let proxy = try ForwardingServer(.proxy(record: false), upstream: upstream.url, fixtures: Self.mockFiles)
        let head = try await proxy.send("HEAD", "/logo.png")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.statedBodyLength == 5000, "mockserver's Content-Length is the upstream's, not 0")
        #expect(head.header("Content-Type") == "image/png")
        let get = try await proxy.send("GET", "/logo.png")
        #expect(get.body == Array("PNG!".utf8), "the connection to the proxy is still in step")
        #expect(upstream.requests.map(\.method) == ["HEAD", "GET"])
    }

    /// RFC 9110 §8.6: a HEAD answer states GET's length or none. An upstream that sends GET's
    /// body chunked states none, and `Content-Length: 0` would be false.
    @Test func aForwardedHeadWhoseUpstreamStatesNoLengthStatesNone() async throws {
        let chunked = "HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n"
        let upstream = try Self.upstream(answeringHEAD: chunked, otherwise: chunked + "4\r\na,b\n\r\n0\r\n\r\n")
        let proxy = try ForwardingServer(.proxy(record: false), upstream: upstream.url, fixtures: Self.mockFiles)
        let head = try await Self.bytesUntilClosed(from: proxy, after: "HEAD /export.csv HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 "), "\(head)")
        #expect(head.hasSuffix("\r\n\r\n"), "nothing after the head: \(head.debugDescription)")
        #expect(!head.lowercased().contains("content-length"), "no length rather than a false 0: \(head)")
        #expect(!head.lowercased().contains("transfer-encoding"), "libmicrohttpd would follow chunked with a last chunk, a body after a HEAD answer: \(head)")
        #expect(head.lowercased().contains("connection: close\r\n"), "the closed connection ends the answer: \(head)")
        #expect(head.contains("Content-Type: text/csv\r\n"))
        let get = try await proxy.send("GET", "/export.csv")
        #expect(get.body == Array("a,b\n".utf8))
        #expect(proxy.outcomes == ["proxied", "proxied"])
    }

    /// An upstream 304's length may be an encoded body's, which the proxy decodes: the answer
    /// states none (rather than libmicrohttpd's `Content-Length: 0`) and closes.
    @Test func aForwarded304StatesNoLength() async throws {
        let upstream = try Self.upstream(answeringHEAD: "", otherwise: "HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\nContent-Length: 321\r\n\r\n")
        let proxy = try ForwardingServer(.proxy(record: false), upstream: upstream.url, fixtures: Self.mockFiles)
        let head = try await Self.bytesUntilClosed(from: proxy, after: "GET /logo.png HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"v1\"\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 304 "), "\(head)")
        #expect(head.contains("ETag: \"v1\"\r\n"))
        #expect(!head.lowercased().contains("content-length"), "\(head)")
        #expect(head.hasSuffix("\r\n\r\n"), "nothing after the head: \(head.debugDescription)")
    }

    @Test func anUnreachableUpstreamAnswers502() async throws {
        let gone = try RefusingPort()
        let url = gone.url
        let proxy = try ForwardingServer(.proxy(record: false), upstream: url, fixtures: Self.mockFiles)
        let answer = try await proxy.send("GET", "/api/orders")
        #expect(answer.status == 502)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(body["target"] as? String == url)
        #expect((body["error"] as? String)?.contains("refused the connection") == true)
        #expect(try await proxy.send("GET", "/api/people").status == 200, "fixtures keep answering")
        #expect(proxy.outcomes == ["proxyFailed", "matched"])
        let unmatched = proxy.server.engine.respond(method: "GET", target: "/__admin/requests?unmatched=true", headers: NoHeaders(), body: [])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(unmatched.body)) as? [String: Any])
        #expect((listed["requests"] as? [[String: Any]])?.compactMap { $0["outcome"] as? String } == ["proxyFailed"],
                "a failed forward is a request nothing answered")
        withExtendedLifetime(gone) {}
    }

    @Test func withRecordTheGapsAreFilledAndServedFromThenOn() async throws {
        let upstream = try LocalUpstream(Self.upstreamFiles)
        let proxy = try ForwardingServer(.proxy(record: true), upstream: upstream.url, fixtures: Self.mockFiles)
        #expect(try await proxy.send("GET", "/api/planets?page=2").status == 200)
        #expect(proxy.root.exists("api/planets.json"))
        #expect(try proxy.root.text("api/people.json") == Self.mockFiles["api/people.json"], "answered by the fixture: nothing recorded")

        _ = try proxy.server.reload()
        let again = try await proxy.send("GET", "/api/planets?page=2")
        #expect(sameJSON(again.body, #"{"planets": ["Hoth"]}"#))
        #expect(proxy.outcomes.last == "matched")
        #expect(upstream.requestCount == 1)
    }

    /// `Max-Forwards` on OPTIONS and TRACE (RFC 9110 §7.6.2): 0 is answered here, as the final
    /// recipient (OPTIONS with the server's own options, TRACE with a 405, both journaled); any
    /// other count goes on one lower. Other methods ignore it.
    @Test func maxForwardsStopsOrDecrementsOptionsAndTrace() async throws {
        let upstream = try ScriptedUpstream { _ in .bytes(ScriptedUpstream.response(body: Array("up".utf8)), close: false) }
        defer { upstream.stop() }
        let proxy = try ForwardingServer(.proxy(record: false), upstream: upstream.url, fixtures: Self.mockFiles)
        let stopped = try await proxy.send("OPTIONS", "/api/nothing", headers: [HTTPHeader(name: "Max-Forwards", value: "0")])
        #expect(stopped.status == 200, "its own communication options (RFC 9110 §9.3.7)")
        #expect(stopped.header("Allow")?.contains("GET") == true)
        #expect(upstream.requests.isEmpty, "not forwarded")
        let trace = try await proxy.send("TRACE", "/api/nothing", headers: [HTTPHeader(name: "Max-Forwards", value: "0"), HTTPHeader(name: "Cookie", value: "s=1")])
        #expect(trace.status == 405)
        #expect(!String(decoding: trace.body, as: UTF8.self).contains("s=1"), "never echoed")
        #expect(upstream.requests.isEmpty)
        #expect(proxy.outcomes == ["notForwarded", "notForwarded"], "journaled as answered here, not as a ping or a refused target")
        let onward = try await proxy.send("TRACE", "/api/nothing", headers: [HTTPHeader(name: "Max-Forwards", value: "2")])
        #expect(onward.status == 200)
        #expect(upstream.requests.last?.header("Max-Forwards") == "1")
        _ = try await proxy.send("GET", "/api/nothing", headers: [HTTPHeader(name: "Max-Forwards", value: "0")])
        #expect(upstream.requests.last?.header("Max-Forwards") == "0", "a GET ignores it")
        #expect(upstream.requests.count == 2)
    }

    @Test func aSlowUpstreamHoldsNoWorkerThread() async throws {
        let slow = try ScriptedUpstream { _ in .silence }
        defer { slow.stop() }
        let proxy = try ForwardingServer(.proxy(record: false), upstream: slow.url, fixtures: Self.mockFiles, threads: 1)
        // The client gives up after its own 30 s; the server must answer long before.
        let parked = Task { try? await proxy.send("GET", "/api/slow") }
        #expect(await eventually(within: 30) { proxy.server.suspendedConnectionCount == 1 }, "the forwarded request was never parked")
        let fixture = try await proxy.send("GET", "/api/people")
        #expect(fixture.status == 200, "the only worker thread answers while the upstream is silent")
        #expect(proxy.server.suspendedConnectionCount == 1, "answered while the forwarded request was still parked")
        proxy.server.stop()
        // Answered (503) or closed, as for delayed requests: stop() does not wait for the upstream.
        let stopped = await parked.value
        #expect(stopped == nil || stopped?.status == 503, "\(String(describing: stopped))")
        if let stopped {
            // The upstream has the request (it reads it and stays silent): never "not forwarded".
            let text = String(decoding: stopped.body, as: UTF8.self)
            #expect(text.contains("cancelled forwarding GET /api/slow before the API answered; the API may have received it"), "\(text)")
            #expect(text.contains("GET is idempotent, so repeating it is safe"), "\(text)")
        }
    }

    /// How a test client leaves while its request is forwarded.
    enum Leaving: String, CaseIterable, Sendable {
        /// It closes.
        case closing
        /// It sends more bytes first, left unread (as a TLS client's close_notify is): a peek saw
        /// them and took the client for present (found over HTTPS with curl).
        case sendingBytesFirst
        /// It pipelined a second request before closing: that one must never be sent upstream.
        case pipelining
    }

    /// libmicrohttpd does not watch a parked connection: a client that gave up used to leave its
    /// exchange running until the upstream answered (then recorded, and journaled as delivered).
    @Test(arguments: Leaving.allCases)
    func aClientThatLeavesCancelsItsForwardedExchange(_ leaving: Leaving) async throws {
        let slow = try ScriptedUpstream { _ in .silence }
        defer { slow.stop() }
        let proxy = try ForwardingServer(.proxy(record: true), upstream: slow.url, fixtures: Self.mockFiles,
                                         upstreamConfiguration: UpstreamConfiguration(timeout: .seconds(120)))
        do {
            let client = try RawHTTPClient(port: proxy.server.port)
            let pipelined = leaving == .pipelining ? "GET /api/second HTTP/1.1\r\nHost: test\r\n\r\n" : ""
            try client.write("GET /api/slow HTTP/1.1\r\nHost: test\r\n\r\n" + pipelined)
            #expect(await eventually { slow.requests.count == 1 && proxy.server.suspendedConnectionCount == 1 }, "never forwarded")
            if leaving == .sendingBytesFirst {
                try client.write([0x15, 0x03, 0x03, 0x00, 0x02, 0x01, 0x00])   // the shape of a TLS close_notify alert
            }
        }   // the client's socket closes here
        #expect(await eventually { proxy.server.suspendedConnectionCount == 0 }, "the exchange went on after the client left")
        #expect(await eventually { proxy.outcomes.first == "proxyFailed" }, "\(proxy.outcomes)")
        #expect(proxy.outcomes.allSatisfy { $0 == "proxyFailed" }, "\(proxy.outcomes)")
        #expect(try await proxy.send("GET", "/api/people").status == 200, "the server goes on serving")
        #expect(slow.requests.map(\.target) == ["/api/slow"], "a pipelined request reached the upstream")
        #expect(!proxy.root.exists("api/slow.json") && !proxy.root.exists("api/second.json"), "an abandoned exchange is not recorded")
    }

    /// An upstream answer whose headers do not fit beside a large request head is a 502 saying
    /// why, journaled `proxyFailed` like every forward that could not be delivered.
    @Test func anUpstreamAnswerWithoutRoomForItsHeadersIsA502() async throws {
        let policy = String(repeating: "script-src https://cdn.example.com ", count: 90)
        let upstream = try ScriptedUpstream { _ in
            .bytes(ScriptedUpstream.response(headers: ["Content-Security-Policy: \(policy)"], body: Array("{}".utf8)), close: false)
        }
        defer { upstream.stop() }
        let proxy = try ForwardingServer(.proxy(record: false), upstream: upstream.url, fixtures: Self.mockFiles)
        let answer = try RawHTTPClient(port: proxy.server.port)
            .request("GET", "/api/csp", headers: ["X-Pad: " + String(repeating: "p", count: 17_000)])
        #expect(answer.status == 502, "\(answer.statusLine)")
        #expect(String(decoding: answer.body, as: UTF8.self).contains("bytes of header lines"))
        #expect(proxy.outcomes == ["proxyFailed"])
    }

    /// Each exchange waits on its own thread; they must not queue behind a pool as wide as the
    /// machine has cores (on 2 cores, 8 forwarded requests to a 1 s upstream took 3 s).
    @Test func slowUpstreamExchangesRunSideBySide() async throws {
        let upstream = try LocalUpstream(["api/slow.json": #"[{"delay": 60000, "response": {"late": true}}]"#])
        let proxy = try ForwardingServer(.proxy(record: false), upstream: upstream.url, fixtures: Self.mockFiles, threads: 1)
        let count = 8
        let requests = (0..<count).map { _ in Task { try? await proxy.send("GET", "/api/slow") } }
        #expect(await eventually(within: 30) { upstream.server.suspendedConnectionCount == count },
                "\(upstream.server.suspendedConnectionCount) of \(count) forwarded requests reached the upstream at once")
        #expect(proxy.server.suspendedConnectionCount == count, "each forwarded request is parked on the proxy meanwhile")
        // Stopping wakes the parked upstream requests, which answer early; every forwarded one ends.
        upstream.server.stop()
        for request in requests {
            _ = await request.value
        }
    }

    /// The loop's 508 is a failure on both hops, and never recorded.
    @Test func aTargetLeadingBackToTheServerAnswers508() async throws {
        // A free port first, then a proxy listening on it whose target is that same port.
        let probe = try ScriptedUpstream { _ in .silence }
        let port = probe.port
        probe.stop()
        let proxy = try ForwardingServer(.proxy(record: true), upstream: "http://127.0.0.1:\(port)", port: port)
        let answer = try await proxy.send("GET", "/api/anything")
        #expect(answer.status == 508)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("came back to this mockserver"))
        #expect(proxy.outcomes == ["proxyFailed", "proxyFailed"], "the request that came back, then the one that carried it")
        #expect(!FileManager.default.fileExists(atPath: proxy.root.path + "/api/anything.json"), "nothing recorded")
    }

    @Test func withCORSPreflightsAreAnsweredLocallyAndProxiedAnswersAllowTheOrigin() async throws {
        let upstream = try LocalUpstream(Self.upstreamFiles)
        let proxy = try ForwardingServer(.proxy(record: false), upstream: upstream.url, fixtures: Self.mockFiles, engineOptions: MockEngineOptions(cors: true))
        let preflight = try await proxy.send("OPTIONS", "/api/planets", headers: [
            HTTPHeader(name: "Origin", value: "http://localhost:5173"), HTTPHeader(name: "Access-Control-Request-Method", value: "GET"),
        ])
        #expect(preflight.status == 204)
        let proxied = try await proxy.send("GET", "/api/planets?page=2", headers: [HTTPHeader(name: "Origin", value: "http://localhost:5173")])
        #expect(proxied.status == 200)
        #expect(proxied.header("Access-Control-Allow-Origin") == "http://localhost:5173")
        #expect(proxy.outcomes == ["corsPreflight", "proxied"])
        #expect(upstream.requestCount == 1)
    }
}
