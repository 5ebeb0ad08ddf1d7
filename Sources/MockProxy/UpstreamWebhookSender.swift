import Logging
import MockFixtures
import MockUpstream

/// Sends entries' webhooks with the upstream client (`--upstream-timeout`, `--cacert`,
/// `--insecure`) and logs what became of each:
/// `webhook POST http://127.0.0.1:9000/hook 200 (matched api/orders.json#0)`.
///
/// ```swift
/// engine.setWebhookSender(UpstreamWebhookSender(client: try UpstreamClient(), logger: logger))
/// ```
public final class UpstreamWebhookSender: WebhookSending {
    public let client: UpstreamClient
    private let logger: Logger

    public init(client: UpstreamClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    public func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void {
        let request = UpstreamRequest(method: webhook.method, url: webhook.url, headers: webhook.headers, body: webhook.body)
        let call = client.start(request) { [self] result in
            let line = "webhook \(webhook.method) \(webhook.url)"
            switch result {
            case .success(let response):
                logger.info("\(line) \(response.status) (\(webhook.entry.logDescription))")
                completion(.success(response.status))
            case .failure(let error):
                let flags = error.commandLineHint.map { " (\($0))" } ?? ""
                logger.warning("\(line) failed (\(webhook.entry.logDescription)): \(error.summary)\(flags)")
                completion(.failure(WebhookFailure(error.description + flags)))
            }
        }
        return { call.cancel() }
    }

    /// A webhook triggered by one of this server's own: listed, and logged here so a log reader
    /// sees why the receiver got nothing (audit R22).
    public func skipped(_ webhook: WebhookRequest, reason: String) {
        logger.warning("webhook \(webhook.method) \(webhook.url) \(reason) (\(webhook.entry.logDescription))")
    }
}
