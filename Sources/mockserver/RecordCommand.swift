import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import MockFixtures
import MockServer
import MockUpstream

/// `mockserver record --target URL --root DIR`: a reverse proxy to a real API that writes every
/// exchange into DIR as fixtures, until SIGINT or SIGTERM.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Forward every request to a real API and write the exchanges into --root as fixtures.",
        discussion: """
            A reverse proxy: each request goes to --target (path and query appended to
            its base path), the answer comes back unchanged, and the exchange is written
            into --root (created when missing) with the fixture format's path mapping:
            method, status, request (JSON or form body, or the query of a body-less
            request), the headers clients react to, and the body as response (JSON),
            responseText (text) or responseFile (bytes under __files/). A repeated
            request replaces its entry; other requests add entries. Each write,
            replacement and skip is logged. It prints the same "listening on" line as
            serving and answers /__admin/health; every other request is forwarded.
            Serve what was recorded with `mockserver --root DIR`.

            EXAMPLES
              mockserver record --target https://api.example.com --root Mocks
              mockserver record --target https://staging.example.com/v2 \\
                --root Mocks --redact token,password
              mockserver record --target https://localhost:9443 --root Mocks \\
                --cacert certs/cert.pem
            """
    )

    @Option(help: ArgumentHelp("The API to forward to and record: http(s)://host[:port][/base/path] (required).", valueName: "url"))
    var target: String

    /// `--root`: the folder recorded into.
    @OptionGroup var fixtures: FixtureRootOptions

    @OptionGroup var serving: ServingOptions

    @OptionGroup var journal: JournalOptions

    @OptionGroup var upstream: UpstreamOptions

    @OptionGroup var trust: ClientTrustOptions

    @OptionGroup var cors: CORSOptions

    @OptionGroup(title: "HTTPS") var tls: TLSServingOptions

    func validate() throws {
        try RootOptions.refuseMisplaced(by: Self.self, takes: Self.rootOptionsTaken, why: "forwards every request")
        try tls.refuseSamePort(as: serving.port)
        _ = try upstreamTarget()
        _ = try fixtures.requiredRoot(Self.rootPurpose)
    }

    /// The root options `record` shares (one option group type each, so both receive the values);
    /// the others mean nothing when every request is forwarded.
    static let rootOptionsTaken = RootOptions.names.subtracting(["--watch", "--watch-interval", "--proxy-unmatched", "--record", "--report-unused",
                                                                 "--delay", "--response-header", "--template-all"])

    private func upstreamTarget() throws -> UpstreamTarget {
        do {
            return try UpstreamTarget(parsing: target)
        } catch {
            throw ValidationError("--target: \(error)")
        }
    }

    func run() throws {
        ProcessResources.raiseOpenFileLimit()
        let shutdown = ShutdownSignals(phase: "starting")
        let hangUp = ReloadSignal()
        hangUp.ignore(saying: "mockserver record writes fixtures into --root and serves none, so there is nothing to reload")
        let target = try upstreamTarget()
        let root = try recordingRoot()
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let logger = Logger(label: "mockserver")
        let configuration = try tls.configuring(serving.configuration(tls: nil))
        let forwarder = try upstream.forwarder(to: target, trust: trust, recordingInto: root, logger: logger)
        let server: MockHTTPServer
        shutdown.serve()
        do {
            var engineOptions = journal.engineOptions
            engineOptions.cors = cors.cors
            engineOptions.acceptsRuntimeFixtures = false
            server = try MockHTTPServer(engine: MockEngine(store: .empty(rootPath: forwarder.recorder?.rootPath ?? root), options: engineOptions),
                                        configuration: configuration, logger: logger,
                                        forwarding: Forwarding(forwarder: forwarder, servesFixtures: false))
        } catch {
            throw CommandFailure(error.flagDescription)
        }
        TLSServingOptions.printWarnings(for: server)
        ContainerLoopbackCheck.printWarning(for: server)
        StandardStreams.writeOutput("listening on \(TLSServingOptions.listeningURLs(of: server)) (recording \(target) into \(forwarder.recorder?.rootPath ?? root))\n")
        let signal = withExtendedLifetime(hangUp) { shutdown.wait() }
        server.stop()
        StandardStreams.writeError("mockserver: stopped on \(signal)\n")
    }

    /// What `--root` is for, in its refusals.
    static let rootPurpose = "the folder to record into, e.g. --root Mocks (created when missing)"

    /// `--root`, created when missing; a file there is a mistake worth a sentence.
    private func recordingRoot() throws -> String {
        let root = try fixtures.requiredRoot(Self.rootPurpose)
        if let status = FileStatus(path: root) {
            guard status.kind == .directory else {
                throw ValidationError("--root \(root) is \(status.kind.description); give the folder to record into (it is created when missing).")
            }
            return root
        }
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("--root: cannot create \(root) (\(FileManager.reason(for: error))); give a folder you can write to.")
        }
        return root
    }
}
