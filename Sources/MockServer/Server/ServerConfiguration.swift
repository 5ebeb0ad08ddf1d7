import MockTLS

/// How a ``MockHTTPServer`` listens and what it accepts.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.port = 0            // any free port; read it back from `server.port`
/// configuration.logRequests = false
/// ```
public struct ServerConfiguration: Sendable, Equatable {
    /// The address to bind: an IPv4 or IPv6 literal (`"0.0.0.0"` and `"::"` listen on every
    /// interface) or a name such as `"localhost"`, resolved once at start.
    public var host: String
    /// The TCP port, 0–65535; 0 picks a free ephemeral port.
    public var port: Int
    /// The largest request body accepted; larger ones are answered 413 and the connection closed.
    public var maxBodyBytes: Int
    /// Seconds a connection may stay silent before the server closes it; 0 disables the timeout.
    public var idleTimeoutSeconds: Int
    /// Worker threads serving connections.
    public var threadPoolSize: Int
    /// Whether every request is logged (at `info`) when it completes.
    public var logRequests: Bool
    /// Serve HTTPS with this certificate and key instead of plain HTTP; `url` then starts with
    /// `https://`. Load one with `TLSIdentity.load(certificateFile:privateKeyFile:)`.
    public var tls: TLSIdentity?

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        maxBodyBytes: Int = 10 * 1024 * 1024,
        idleTimeoutSeconds: Int = 30,
        threadPoolSize: Int = 2,
        logRequests: Bool = true,
        tls: TLSIdentity? = nil
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.threadPoolSize = threadPoolSize
        self.logRequests = logRequests
        self.tls = tls
    }
}
