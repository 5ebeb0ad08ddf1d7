import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockFixtures
import MockServerTesting
import ResonanceKit
import ResonanceKitTesting
import TestSupport
import Testing

/// `mock.webhooks()`: what an entry's webhooks became, the same over sockets and in-process.
@Suite("Webhooks through MockControlling")
struct WebhookControlTests {
    /// Answers every webhook 204 at once.
    struct Accepting: WebhookSending {
        func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void {
            completion(.success(204))
            return {}
        }
    }

    @Test(arguments: ControlFront.allCases)
    func aTestReadsWhatItsWebhooksBecame(front: ControlFront) async throws {
        let files = ["api/orders.json": #"[{"method": "POST", "status": 202, "template": true, "webhooks": [{"url": "http://hooks.test/orders/{{body.id}}", "headers": {"X-Signature": "sig-{{body.id}}"}, "body": {"id": "{{body.id}}"}}]}]"#]
        try await front.run(files: files) { harness in
            harness.engine.setWebhookSender(Accepting())
            #expect(try await harness.session.status(.post, "orders", body: .json(["id": 7])) == 202)
            #expect(try await eventually { try await harness.mock.webhooks().first?.state == .delivered })
            let webhook = try #require(try await harness.mock.webhooks().first)
            #expect(webhook.url == "http://hooks.test/orders/7" && webhook.method == "POST" && webhook.status == 204)
            #expect(webhook.body == #"{"id":7}"# && webhook.bodySize == 8)
            #expect(webhook.headers["X-Signature"] == "sig-7" && webhook.headers["Content-Type"] == "application/json", "\(webhook.headers)")
            #expect(webhook.entry?.file == "api/orders.json" && webhook.entry?.entry == 0)
            let reset = try await harness.mock.reset()
            #expect(reset.webhooks == 1)
            #expect(try await harness.mock.webhooks().isEmpty)
        }
    }

    /// D4 #10: an in-process `MockHTTPServer` listed every webhook `failed` and answered its
    /// forwarding entries `502`, and what `mockserver` uses for both is in no library product.
    @Test func anInProcessServerReachesOutAsMockserverDoesWhenGivenUpstream() async throws {
        let receiverRoot = try TemporaryFolder([
            "hooks/orders.json": #"[{"method": "POST", "request": {"id": 7}, "status": 204}]"#,
            "v2/api/prices.json": #"[{"response": {"from": "api"}}]"#,
        ])
        let receiver = try MockHTTPServer(root: receiverRoot.path)
        defer { receiver.stop() }
        let root = try TemporaryFolder([
            "api/orders.json": #"[{"method": "POST", "status": 202, "template": true, "webhooks": [{"url": "\#(receiver.url.absoluteString)/hooks/orders", "body": {"id": "{{body.id}}"}}]}]"#,
            "api/prices.json": #"[{"forward": "\#(receiver.url.absoluteString)/v2"}]"#,
        ])
        for upstream in [UpstreamConfiguration(timeout: .seconds(10)), nil] {
            let server = try upstream.map { try MockHTTPServer(root: root.path, upstream: $0) } ?? MockHTTPServer(root: root.path)
            var request = URLRequest(url: server.url.appendingPathComponent("api/orders"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"id": 7}"#.utf8)
            let (_, created) = try await URLSessionTransport.shared.send(request)
            #expect(created.statusCode == 202)
            let (prices, forwarded) = try await URLSessionTransport.shared.send(URLRequest(url: server.url.appendingPathComponent("api/prices")))
            #expect(try await eventually { try await server.control.webhooks().first?.state != .pending })
            let webhook = try await server.control.webhooks().first
            if upstream != nil {
                #expect(webhook?.state == .delivered && webhook?.status == 204, "the receiver's entry wants the body the template made: \(String(describing: webhook))")
                #expect(forwarded.statusCode == 200 && String(decoding: prices, as: UTF8.self).contains("api"))
            } else {
                #expect(webhook?.state == .failed, "without upstream: listed failed, saying so")
                #expect(forwarded.statusCode == 502)
            }
            await server.shutdown()
        }
    }
}
