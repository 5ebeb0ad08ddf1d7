import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import MockFixtures
import MockServer
import MockTLS

/// `mockserver --root DIR`: serves a fixture folder over HTTP until SIGINT or SIGTERM; reloads
/// it on SIGHUP, on `POST /__admin/reload` and, with `--watch`, when a file changes.
@main
struct MockServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mockserver",
        abstract: "Serve a folder of JSON fixtures as a mock REST API.",
        discussion: FixtureFormatHelp.text,
        subcommands: [ValidateCommand.self, HealthcheckCommand.self, TLSCertCommand.self]
    )

    @OptionGroup var fixtures: FixtureRootOptions

    @OptionGroup var journal: JournalOptions

    @Option(help: "Address to listen on: an IPv4 or IPv6 address (0.0.0.0 or :: for every interface) or a name such as localhost.")
    var host = ServerConfiguration().host

    @Option(help: "TCP port, \(Bounds.port); 0 picks a free port (the chosen one is printed).")
    var port = ServerConfiguration().port

    @Option(name: .customLong("max-body"), help: ArgumentHelp("Largest request body accepted; larger ones get 413.", valueName: "bytes"))
    var maxBody = ServerConfiguration().maxBodyBytes

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds before an idle connection is closed, \(Bounds.idleTimeout); 0 never closes.", valueName: "seconds"))
    var idleTimeout = ServerConfiguration().idleTimeoutSeconds

    @Option(name: .customLong("head-timeout"), help: ArgumentHelp("Seconds a client has to send a request line and headers, \(Bounds.headTimeout); 0 never closes (slow clients can then hold connections).", valueName: "seconds"))
    var headTimeout = ServerConfiguration().headTimeoutSeconds

    @Option(name: .customLong("max-connections"), help: ArgumentHelp("Connections served at once, \(Bounds.maxConnections); more wait until one closes.", valueName: "count"))
    var maxConnections = ServerConfiguration().maxConnections

    @Option(help: ArgumentHelp("Worker threads, \(Bounds.threads).", valueName: "count"))
    var threads = ServerConfiguration().threadPoolSize

    @Flag(help: "Do not log each request (warnings and errors still print).")
    var quiet = false

    @Flag(help: "Reload the fixtures when a file under --root is added, removed or modified.")
    var watch = false

    @Option(name: .customLong("watch-interval"), help: ArgumentHelp("Seconds between two checks of the fixture folder with --watch, \(Bounds.watchInterval) (default 1).", valueName: "seconds"))
    var watchInterval: Double?

    @OptionGroup(title: "HTTPS") var tls: TLSServingOptions

    /// The server's own configuration checks, worded with the flag names; no bound is repeated here.
    func validate() throws {
        do {
            try configuration(tls: nil).validate()
        } catch {
            throw ValidationError(error.flagDescription)
        }
        if let watchInterval {
            guard watch else {
                throw ValidationError("--watch-interval only applies with --watch; add --watch to reload when fixtures change.")
            }
            do {
                try FixtureWatcher.check(intervalSeconds: watchInterval)
            } catch {
                throw ValidationError("--watch-interval: \(error)")
            }
        }
    }

    /// The server configuration the flags describe; the TLS identity is loaded separately (in
    /// `run`), since reading its files is not a flag check.
    private func configuration(tls identity: TLSIdentity?) -> ServerConfiguration {
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

    func run() throws {
        // Process-wide settings belong to the command line, not to the library it embeds.
        ProcessResources.raiseOpenFileLimit()
        let store = try fixtures.loadStore()
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let logger = Logger(label: "mockserver")
        let shutdown = ShutdownSignals()
        let reloadSignal = ReloadSignal()
        for problem in store.problems {
            StandardStreams.writeError("\(problem)\n")
        }
        let configuration = configuration(tls: try tls.loadIdentity())
        let server: MockHTTPServer
        do {
            // Parsing fixtures frees far more heap than the server keeps (a 1 MB fixture leaves
            // ~8 MB behind); returning it keeps a long-running mock small, after a reload too.
            server = try MockHTTPServer(engine: MockEngine(store: store, options: journal.engineOptions),
                                        configuration: configuration, logger: logger) { _ in
                ProcessResources.releaseFreeHeap()
            }
        } catch {
            throw CommandFailure(error.flagDescription)
        }
        ProcessResources.releaseFreeHeap()
        if let identity = configuration.tls, let urlHost = server.url.host {
            for warning in TLSServingOptions.warnings(for: identity, listeningHost: urlHost) {
                StandardStreams.writeError(warning + "\n")
            }
        }
        reloadSignal.reload(server)
        let watcher = try watch ? FixtureWatcher(server: server, intervalSeconds: watchInterval ?? 1) : nil
        watcher?.start()
        StandardStreams.writeOutput("listening on \(server.url.absoluteString) (\(store.counts))\n")
        let signal = shutdown.wait()
        watcher?.stop()
        server.stop()
        if journal.reportUnused {
            StandardStreams.writeError(JournalOptions.unusedReport(server.engine.unusedEntries()))
        }
        StandardStreams.writeError("mockserver: stopped on \(signal)\n")
    }
}

/// The server's accepted ranges as the help texts print them.
private enum Bounds {
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
