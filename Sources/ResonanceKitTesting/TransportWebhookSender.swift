import Foundation
import MockFixtures
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends entries' webhooks through an ``HTTPTransport``, each on a task of its own:
/// ``FixtureTransport`` sends through its `forwardingTransport` with it, and an in-process
/// `MockHTTPServer` can too (`server.sendWebhooks()` in `MockServerTesting`).
///
/// ```swift
/// server.engine.setWebhookSender(TransportWebhookSender())   // through URLSessionTransport.shared
/// ```
public struct TransportWebhookSender: WebhookSending {
    /// `nil`: every webhook fails, saying so.
    let transport: (any HTTPTransport)?

    /// Sends through `transport`, `URLSessionTransport.shared` by default.
    public init(transport: any HTTPTransport = URLSessionTransport.shared) {
        self.transport = transport
    }

    /// `FixtureTransport`'s: its `forwardingTransport` may be nil.
    init(optionalTransport transport: (any HTTPTransport)?) {
        self.transport = transport
    }

    public func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void {
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
