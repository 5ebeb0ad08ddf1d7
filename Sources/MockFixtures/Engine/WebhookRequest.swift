/// A request an entry's `"webhooks"` sends after it answers (WireMock's webhook listener,
/// MockServer's callbacks), rendered from the request that triggered it: for a front's
/// ``WebhookSending`` to send.
///
/// ```json
/// {"method": "POST", "status": 202, "template": true,
///  "webhooks": [{"url": "{{body.callbackUrl}}", "delay": 500, "body": {"orderId": "{{body.id}}", "state": "paid"}}]}
/// ```
public struct WebhookRequest: Sendable, Equatable {
    /// The journal's id for it (`GET /__admin/webhooks`).
    public let id: Int
    public let method: String
    /// An absolute `http` or `https` URL.
    public let url: String
    public let headers: [HTTPHeader]
    public let body: [UInt8]
    /// How long after the answer was chosen it is sent: the answer's delay and transfer time,
    /// plus its own `delay`. The engine waits that long before handing it to the sender.
    public let delayMilliseconds: Int
    /// The entry that sent it (`.matched` or `.matchedRuntime`).
    public let entry: MatchOutcome

    public init(id: Int, method: String, url: String, headers: [HTTPHeader], body: [UInt8], delayMilliseconds: Int, entry: MatchOutcome) {
        self.id = id
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.delayMilliseconds = delayMilliseconds
        self.entry = entry
    }
}

/// Sends the webhooks of the entries a ``MockEngine`` answers with: `mockserver` sends them with
/// its upstream client (`MockProxy.UpstreamWebhookSender`), `FixtureTransport` through its
/// `forwardingTransport`. Install one with ``MockEngine/setWebhookSender(_:)``.
///
/// ```swift
/// struct Printer: WebhookSending {
///     func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void {
///         print(webhook.method, webhook.url)
///         completion(.success(200))
///         return {}
///     }
/// }
/// engine.setWebhookSender(Printer())
/// ```
public protocol WebhookSending: Sendable {
    /// Sends `webhook` now (the engine has waited out its delay) without blocking the caller;
    /// calls `completion` once, with the status the receiver answered or why it could not be sent.
    /// Returns a cancel function, which a reset calls for webhooks not yet answered (one still
    /// waiting for a thread must never go out); `completion` may still run after it.
    func send(_ webhook: WebhookRequest, completion: @escaping @Sendable (Result<Int, WebhookFailure>) -> Void) -> @Sendable () -> Void

    /// Told about a webhook the engine did not send, and why (it would call this server's own
    /// webhooks without end); listed `failed` either way. The default does nothing; `mockserver`
    /// logs it.
    func skipped(_ webhook: WebhookRequest, reason: String)
}

extension WebhookSending {
    public func skipped(_ webhook: WebhookRequest, reason: String) {}
}

/// Why a webhook was not delivered, in one sentence.
public struct WebhookFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
