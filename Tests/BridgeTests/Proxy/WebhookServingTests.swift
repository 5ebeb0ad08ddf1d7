import Foundation
import Logging
import MockFixtures
import MockProxy
import MockServer
import MockUpstream
import TestSupport
import Testing

/// Entries' webhooks over sockets: sent with the upstream client after the entry answers, and
/// listed by `GET /__admin/webhooks` once delivered.
@Suite struct WebhookServingTests {
    @Test func aWebhookReachesItsReceiverAndIsListedAsDelivered() async throws {
        let receiver = try LocalUpstream(["hooks/orders.json": #"[{"method": "POST", "request": {"id": 7, "state": "paid"}, "status": 204}]"#])
        let root = try TemporaryFolder(["api/orders.json": """
        [{"method": "POST", "status": 202, "template": true,
          "webhooks": [{"url": "{{body.callback}}", "body": {"id": "{{body.id}}", "state": "paid"}}]}]
        """])
        let engine = MockEngine(store: try FixtureStore.load(root: root.path))
        engine.setWebhookSender(UpstreamWebhookSender(client: try UpstreamClient(configuration: UpstreamConfiguration(timeout: .seconds(10))),
                                                      logger: Logger(label: "bridge-tests.webhooks")))
        let server = try MockHTTPServer(engine: engine, configuration: ServerConfiguration(port: 0, logRequests: false), logger: Logger(label: "bridge-tests.webhooks"))
        defer { server.stop() }
        let answer = try await UpstreamClient().forward(UpstreamRequest(method: "POST", url: server.url.absoluteString + "/api/orders",
                                                                        headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                                                                        body: Array(#"{"id": 7, "callback": "\#(receiver.url)/hooks/orders"}"#.utf8)))
        #expect(answer.status == 202)
        #expect(await eventually { receiver.requestCount == 1 }, "the receiver got the webhook")
        let delivered = await eventually {
            let listed = engine.respond(method: "GET", target: "/__admin/webhooks", headers: NoHeaders(), body: [])
            let object = try? JSONSerialization.jsonObject(with: Data(listed.body)) as? [String: Any]
            return (object?["webhooks"] as? [[String: Any]])?.first?["status"] as? Int == 204
        }
        #expect(delivered, "listed with the receiver's status, which matched the body it expected")
    }
}
