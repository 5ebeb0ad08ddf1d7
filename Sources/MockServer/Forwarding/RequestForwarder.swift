import MockFixtures

/// Where a server sends the requests no fixture answers (`mockserver --proxy-unmatched`, and
/// every request in `mockserver record`): the server parks the connection, calls
/// ``forward(_:completion:)`` from its worker thread, and answers once `completion` runs, so a
/// slow upstream never holds a worker thread. `MockProxy.UpstreamForwarder` forwards to a real
/// API (and records).
///
/// ```swift
/// struct Teapot: RequestForwarder {
///     func forward(_ request: ForwardedRequest, completion: @escaping @Sendable (MockResponse) -> Void) -> @Sendable () -> Void {
///         completion(MockResponse(status: 418, headers: [], body: [], outcome: .proxied(upstream: "teapot")))
///         return {}
///     }
/// }
/// ```
public protocol RequestForwarder: Sendable {
    /// Starts forwarding `request` without blocking the caller. `completion` runs exactly once,
    /// on any thread, with the answer to send: the upstream's (outcome ``MatchOutcome/proxied(upstream:)``)
    /// or one explaining the failure (``MatchOutcome/proxyFailed(upstream:error:)``). Returns a
    /// cancel function the server calls when the client goes away or the server stops first;
    /// `completion` may still run after it, and is then ignored.
    func forward(_ request: ForwardedRequest, completion: @escaping @Sendable (MockResponse) -> Void) -> @Sendable () -> Void
}

/// One request a server forwards, as it arrived.
public struct ForwardedRequest: Sendable, Equatable {
    /// As sent, e.g. `GET`.
    public let method: String
    /// The raw request target: percent-encoded path plus optional `?query`.
    public let target: String
    /// Every header as received, in order.
    public let headers: [HTTPHeader]
    public let body: [UInt8]

    public init(method: String, target: String, headers: [HTTPHeader], body: [UInt8]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
