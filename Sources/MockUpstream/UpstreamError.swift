import MockFixtures

/// Why forwarding a request failed, naming the request and what failed.
///
/// ```swift
/// do {
///     _ = try client.forward(UpstreamRequest(method: "GET", url: "https://api.example.invalid/x"))
/// } catch {
///     print(error)   // GET https://api.example.invalid/x failed: the host name api.example.invalid could not be resolved (…)
///     error.kind     // .hostNotFound
/// }
/// ```
public struct UpstreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, independent of the wording.
    public enum Kind: Sendable, Equatable {
        /// The URL is not an absolute http(s) URL curl accepts.
        case invalidURL
        /// DNS found no address for the host.
        case hostNotFound
        /// The host answered the connection attempt with a refusal (nothing listens on the port).
        case connectionRefused
        /// The connection could not be made for another reason (unreachable network, proxy, …).
        case connectionFailed
        /// No complete answer within the timeout.
        case timedOut
        /// The upstream's certificate is not trusted or does not name the host.
        case tlsVerificationFailed
        /// The TLS handshake failed for another reason (protocol or cipher mismatch, not TLS at all, …).
        case tlsHandshakeFailed
        /// The (decoded) body is larger than the configured limit.
        case responseTooLarge
        /// The connection closed before a complete answer.
        case connectionClosed
        /// The answer is not valid HTTP, or its body cannot be decoded.
        case badResponse
        /// ``UpstreamCall/cancel()`` or task cancellation stopped it.
        case cancelled
        /// The request itself cannot be sent (e.g. a header with a line break).
        case invalidRequest
        /// Anything else; ``UpstreamError/detail`` says what.
        case other
    }

    public let kind: Kind
    /// The method and URL of the failed request.
    public let method: String
    public let url: String
    /// What the system or GnuTLS said, e.g. `Connection refused` or `The certificate is NOT trusted. The certificate issuer is unknown`.
    public let detail: String

    public init(kind: Kind, method: String, url: String, detail: String) {
        self.kind = kind
        self.method = method
        self.url = url
        self.detail = detail
    }

    /// `scheme://host[:port]` of ``url``: the upstream that failed.
    public var origin: String {
        guard case .success(let parsed) = AbsoluteURL.parse(url) else { return url }
        return "\(parsed.scheme)://\(parsed.authority)"
    }

    public var description: String {
        "\(method) \(url) failed: \(summary)"
    }

    /// What failed and what to do, without the request line.
    public var summary: String {
        var name = url
        var endpoint = url
        if case .success(let parsed) = AbsoluteURL.parse(url) {
            name = parsed.bareHost
            endpoint = "\(parsed.host):\(parsed.effectivePort)"
        }
        return switch kind {
        case .invalidURL: "the URL is not valid (\(detail)); give an absolute http:// or https:// URL."
        case .hostNotFound: "the host name \(name) could not be resolved (\(detail)); check the target URL and the network."
        case .connectionRefused: "\(endpoint) refused the connection (\(detail)); is the API running at that address and port?"
        case .connectionFailed: "no connection to \(endpoint) (\(detail))."
        case .timedOut: "no complete answer from \(endpoint) within the timeout (\(detail)); raise the upstream timeout or check the API."
        case .tlsVerificationFailed where detail.contains("does not match"):
            // Trusting the issuer would not help: the certificate is for another name.
            "the TLS certificate of \(endpoint) is not for the name \(name) (\(detail)); use the host name the certificate was made for in the URL, or make one for \(name) (mockserver tls-cert --host \(name))."
        case .tlsVerificationFailed:
            "the TLS certificate of \(endpoint) could not be verified (\(detail)); trust the certificate authority that issued it (a CA file), or skip verification (insecure, for tests only)."
        case .tlsHandshakeFailed: "the TLS handshake with \(endpoint) failed (\(detail)); check that the URL's scheme and port match the API."
        case .responseTooLarge: "the answer from \(endpoint) is too large (\(detail))."
        case .connectionClosed: "\(endpoint) closed the connection before a complete answer (\(detail))."
        case .badResponse: "\(endpoint) sent an answer that is not valid HTTP or cannot be decoded (\(detail))."
        case .cancelled: "cancelled before \(endpoint) answered."
        case .invalidRequest: "the request cannot be sent (\(detail))."
        case .other: "\(detail)."
        }
    }
}
