#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import MockFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server answering every request from a ``FixtureStore``, on libmicrohttpd worker threads.
///
/// It starts listening in `init` and serves until ``stop()`` (or until it is released).
///
/// ```swift
/// let store = try FixtureStore.load(root: "Mocks")
/// let server = try MockHTTPServer(store: store, configuration: .init(port: 0), logger: Logger(label: "mock"))
/// // or, to set the journal or read the engine's state in-process:
/// // let server = try MockHTTPServer(engine: MockEngine(store: store, options: .init(journalSize: 5_000)), …)
/// print(server.url)   // http://127.0.0.1:41234
/// // … send requests …
/// server.stop()
/// ```
public final class MockHTTPServer: @unchecked Sendable {
    /// The port actually bound (the ephemeral one when the configuration asked for 0).
    public let port: Int
    /// The base URL, e.g. `http://127.0.0.1:41234` or `http://[::1]:41234`.
    public let url: URL
    /// The configuration the server runs with.
    public let configuration: ServerConfiguration

    private let daemon: MHDDaemon
    let dispatcher: RequestDispatcher
    private let logRelay: MHDLogRelay
    private let socketAddress: UnsafeMutableRawPointer
    /// The PEM strings MHD reads while it runs with TLS; released after the daemon stops.
    private let tlsCredentials: MHDTLSCredentials?
    private let lock = Lock()
    private var stopped = false

    /// Starts listening as `configuration` says and answers from `store` through a new
    /// ``MockEngine`` with default options (a journal of 1,000 requests).
    ///
    /// ``reload()`` loads `store.rootPath` again with the options it was loaded with.
    /// Throws ``ServerStartError`` with one sentence saying what failed (port in use, permission
    /// denied, invalid host, out-of-range settings, …).
    public convenience init(
        store: FixtureStore,
        configuration: ServerConfiguration,
        logger: Logger
    ) throws(ServerStartError) {
        try self.init(engine: MockEngine(store: store), configuration: configuration, logger: logger)
    }

    /// Starts listening as `configuration` says and answers every request through `engine`, which
    /// holds the fixtures, the journal, runtime fixtures and scenario states.
    public init(
        engine: MockEngine,
        configuration: ServerConfiguration,
        logger: Logger
    ) throws(ServerStartError) {
        try Self.validate(configuration)
        guard let address = BindAddress.resolve(host: configuration.host, port: UInt16(configuration.port)) else {
            throw .invalidHost(configuration.host)
        }
        let dispatcher = try RequestDispatcher(
            engine: engine,
            maxBodyBytes: configuration.maxBodyBytes,
            logRequests: configuration.logRequests,
            logger: logger
        )
        // Parsing the fixtures freed far more heap than the server keeps (a 1 MB fixture leaves
        // ~8 MB behind); hand it back to the OS so a long-running mock stays small.
        MHDDaemon.releaseFreeHeap()
        let startupMessages = StartupMessages()
        let logRelay = MHDLogRelay { line in
            // During start the lines only explain a failure, which the thrown error reports.
            if !startupMessages.record(line) {
                logger.notice("libmicrohttpd: \(line)")
            }
        }
        let socketAddress = address.allocateSockaddr()

        var options = MHDDaemonOptions()
        options.logger(logRelay.sink)
        options.bind(to: socketAddress)
        if configuration.threadPoolSize > 1 {
            options.threadPoolSize(configuration.threadPoolSize)
        }
        options.connectionTimeout(seconds: configuration.idleTimeoutSeconds)
        let context = Unmanaged.passUnretained(dispatcher).toOpaque()
        options.requestLifecycle(context: context)
        var flags: MHDDaemonFlags = [.internalThreads, .suspendResume, .errorLog]
        let tlsCredentials = try Self.tlsCredentials(for: configuration, flags: &flags, options: &options)
        if address.isIPv6Wildcard {
            // `--host ::` means every interface, as it does for most servers: IPv4 included.
            flags.insert(.dualStack)
        } else if address.isIPv6 {
            flags.insert(.ipv6)
        }

        guard let daemon = MHDDaemon.start(flags: flags, port: UInt16(configuration.port), options: options, context: context) else {
            logRelay.release()
            socketAddress.deallocate()
            throw Self.diagnoseStartFailure(address: address, configuration: configuration, messages: startupMessages.lines)
        }
        startupMessages.stopRecording()
        self.daemon = daemon
        self.dispatcher = dispatcher
        self.logRelay = logRelay
        self.socketAddress = socketAddress
        self.tlsCredentials = tlsCredentials
        self.configuration = configuration
        port = Int(daemon.boundPort)
        url = URL(string: "\(tlsCredentials == nil ? "http" : "https")://\(address.urlHost):\(port)")!
    }

