/// Why a ``MockHTTPServer`` could not start listening.
///
/// ```swift
/// do {
///     server = try MockHTTPServer(store: store, configuration: configuration, logger: logger)
/// } catch let error as ServerStartError {
///     print(error)   // one sentence saying what failed and what to do
/// }
/// ```
public indirect enum ServerStartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process already listens on this address and port.
    case portInUse(host: String, port: Int)
    /// The system refused the bind, typically a port below 1024 without privileges.
    case permissionDenied(host: String, port: Int)
    /// The host is neither an IP literal nor a name that resolves.
    case invalidHost(String)
    /// The host resolves but is not an address of this machine.
    case addressNotAvailable(String)
    /// The address is well formed but no server can listen on it, for `reason`.
    case addressNotBindable(String, reason: String)
    /// The port is outside 0–65535.
    case invalidPort(Int)
    /// The body limit is zero or negative.
    case invalidMaxBodyBytes(Int)
    /// The idle timeout is outside 0–86400 seconds.
    case invalidIdleTimeout(Int)
    /// The request-head timeout is outside 0–3600 seconds.
    case invalidHeadTimeout(Int)
    /// The connection limit is outside 1–1,000,000.
    case invalidMaxConnections(Int)
    /// The thread count is outside 1–256.
    case invalidThreadPoolSize(Int)
    /// ``ServerConfiguration/httpsPort`` is outside 0–65535.
    case invalidHTTPSPort(Int)
    /// ``ServerConfiguration/httpsPort`` is set without ``ServerConfiguration/tls``.
    case httpsPortWithoutTLS
    /// ``ServerConfiguration/httpsPort`` is the port plain HTTP listens on.
    case httpsPortSameAsPort(Int)
    /// The HTTPS listener of ``ServerConfiguration/httpsPort`` could not start, for this reason;
    /// the plain HTTP one is stopped again.
    case httpsListenerFailed(ServerStartError)
    /// libmicrohttpd refused to start for another reason; `details` carries its own words.
    case daemonFailed(details: String)

    public var description: String {
        switch self {
        case .portInUse(let host, let port):
            return "port \(port) on \(host) is already in use by another process; stop it, choose another port, or use --port 0 for any free port."
        case .permissionDenied(let host, let port):
            return "permission denied binding \(host):\(port); ports below 1024 need root or CAP_NET_BIND_SERVICE, so use a port of 1024 or more."
        case .invalidHost(let host):
            return "invalid host '\(host)'; give an IPv4 or IPv6 address such as 127.0.0.1, ::1, 0.0.0.0 or ::, or a resolvable name such as localhost."
        case .addressNotAvailable(let host):
            return "address \(host) does not belong to this machine; use 127.0.0.1, 0.0.0.0 or one of its own addresses."
        case .addressNotBindable(let host, let reason):
            return "address \(host) cannot be listened on: \(reason); use 127.0.0.1, 0.0.0.0 or one of this machine's own addresses."
        case .invalidPort(let port):
            return "port \(port) is out of range; use \(ServerConfiguration.portRange.lowerBound)–\(ServerConfiguration.portRange.upperBound) (0 picks a free port)."
        case .invalidMaxBodyBytes(let bytes):
            return "maximum body size \(bytes) must be a positive number of bytes."
        case .invalidIdleTimeout(let seconds):
            return "idle timeout \(seconds) must be 0 (no timeout) or a number of seconds up to \(ServerConfiguration.idleTimeoutRange.upperBound)."
        case .invalidHeadTimeout(let seconds):
            return "request-head timeout \(seconds) must be 0 (no deadline) or a number of seconds up to \(ServerConfiguration.headTimeoutRange.upperBound)."
        case .invalidMaxConnections(let count):
            return "connection limit \(count) must be between \(ServerConfiguration.maxConnectionsRange.lowerBound) and \(ServerConfiguration.maxConnectionsRange.upperBound)."
        case .invalidThreadPoolSize(let count):
            return "thread count \(count) must be between \(ServerConfiguration.threadPoolSizeRange.lowerBound) and \(ServerConfiguration.threadPoolSizeRange.upperBound)."
        case .invalidHTTPSPort(let port):
            return "HTTPS port \(port) is out of range; use \(ServerConfiguration.portRange.lowerBound)–\(ServerConfiguration.portRange.upperBound) (0 picks a free port)."
        case .httpsPortWithoutTLS:
            return "an HTTPS port needs a certificate and its key (--tls-cert and --tls-key; `mockserver tls-cert` makes a pair)."
        case .httpsPortSameAsPort(let port):
            return "the HTTPS port \(port) is the port plain HTTP listens on; give each its own port (or 0 for any free one)."
        case .httpsListenerFailed(.portInUse(let host, let port)):
            return "the HTTPS port could not be opened: port \(port) on \(host) is already in use by another process; stop it, choose another port, or use --https-port 0 for any free port."
        case .httpsListenerFailed(let reason):
            return "the HTTPS port could not be opened: \(reason)"
        case .daemonFailed(let details):
            return "the HTTP server could not start: \(details)"
        }
    }
}
