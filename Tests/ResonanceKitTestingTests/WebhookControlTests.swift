import Foundation
import MockFixtures
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
}
