import MockTLS

/// How a ``MockHTTPServer`` listens and what it accepts.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.port = 0            // any free port; read it back from `server.port`
/// configuration.logRequests = false
/// try configuration.validate()      // what MockHTTPServer.init checks first
/// ```
public struct ServerConfiguration: Sendable, Equatable {
    /// The address to bind: an IPv4 or IPv6 literal (`"0.0.0.0"` and `"::"` listen on every
    /// interface) or a name such as `"localhost"`, resolved once at start.
    public var host: String
    /// The TCP port, 0–65535; 0 picks a free ephemeral port.
    public var port: Int
    /// The largest request body accepted; larger ones are answered 413 and the connection closed.
    public var maxBodyBytes: Int
    /// Seconds a connection may stay silent before the server closes it, 0–86400; 0 disables the timeout.
    public var idleTimeoutSeconds: Int
    /// Seconds a client has to send a request's line and headers, 0–3600; 0 disables the
    /// deadline. Counted from the connection's opening for its first request, and from the
    /// previous answer plus ``idleTimeoutSeconds`` for the next ones on a kept-alive connection.
    /// Clients that trickle a head byte by byte (slowloris) are disconnected after it.
    public var headTimeoutSeconds: Int
    /// Connections served at once, 1–1,000,000; more wait in the listen backlog until one
    /// closes. Lowered at start to what the process's open-file limit allows (see
    /// ``MockHTTPServer/connectionLimit``).
    public var maxConnections: Int
    /// Worker threads serving connections, 1–256.
    public var threadPoolSize: Int
    /// Whether every request is logged (at `info`) when it completes.
    public var logRequests: Bool
    /// Serve HTTPS with this certificate and key instead of plain HTTP; `url` then starts with
    /// `https://`. Load one with `TLSIdentity.load(certificateFile:privateKeyFile:)`.
    public var tls: TLSIdentity?
    /// With ``tls``: serve HTTPS on this port (0 picks a free one; read it back from
    /// ``MockHTTPServer/securePort``) while ``port`` serves plain HTTP, both from one engine, so
    /// fixtures, journal, runtime fixtures and scenario states are shared. `nil`: ``port`` alone,
    /// HTTPS when ``tls`` is set. ``maxConnections`` and ``threadPoolSize`` apply to each port.
    public var httpsPort: Int?

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        maxBodyBytes: Int = 10 * 1024 * 1024,
        idleTimeoutSeconds: Int = 30,
        headTimeoutSeconds: Int = 20,
        maxConnections: Int = 10_000,
        threadPoolSize: Int = 2,
        logRequests: Bool = true,
        tls: TLSIdentity? = nil,
        httpsPort: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.headTimeoutSeconds = headTimeoutSeconds
        self.maxConnections = maxConnections
        self.threadPoolSize = threadPoolSize
        self.logRequests = logRequests
        self.tls = tls
        self.httpsPort = httpsPort
    }

    /// Throws the ``ServerStartError`` naming the first setting out of its range; the host is
    /// only checked for being empty (it is resolved at start).
    public func validate() throws(ServerStartError) {
        guard !host.isEmpty else { throw .invalidHost(host) }
        guard Self.portRange.contains(port) else { throw .invalidPort(port) }
        guard maxBodyBytes > 0 else { throw .invalidMaxBodyBytes(maxBodyBytes) }
        guard Self.idleTimeoutRange.contains(idleTimeoutSeconds) else { throw .invalidIdleTimeout(idleTimeoutSeconds) }
        guard Self.headTimeoutRange.contains(headTimeoutSeconds) else { throw .invalidHeadTimeout(headTimeoutSeconds) }
        guard Self.maxConnectionsRange.contains(maxConnections) else { throw .invalidMaxConnections(maxConnections) }
        guard Self.threadPoolSizeRange.contains(threadPoolSize) else { throw .invalidThreadPoolSize(threadPoolSize) }
        if let httpsPort {
            guard Self.portRange.contains(httpsPort) else { throw .invalidHTTPSPort(httpsPort) }
            guard tls != nil else { throw .httpsPortWithoutTLS }
            guard httpsPort == 0 || httpsPort != port else { throw .httpsPortSameAsPort(httpsPort) }
        }
    }

    /// The accepted values of each setting, for messages and help texts.
    public static let portRange = 0...65_535
    public static let idleTimeoutRange = 0...86_400
    public static let headTimeoutRange = 0...3_600
    public static let maxConnectionsRange = 1...1_000_000
    public static let threadPoolSizeRange = 1...256
}
