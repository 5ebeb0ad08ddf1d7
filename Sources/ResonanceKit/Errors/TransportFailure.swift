import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failure below HTTP, in words: what happened to the connection, with a hint at the usual
/// cause. ``RequestError`` describes ``RequestError/Kind/transport(_:)`` errors with it; the
/// underlying error stays in the `Kind`.
///
/// ```swift
/// if let failure = error.transportFailure {
///     print(failure)   // nothing is listening on 127.0.0.1:8080 — is mockserver running?
///     if case .connectionRefused = failure { startMockServer() }
/// }
/// ```
public enum TransportFailure: Sendable, Hashable, CustomStringConvertible {
    /// The host answered that nothing listens on the port (connection refused).
    case connectionRefused(host: String, port: Int)
    /// The host name did not resolve (DNS).
    case hostNotFound(host: String)
    /// The TLS handshake failed: an untrusted, expired or mismatched certificate, or a port that
    /// does not speak TLS. `detail` is the underlying reason when one was given.
    case tlsFailure(host: String, port: Int, detail: String?)
    /// The connection closed before the whole response arrived.
    case connectionLost(host: String, port: Int)
    /// The machine has no network.
    case notConnectedToInternet
    /// The answer was not HTTP the transport could read.
    case badServerResponse(host: String, port: Int)
    /// An attempt needed more redirects than its ``RedirectPolicy`` allows.
    case tooManyRedirects(count: Int, lastLocation: String)
    /// Anything else, described by the underlying error.
    case other(String)

    /// Classifies `error` (a `URLError` from a transport, or a failure of the client itself) for
    /// a request to `url`.
    public init(_ error: any Error, url: URL?) {
        let host = url?.host ?? "the server"
        let port = url.flatMap(Redirect.effectivePort) ?? 0
        if let redirects = error as? TooManyRedirects {
            self = .tooManyRedirects(count: redirects.count, lastLocation: redirects.lastLocation)
            return
        }
        guard let urlError = error as? URLError else {
            self = .other(String(describing: error))
            return
        }
        // Linux URLSession passes libcurl's message on: "Empty reply from server" for a connection
        // closed before any byte, "transfer closed with 14 bytes remaining to read" for a body cut
        // short (CURLE_PARTIAL_FILE, which it leaves unmapped: -1), "OpenSSL/3.0: … wrong version
        // number" under a generic code. Apple's URLSession reports the first two as -1005.
        let message = Self.message(of: urlError)
        switch urlError.code {
        case .cannotConnectToHost:
            self = .connectionRefused(host: host, port: port)
        case .cannotFindHost, .dnsLookupFailed:
            self = .hostNotFound(host: host)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            self = .tlsFailure(host: host, port: port, detail: message)
        case .networkConnectionLost:
            self = .connectionLost(host: host, port: port)
        case .notConnectedToInternet:
            self = .notConnectedToInternet
        case .badServerResponse where message?.contains("Empty reply") == true:
            self = .connectionLost(host: host, port: port)
        case .unknown where message.map(Self.isCutShortBody) == true:
            self = .connectionLost(host: host, port: port)
        case .badServerResponse, .cannotParseResponse:
            self = .badServerResponse(host: host, port: port)
        case _ where message.map(Self.mentionsTLS) == true:
            self = .tlsFailure(host: host, port: port, detail: message)
        default:
            self = .other("URLError \(urlError.code.rawValue)" + (message.map { ": \($0)" } ?? ""))
        }
    }

    public var description: String {
        switch self {
        case .connectionRefused(let host, let port):
            if Self.isLoopback(host) {
                return "nothing is listening on \(host):\(port) — is mockserver running?"
            }
            return "nothing is listening on \(host):\(port) (connection refused) — is the server running, and is the port right?"
        case .hostNotFound(let host):
            return "the host name \(host) could not be resolved (DNS lookup failed) — check the spelling of the base URL and the network"
        case .tlsFailure(let host, let port, let detail):
            let reason = detail.map { " (\($0))" } ?? ""
            return "the TLS handshake with \(host):\(port) failed\(reason) — check http versus https, and that the server's certificate is valid and trusted"
        case .connectionLost(let host, let port):
            return "the connection to \(host):\(port) was lost before the response was complete — the server closed it, crashed or restarted"
        case .notConnectedToInternet:
            return "this machine is not connected to a network"
        case .badServerResponse(let host, let port):
            return "\(host):\(port) answered with something that is not valid HTTP — is this the right port?"
        case .tooManyRedirects(let count, let lastLocation):
            if count == 0 {
                return "the RedirectPolicy allows no redirects (maximumRedirects is 0), so the redirect to \(lastLocation) was not followed — use .doNotFollow to get the 3xx response itself, or allow redirects"
            }
            return "gave up after \(count) redirects (RedirectPolicy.maximumRedirects), the last to \(lastLocation) — look for a redirect loop, or raise the limit"
        case .other(let text):
            return "the transport failed: \(text)"
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        let lowercased = host.lowercased()
        return lowercased == "localhost" || lowercased.hasPrefix("127.") || lowercased == "::1" || lowercased == "[::1]"
    }

    /// What the transport said in words: its localized description, else the underlying
    /// error's; never Foundation's `(null)` placeholder.
    private static func message(of error: URLError) -> String? {
        if let text = error.userInfo[NSLocalizedDescriptionKey] as? String, !text.isEmpty, text != "(null)" {
            return text
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            let text = underlying.userInfo[NSLocalizedDescriptionKey] as? String ?? underlying.localizedDescription
            return text.isEmpty || text == "(null)" ? nil : text
        }
        return nil
    }

    /// libcurl's words for a connection closed before the announced body was complete:
    /// "transfer closed with N bytes remaining to read" (`Content-Length`) or "transfer closed
    /// with outstanding read data remaining" (chunked).
    private static func isCutShortBody(_ message: String) -> Bool {
        message.hasPrefix("transfer closed with")
    }

    private static func mentionsTLS(_ message: String) -> Bool {
        message.contains("SSL") || message.contains("TLS") || message.contains("certificate")
    }
}
