import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Entries with `"forward"` in-process: `FixtureTransport` sends the request on through its
/// `forwardingTransport` (here another `FixtureTransport` standing for the staging API) as
/// `mockserver` does over sockets.
@Suite("Forwarding entries through FixtureTransport")
struct ForwardingTests {
    static let apiFiles = [
        "v2/api/payments.json": """
        [{"method": "POST", "requestHeaders": {"Authorization": "Bearer staging"}, "status": 201,
          "headers": {"Location": "/v2/api/payments/5", "X-From": "staging"}, "response": {"id": 5}},
         {"method": "POST", "status": 401, "response": {"error": "bad token"}}]
        """,
    ]

    @Test func anEntryForwardsThroughTheForwardingTransportAndIsJournaled() async throws {
        let apiRoot = try TemporaryFolder(Self.apiFiles)
        defer { apiRoot.remove() }
        let api = try FixtureTransport(root: apiRoot.path)
        let root = try TemporaryFolder(["api/payments.json": #"[{"method": "GET", "response": []}]"#])
        defer { root.remove() }
        var transport = try FixtureTransport(root: root.path)
        transport.forwardingTransport = api
        try await transport.addFixture(path: "/api/payments", entries: [
            .forwarding(method: .post, to: "https://staging.example.com/v2/", headers: ["authorization": "Bearer staging"], times: 1),
        ])

        var request = URLRequest(url: URL(string: "http://app.test/api/payments?trace=1")!)
        request.httpMethod = "POST"
        request.setValue("Bearer app", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"amount": 12}"#.utf8)
        let (data, response) = try await transport.send(request)
        #expect(response.statusCode == 201, "\(String(decoding: data, as: UTF8.self))")
        #expect(response.url == request.url, "the app sees its own URL")
        #expect(response.value(forHTTPHeaderField: "Location") == "/api/payments/5", "the API's base path is moved to the mock's paths")
        #expect(response.value(forHTTPHeaderField: "X-From") == "staging")
        #expect(try JSONSerialization.jsonObject(with: data) as? [String: Int] == ["id": 5])
        #expect(transport.lastOutcome == .forwarded(.proxied(upstream: "https://staging.example.com/v2"), entry: .matchedRuntime(fixture: "fixture-1", entry: 0)))

        let received = try #require(try await api.requests().first)
        #expect(received.path == "/v2/api/payments" && received.query == ["trace": ["1"]])
        #expect(received.headers["authorization"] == "Bearer staging", "the entry's header replaced the app's")
        #expect(received.bodyText == #"{"amount": 12}"#)

        let journaled = try #require(try await transport.requests().first)
        #expect(journaled.outcome == "proxied" && journaled.status == 201)
        #expect(journaled.matched?.fixture == "fixture-1")
        #expect(journaled.headers["authorization"] == "Bearer app", "the journal keeps what the app sent")

        let (_, second) = try await transport.send(request)
        #expect(second.statusCode == 404, "times: 1 is used up; the file has no POST entry")
    }

    @Test func withoutAForwardingTransportTheEntryAnswers502AndIsUnmatched() async throws {
        let root = try TemporaryFolder(["api/live.json": #"[{"forward": "https://staging.example.com"}]"#])
        defer { root.remove() }
        var transport = try FixtureTransport(root: root.path)
        transport.forwardingTransport = nil
        let (data, response) = try await transport.send(URLRequest(url: URL(string: "http://app.test/api/live")!))
        #expect(response.statusCode == 502)
        #expect(String(decoding: data, as: UTF8.self).contains("cannot forward"))
        let unmatched = try await transport.requests(unmatchedOnly: true)
        #expect(unmatched.map(\.outcome) == ["proxyFailed"])
        #expect(unmatched.first?.explanation == "FixtureTransport's forwardingTransport is nil")
    }

    @Test func anEntrysWebhookGoesThroughTheForwardingTransport() async throws {
        let receiverRoot = try TemporaryFolder(["hooks/paid.json": #"[{"method": "POST", "request": {"order": 5}, "status": 204}]"#])
        defer { receiverRoot.remove() }
        let receiver = try FixtureTransport(root: receiverRoot.path)
        let root = try TemporaryFolder(["api/pay.json": #"[{"method": "POST", "template": true, "webhooks": [{"url": "https://hooks.example.com/hooks/paid", "body": {"order": "{{body.order}}"}}]}]"#])
        defer { root.remove() }
        var transport = try FixtureTransport(root: root.path)
        transport.forwardingTransport = receiver
        var request = URLRequest(url: URL(string: "http://app.test/api/pay")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"order": 5}"#.utf8)
        let (_, response) = try await transport.send(request)
        #expect(response.statusCode == 200)
        #expect(await eventually { (try? await receiver.requests().count) == 1 }, "the webhook arrived")
        let received = try await receiver.requests()
        #expect(received.map(\.path) == ["/hooks/paid"])
        #expect(received.first?.status == 204, "the receiver's entry matched the body")
    }

    /// A transport that always fails, as a network that cannot reach the API.
    struct Unreachable: HTTPTransport {
        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            throw URLError(.cannotConnectToHost)
        }
    }

    @Test func aForwardThatFailsIsA502NamingTheAPI() async throws {
        let root = try TemporaryFolder(["api/live.json": #"[{"forward": "https://staging.example.com/v1"}]"#])
        defer { root.remove() }
        var transport = try FixtureTransport(root: root.path)
        transport.forwardingTransport = Unreachable()
        let (data, response) = try await transport.send(URLRequest(url: URL(string: "http://app.test/api/live")!))
        #expect(response.statusCode == 502)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(body["target"] == "https://staging.example.com/v1")
        #expect(body["error"]?.contains("forwarding GET /api/live to https://staging.example.com/v1 failed") == true, "\(body)")
        #expect(try await transport.requests(unmatchedOnly: true).count == 1)
    }
}
