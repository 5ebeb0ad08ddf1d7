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

    /// D4 #10: an in-process `MockHTTPServer` listed every webhook `failed` (no sender), and the
    /// one `mockserver` uses is in no library product.
    @Test func anInProcessServerSendsWebhooksOnceToldHow() async throws {
        let receiverRoot = try TemporaryFolder(["hooks/orders.json": #"[{"method": "POST", "request": {"id": 7}, "status": 204}]"#])
        let receiver = try MockHTTPServer(root: receiverRoot.path)
        defer { receiver.stop() }
        let root = try TemporaryFolder(["api/orders.json": #"[{"method": "POST", "status": 202, "template": true, "webhooks": [{"url": "\#(receiver.url.absoluteString)/hooks/orders", "body": {"id": "{{body.id}}"}}]}]"#])
        try await withMockServer(root: root.path) { server in
            server.sendWebhooks()
            var request = URLRequest(url: server.url.appendingPathComponent("api/orders"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"id": 7}"#.utf8)
            let (_, response) = try await URLSessionTransport.shared.send(request)
            #expect(response.statusCode == 202)
            #expect(try await eventually { try await server.control.webhooks().first?.state == .delivered })
            let webhook = try await server.control.webhooks().first
            #expect(webhook?.status == 204, "the receiver's entry wants the body the template made: \(String(describing: webhook))")
        }
    }
}
