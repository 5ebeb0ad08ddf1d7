import ArgumentParser
import MockServer
import MockTLS

/// Where and how the server listens, shared by serving and `record` (one group type, so both
/// receive the values; see ``ClientTrustOptions``).
struct ServingOptions: ParsableArguments {
    @Option(help: "Address to listen on: an IPv4 or IPv6 address (0.0.0.0 or :: for every interface) or a name such as localhost.")
    var host = ServerConfiguration().host

    // `.unconditional` on the numeric options: a value such as -1 is taken as the value (and
    // refused with its range) rather than read as an unknown flag ("Missing value for '--port'").
    @Option(parsing: .unconditional, help: "TCP port, \(Bounds.port); 0 picks a free port (the chosen one is printed).")
    var port = ServerConfiguration().port

    @Option(name: .customLong("max-body"), parsing: .unconditional, help: ArgumentHelp("Largest request body accepted; larger ones get 413.", valueName: "bytes"))
    var maxBody = ServerConfiguration().maxBodyBytes

    @Option(name: .customLong("idle-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds before an idle connection is closed, \(Bounds.idleTimeout); 0 never closes.", valueName: "seconds"))
    var idleTimeout = ServerConfiguration().idleTimeoutSeconds

    @Option(name: .customLong("head-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds a client has to send a request line and headers, \(Bounds.headTimeout); 0 never closes (slow clients can then hold connections).", valueName: "seconds"))
    var headTimeout = ServerConfiguration().headTimeoutSeconds

    @Option(name: .customLong("max-connections"), parsing: .unconditional, help: ArgumentHelp("Connections served at once, \(Bounds.maxConnections); more wait until one closes.", valueName: "count"))
    var maxConnections = ServerConfiguration().maxConnections

    @Option(parsing: .unconditional, help: ArgumentHelp("Worker threads, \(Bounds.threads).", valueName: "count"))
    var threads = ServerConfiguration().threadPoolSize

    @Flag(help: "Do not log each request (warnings and errors still print).")
    var quiet = false

    /// The server's own configuration checks, worded with the flag names; no bound is repeated here.
    func validate() throws {
        do {
            try configuration(tls: nil).validate()
        } catch {
            throw ValidationError(error.flagDescription)
        }
    }

    /// The server configuration the flags describe; the TLS identity is loaded separately (in
    /// `run`), since reading its files is not a flag check.
    func configuration(tls identity: TLSIdentity?) -> ServerConfiguration {
        ServerConfiguration(
            host: host,
            port: port,
            maxBodyBytes: maxBody,
            idleTimeoutSeconds: idleTimeout,
            headTimeoutSeconds: headTimeout,
            maxConnections: maxConnections,
            threadPoolSize: threads,
            logRequests: !quiet,
            tls: identity
        )
    }
}

/// The server's accepted ranges as the help texts print them.
enum Bounds {
    static let port = text(ServerConfiguration.portRange)
    static let idleTimeout = text(ServerConfiguration.idleTimeoutRange)
    static let headTimeout = text(ServerConfiguration.headTimeoutRange)
    static let maxConnections = text(ServerConfiguration.maxConnectionsRange)
    static let threads = text(ServerConfiguration.threadPoolSizeRange)
    static let watchInterval = "\(FixtureWatcher.intervalRange.lowerBound)–\(Int(FixtureWatcher.intervalRange.upperBound))"

    private static func text(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound)–\(range.upperBound)"
    }
}
