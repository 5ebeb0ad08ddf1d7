import Foundation
import Logging
import MockFixtures
import MockProxy
import MockRecorder
import MockServer
import MockUpstream
import Testing

/// The forwarder on its own, against local upstreams: what it sends, what it answers, what it
/// records, and its failures.
@Suite struct UpstreamForwarderTests {
    static let people = #"[{"request": {"page": "2"}, "headers": {"X-Total": "82"}, "response": {"page": 2}}]"#

    static func forward(_ forwarder: UpstreamForwarder, _ request: ForwardedRequest) async -> MockResponse {
        await withCheckedContinuation { continuation in
            _ = forwarder.forward(request) { continuation.resume(returning: $0) }
        }
    }

    static func forwarder(_ url: String, recorder: FixtureRecorder? = nil, timeout: Duration = .seconds(10)) throws -> UpstreamForwarder {
        UpstreamForwarder(target: try UpstreamTarget(parsing: url), client: try UpstreamClient(configuration: UpstreamConfiguration(timeout: timeout)),
                          recorder: recorder, logger: Logger(label: "bridge-tests.forwarder"))
    }

    @Test func answersWithTheUpstreamsAnswer() async throws {
        let upstream = try LocalUpstream(["api/people.json": Self.people])
        let forwarder = try Self.forwarder(upstream.url)
        let response = await Self.forward(forwarder, ForwardedRequest(method: "GET", target: "/api/people?page=2", headers: [], body: []))
        #expect(response.status == 200)
        #expect(response.outcome == .proxied(upstream: upstream.url))
        #expect(response.headerValue("X-Total") == "82")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"page":2}"#)
        #expect(response.preparedID == nil)
    }

    @Test func addsItselfToViaAndRefusesItsOwnRequestsComingBack() async throws {
        let upstream = try ScriptedUpstream { _ in .bytes(ScriptedUpstream.response(body: Array("ok".utf8)), close: false) }
        let forwarder = try Self.forwarder(upstream.url + "/base")
        _ = await Self.forward(forwarder, ForwardedRequest(method: "GET", target: "/x?y=1", headers: [HTTPHeader(name: "Via", value: "1.1 corporate-proxy")], body: []))
        let received = try #require(upstream.requests.first)
        #expect(received.target == "/base/x?y=1")
        let via = try #require(received.header("Via"))
        #expect(via.hasPrefix("1.1 corporate-proxy, 1.1 mockserver-"))

        let looped = await Self.forward(forwarder, ForwardedRequest(method: "GET", target: "/x", headers: [HTTPHeader(name: "Via", value: via)], body: []))
        #expect(looped.status == 508)
        #expect(looped.outcome == .proxyFailed(upstream: upstream.url + "/base", error: "the request looped back to this server"))
        #expect(upstream.requests.count == 1, "a looping request is not forwarded again")

        // Every Via line is a hop: all are kept (only the first was), and a loop is seen in any.
        let twoLines = [HTTPHeader(name: "Via", value: "1.0 edge"), HTTPHeader(name: "via", value: "1.1 corporate-proxy")]
        _ = await Self.forward(forwarder, ForwardedRequest(method: "GET", target: "/x", headers: twoLines, body: []))
        #expect(upstream.requests.last?.header("Via")?.hasPrefix("1.0 edge, 1.1 corporate-proxy, 1.1 mockserver-") == true)
        let loopedLater = await Self.forward(forwarder, ForwardedRequest(method: "GET", target: "/x",
                                                                         headers: [HTTPHeader(name: "Via", value: "1.0 edge"), HTTPHeader(name: "Via", value: via)], body: []))
        #expect(loopedLater.status == 508)
    }

    @Test func anUnreachableUpstreamAnswers502NamingTheTargetAndTheError() async throws {
        let closed = try ScriptedUpstream { _ in .silence }
        let url = closed.url
        closed.stop()
        let forwarder = try Self.forwarder(url)
        let response = await Self.forward(forwarder, ForwardedRequest(method: "POST", target: "/orders", headers: [], body: Array("{}".utf8)))
        #expect(response.status == 502)
        #expect(response.headerValue("Content-Type") == "application/json")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(body["target"] as? String == url)
        #expect(body["kind"] as? String == "connectionRefused")
        #expect((body["error"] as? String)?.hasPrefix("POST \(url)/orders failed: 127.0.0.1:") == true)
        #expect(body["path"] as? String == "/orders")
        guard case .proxyFailed(let upstream, let error) = response.outcome else {
            Issue.record("outcome \(response.outcome)")
            return
        }
        #expect(upstream == url)
        #expect(error.contains("refused the connection"))
    }

    @Test func aSlowUpstreamAnswers502AfterTheTimeout() async throws {
        let silent = try ScriptedUpstream { _ in .silence }
        defer { silent.stop() }
        let forwarder = try Self.forwarder(silent.url, timeout: .milliseconds(300))
        let response = await Self.forward(forwarder, ForwardedRequest(method: "GET", target: "/slow", headers: [], body: []))
        #expect(response.status == 502)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(body["kind"] as? String == "timedOut")
    }

    @Test func recordsBeforeAnswering() async throws {
        let upstream = try LocalUpstream(["api/people.json": Self.people])
        let harness = try RecordingHarness()
        let forwarder = try Self.forwarder(upstream.url, recorder: harness.recorder)
        let response = await Self.forward(forwarder, ForwardedRequest(method: "GET", target: "/api/people?page=2", headers: [], body: []))
        #expect(response.status == 200)
        let entries = try harness.entries("api/people.json")
        #expect(entries.count == 1)
        #expect(entries.first?["request"] == .makeObject([("page", .string("2"))]))
        #expect(entries.first?["headers"] == .makeObject([("X-Total", .string("82"))]))
    }

    /// A `Location` under the target's base path is the mock's path without it, in the answer and
    /// in the recording (audit D3: `/v1/people/7` was recorded for a mock serving `/people/7`).
    @Test func aLocationUnderTheBasePathIsTheMocksPath() async throws {
        let upstream = try LocalUpstream(["v1/people.json": #"""
            [{"method": "POST", "status": 201, "headers": {"Location": "/v1/people/7", "Content-Location": "/v10/x"}, "response": {"id": 7}},
             {"method": "PUT", "status": 303, "headers": {"Location": "https://elsewhere.example/v1/people"}}]
            """#])
        let harness = try RecordingHarness()
        let forwarder = try Self.forwarder(upstream.url + "/v1/", recorder: harness.recorder)
        let json = [HTTPHeader(name: "Content-Type", value: "application/json")]
        let created = await Self.forward(forwarder, ForwardedRequest(method: "POST", target: "/people", headers: json, body: Array(#"{"name": "Rey"}"#.utf8)))
        #expect(created.status == 201)
        #expect(created.headerValue("Location") == "/people/7")
        #expect(created.headerValue("Content-Location") == "/v10/x", "not under /v1")
        let moved = await Self.forward(forwarder, ForwardedRequest(method: "PUT", target: "/people", headers: [], body: []))
        #expect(moved.headerValue("Location") == "https://elsewhere.example/v1/people", "an absolute URL names the real API")
        let entries = try harness.entries("people.json")
        #expect(entries.first?["headers"]?["Location"] == .string("/people/7"))
    }
}
