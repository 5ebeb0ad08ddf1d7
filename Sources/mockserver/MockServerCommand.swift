import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import MockFixtures
import MockServer

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
    var host = "127.0.0.1"

    @Option(help: "TCP port, 0–65535; 0 picks a free port (the chosen one is printed).")
    var port = 8080

    @Option(name: .customLong("max-body"), help: ArgumentHelp("Largest request body accepted; larger ones get 413.", valueName: "bytes"))
    var maxBody = 10 * 1024 * 1024

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds before an idle connection is closed; 0 never closes.", valueName: "seconds"))
    var idleTimeout = 30

    @Option(help: ArgumentHelp("Worker threads.", valueName: "count"))
    var threads = 2

    @Flag(help: "Do not log each request (warnings and errors still print).")
    var quiet = false

    @Flag(help: "Reload the fixtures when a file under --root is added, removed or modified.")
    var watch = false

    @Option(name: .customLong("watch-interval"), help: ArgumentHelp("Seconds between two checks of the fixture folder with --watch (default 1).", valueName: "seconds"))
    var watchInterval: Double?

    @OptionGroup(title: "HTTPS") var tls: TLSServingOptions

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port) is out of range; use 0–65535 (0 picks a free port).")
        }
        guard maxBody > 0 else {
            throw ValidationError("--max-body \(maxBody) must be a positive number of bytes, e.g. --max-body 10485760.")
        }
        guard idleTimeout >= 0 else {
            throw ValidationError("--idle-timeout \(idleTimeout) must be 0 (never) or a positive number of seconds.")
        }
        guard (1...256).contains(threads) else {
            throw ValidationError("--threads \(threads) must be between 1 and 256.")
        }
        guard !host.isEmpty else {
            throw ValidationError("--host is empty; give an address such as 127.0.0.1 or ::1.")
        }
        if let watchInterval {
            guard watch else {
                throw ValidationError("--watch-interval only applies with --watch; add --watch to reload when fixtures change.")
            }
            guard watchInterval.isFinite, watchInterval >= 0.05, watchInterval <= 3600 else {
                throw ValidationError("--watch-interval \(watchInterval) must be between 0.05 and 3600 seconds, e.g. --watch-interval 0.5.")
            }
        }
    }

    func run() throws {
        let store = try fixtures.loadStore()
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let logger = Logger(label: "mockserver")
        let configuration = ServerConfiguration(
            host: host,
            port: port,
            maxBodyBytes: maxBody,
            idleTimeoutSeconds: idleTimeout,
            threadPoolSize: threads,
            logRequests: !quiet,
            tls: try tls.loadIdentity()
        )
        let shutdown = ShutdownSignals()
        let reloadSignal = ReloadSignal()
        for problem in store.problems {
            StandardStreams.writeError("\(problem)\n")
        }
        let server: MockHTTPServer
        do {
            server = try MockHTTPServer(engine: MockEngine(store: store, options: journal.engineOptions), configuration: configuration, logger: logger)
        } catch {
            throw CommandFailure(error.flagDescription)
        }
        if let identity = configuration.tls, let urlHost = server.url.host {
            for warning in TLSServingOptions.warnings(for: identity, listeningHost: urlHost) {
                StandardStreams.writeError(warning + "\n")
            }
        }
        reloadSignal.reload(server)
        let watcher = watch ? FixtureWatcher(server: server, intervalSeconds: watchInterval ?? 1) : nil
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
