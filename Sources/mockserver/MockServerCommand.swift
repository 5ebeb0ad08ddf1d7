import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import MockFixtures
import MockProxy
import MockServer

/// `mockserver --root DIR`: serves a fixture folder over HTTP until SIGINT or SIGTERM; reloads
/// it on SIGHUP, on `POST /__admin/reload` and, with `--watch`, when a file changes.
@main
struct MockServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mockserver",
        abstract: "Serve a folder of JSON fixtures as a mock REST API.",
        discussion: FixtureFormatHelp.text,
        subcommands: [ValidateCommand.self, HealthcheckCommand.self, TLSCertCommand.self, RecordCommand.self, ImportCommand.self]
    )

    @OptionGroup var fixtures: FixtureRootOptions

    @OptionGroup var journal: JournalOptions

    @OptionGroup var unused: UnusedReportOptions

    @OptionGroup var serving: ServingOptions

    @Flag(help: "Reload the fixtures when a file under --root is added, removed or modified.")
    var watch = false

    @Option(name: .customLong("watch-interval"), parsing: .unconditional, help: ArgumentHelp("Seconds between two checks of the fixture folder with --watch, \(Bounds.watchInterval) (default 1).", valueName: "seconds"))
    var watchInterval: Double?

    @OptionGroup(title: "HTTPS") var tls: TLSServingOptions

    @OptionGroup var cors: CORSOptions

    @OptionGroup var delay: DelayOptions
    @OptionGroup var answerHeaders: AnswerHeaderOptions

    @OptionGroup(title: "Proxy and record") var proxy: ProxyOptions

    @OptionGroup(title: "Proxy and record") var upstream: UpstreamOptions

    @OptionGroup(title: "Proxy and record") var trust: ClientTrustOptions

    func validate() throws {
        try RootOptions.refuseRepeated()
        try tls.refuseSamePort(as: serving.port)
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

    /// `--redact` needs `--record`. (`--cacert`, `--insecure` and `--upstream-timeout` apply to
    /// entries with `"forward"` too, so they stand alone.) Checked when running rather than in
    /// `validate()`, as the options are shared with subcommands.
    private func checkForwardingFlags() throws {
        if upstream.redact != nil, !proxy.record {
            throw ValidationError("--redact applies to recorded fixtures; add --record to write what --proxy-unmatched forwards.")
        }
    }

    func run() throws {
        // Process-wide settings belong to the command line, not to the library it embeds.
        ProcessResources.raiseOpenFileLimit()
        try checkForwardingFlags()
        // Before the load, which takes seconds for a large tree: a stop asked for meanwhile ends
        // the process, and a SIGHUP is ignored instead of ending it.
        let shutdown = ShutdownSignals(phase: "loading fixtures")
        let reloadSignal = ReloadSignal()
        let store = try fixtures.loadStore()
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let logger = Logger(label: "mockserver")
        for problem in store.problems {
            StandardStreams.writeError("\(problem)\n")
        }
        let configuration = try tls.configuring(serving.configuration(tls: nil))
        var engineOptions = journal.engineOptions
        engineOptions.cors = cors.cors
        engineOptions.delay = try delay.answerDelay()
        engineOptions.answerHeaders = try answerHeaders.answerHeaders()
        let target = try proxy.target()
        // One client for --proxy-unmatched and for the entries with "forward".
        let client = try upstream.clientPrintingWarnings(trust: trust)
        let forwarding = try target.map { target in
            Forwarding(forwarder: try upstream.forwarder(to: target, client: client, recordingInto: proxy.record ? store.rootPath : nil, logger: logger))
        }
        let engine = MockEngine(store: store, options: engineOptions)
        // Entries' webhooks go out on the same client as forwards.
        engine.setWebhookSender(UpstreamWebhookSender(client: client, logger: logger))
        let server: MockHTTPServer
        shutdown.serve()
        do {
            // Parsing fixtures frees far more heap than the server keeps (a 1 MB fixture leaves
            // ~8 MB behind); returning it keeps a long-running mock small, after a reload too.
            server = try MockHTTPServer(engine: engine,
                                        configuration: configuration, logger: logger, forwarding: forwarding,
                                        entryForwarders: UpstreamForwarders(client: client, logger: logger)) { _ in
                ProcessResources.releaseFreeHeap()
            }
        } catch {
            throw CommandFailure(error.flagDescription)
        }
        ProcessResources.releaseFreeHeap()
        TLSServingOptions.printWarnings(for: server)
        ContainerLoopbackCheck.printWarning(for: server)
        reloadSignal.reload(server)
        let watcher = try watch ? FixtureWatcher(server: server, intervalSeconds: watchInterval ?? 1) : nil
        watcher?.start()
        let proxying = target.map { "; unmatched requests go to \($0)\(proxy.record ? ", recorded into \(store.rootPath)" : "")" } ?? ""
        StandardStreams.writeOutput("listening on \(TLSServingOptions.listeningURLs(of: server)) (\(store.counts)\(proxying))\n")
        let signal = shutdown.wait()
        watcher?.stop()
        server.stop()
        if unused.reportUnused {
            StandardStreams.writeError(UnusedReportOptions.unusedReport(server.engine.unusedEntries()))
        }
        let unsent = server.engine.pendingWebhookCount
        if unsent > 0 {
            // They die with the process; the log says so rather than leaving a receiver's test to
            // wonder (round 9 left this to the docs).
            StandardStreams.writeError("mockserver: \(unsent) webhook\(unsent == 1 ? "" : "s") still waiting \(unsent == 1 ? "was" : "were") not sent\n")
        }
        StandardStreams.writeError("mockserver: stopped on \(signal)\n")
    }
}
