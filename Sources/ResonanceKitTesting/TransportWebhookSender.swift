import Foundation
import MockFixtures
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends entries' webhooks in-process through an ``HTTPTransport`` (``FixtureTransport``'s
/// `forwardingTransport`), each on a task of its own.
struct TransportWebhookSender: WebhookSending {
    /// `nil`: every webhook fails, saying so.
    let transport: (any HTTPTransport)?

    func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void {
        guard let transport else {
            completion(.failure(WebhookFailure("not sent: FixtureTransport's forwardingTransport is nil")))
            return {}
        }
        guard let url = URL(string: webhook.url), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            completion(.failure(WebhookFailure("not sent: \(webhook.url) is not an http:// or https:// URL")))
            return {}
        }
        let request = FixtureTransport.outgoingRequest(to: url, method: webhook.method, headers: webhook.headers, body: webhook.body)
        let task = Task {
            do {
                try Task.checkCancellation()
                let (_, response) = try await transport.send(request)
                completion(.success(response.statusCode))
            } catch {
                completion(.failure(WebhookFailure("\(webhook.method) \(webhook.url) failed: \(FixtureTransport.reason(error))")))
            }
        }
        return { task.cancel() }
    }
}