    deinit {
        stop()
    }

    /// Stops listening and closes every connection; requests still waiting on a fixture's
    /// delay are woken and answered or dropped first. Safe to call more than once.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        dispatcher.suspensions.resumeAllAndClose()
        daemon.stop()
        dispatcher.stopReloading()
        logRelay.release()
        socketAddress.deallocate()
    }

    /// With `configuration.tls`: MHD's TLS flag and options, and the C strings they point to.
    private static func tlsCredentials(
        for configuration: ServerConfiguration,
        flags: inout MHDDaemonFlags,
        options: inout MHDDaemonOptions
    ) throws(ServerStartError) -> MHDTLSCredentials? {
        guard let identity = configuration.tls else { return nil }
        guard MHDTLSCredentials.isSupported else {
            throw .daemonFailed(details: "this libmicrohttpd was built without TLS support, so it cannot serve HTTPS; install one built with GnuTLS (Debian's libmicrohttpd12 is).")
        }
        let credentials = MHDTLSCredentials(identity)
        flags.insert(.tls)
        options.tls(credentials)
        return credentials
    }

    private static func validate(_ configuration: ServerConfiguration) throws(ServerStartError) {
        guard (0...65535).contains(configuration.port) else { throw .invalidPort(configuration.port) }
        guard configuration.maxBodyBytes > 0 else { throw .invalidMaxBodyBytes(configuration.maxBodyBytes) }
        guard configuration.idleTimeoutSeconds >= 0 else { throw .invalidIdleTimeout(configuration.idleTimeoutSeconds) }
        guard configuration.threadPoolSize >= 1 else { throw .invalidThreadPoolSize(configuration.threadPoolSize) }
    }

    /// MHD only logs why it failed, so the bind is retried here to learn the `errno`.
    private static func diagnoseStartFailure(
        address: BindAddress,
        configuration: ServerConfiguration,
        messages: [String]
    ) -> ServerStartError {
        let host = address.numericHost
        switch address.bindFailureErrno() {
        case EADDRINUSE: return .portInUse(host: host, port: configuration.port)
        case EACCES, EPERM: return .permissionDenied(host: host, port: configuration.port)
        case EADDRNOTAVAIL: return .addressNotAvailable(configuration.host)
        case EAFNOSUPPORT: return .addressNotAvailable(configuration.host)
        default:
            let details = messages.isEmpty ? "libmicrohttpd gave no reason." : messages.joined(separator: "; ")
            return .daemonFailed(details: details)
        }
    }
}

/// MHD's log lines during start, kept to explain a failure it reports only as NULL.
private final class StartupMessages: @unchecked Sendable {
    private let lock = Lock()
    private var recorded: [String] = []
    private var recording = true

    /// Keeps `line` while the daemon is starting; false once it runs.
    func record(_ line: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard recording else { return false }
        if recorded.count < 16 { recorded.append(line) }
        return true
    }

    func stopRecording() {
        lock.lock()
        defer { lock.unlock() }
        recording = false
        recorded = []
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
