#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Logging
import MockFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server answering every request from a ``FixtureStore``, on libmicrohttpd worker threads.
///
/// It starts listening in `init` and serves until ``shutdown()`` or ``stop()`` (or until it is released).
///
/// ```swift
/// let store = try FixtureStore.load(root: "Mocks")
/// let server = try MockHTTPServer(store: store, configuration: .init(port: 0), logger: Logger(label: "mock"))
/// // or, to set the journal or read the engine's state in-process:
/// // let server = try MockHTTPServer(engine: MockEngine(store: store, options: .init(journalSize: 5_000)), …)
/// print(server.url)   // http://127.0.0.1:41234
/// // … send requests …
/// await server.shutdown()   // or server.stop() outside async code
/// ```
public final class MockHTTPServer: @unchecked Sendable {
    // @unchecked: `stopped` is only read and written under `lock`; everything else is immutable
    // (the TLS credentials are only read by libmicrohttpd, until the daemon has stopped).
    /// The port actually bound (the ephemeral one when the configuration asked for 0).
    public let port: Int
    /// The base URL, e.g. `http://127.0.0.1:41234` or `http://[::1]:41234` (`https://` with
    /// ``ServerConfiguration/tls`` and no ``ServerConfiguration/httpsPort``).
    public let url: URL
    /// With ``ServerConfiguration/httpsPort``: the HTTPS port actually bound, beside ``port``'s
    /// plain HTTP; `nil` otherwise.
    public let securePort: Int?
    /// With ``ServerConfiguration/httpsPort``: `https://127.0.0.1:41235`, answered by the same
    /// engine as ``url``.
    ///
    /// ```swift
    /// var configuration = ServerConfiguration(port: 0, tls: identity, httpsPort: 0)
    /// let server = try MockHTTPServer(store: store, configuration: configuration, logger: logger)
    /// print(server.url, server.secureURL!)   // http://127.0.0.1:41234 https://127.0.0.1:41235
    /// ```
    public let secureURL: URL?
    /// The configuration the server runs with.
    public let configuration: ServerConfiguration
    /// Connections served at once: ``ServerConfiguration/maxConnections``, lowered when the
    /// process's open-file limit (`ulimit -n`) leaves room for fewer (a notice says so).
    public let connectionLimit: Int

    /// Bytes of libmicrohttpd's per-connection memory pool. It holds the request head while the
    /// request runs (a `Cookie` twice: libmicrohttpd copies it while parsing) plus the answer's
    /// header block, and libmicrohttpd zeroes all of it after every request, which makes it the
    /// largest fixed cost of a small request: 20 KiB instead of the library's default 32 KiB
    /// saves about 0.4 µs of CPU per request (BENCHMARKS.md) and still fits an 8 KiB cookie.
    static let connectionMemoryBytes = 20 * 1024

    /// The largest request line plus headers answered, cookies counted twice; larger heads get a
    /// JSON 431 (beyond ``connectionMemoryBytes``, libmicrohttpd's own 431). The rest of the pool
    /// is kept for the answer's header block.
    public static let maxHeadBytes = 18 * 1024

    /// What the answer's header lines may take of ``connectionMemoryBytes`` beside the request's
    /// head (``RequestHead/poolBytes(requestLineBytes:)``): libmicrohttpd builds the status line and
    /// headers there, adding `Date`, `Content-Length` and `Connection` itself. 160 bytes cover
    /// those, the longest reason phrase and the pool's alignment; measured, an answer fails to
    /// build 79–87 bytes before the pool's end with a 3-header `200 OK`. An answer over it is a
    /// JSON 431 (502 when forwarded) instead of a connection closed without a byte.
    public static let answerHeadRoomBytes = connectionMemoryBytes - 160

    /// The load options of a store this server serves: an entry whose fixed headers can never fit
    /// beside a request's head is warned about at load, not only answered 431 per request.
    public static var loadOptions: FixtureLoadOptions {
        var options = FixtureLoadOptions()
        options.answerHeaderBytesLimit = answerHeadRoomBytes
        return options
    }

    private let daemon: MHDDaemon
    /// The HTTPS listener of ``ServerConfiguration/httpsPort``, on the same dispatcher.
    private let secureDaemon: MHDDaemon?
    let dispatcher: RequestDispatcher
    let watchdog: RequestHeadWatchdog?
    private let logRelay: MHDLogRelay
    private let socketAddress: UnsafeMutableRawPointer
    private let secureSocketAddress: UnsafeMutableRawPointer?
    /// The PEM strings MHD reads while it runs with TLS; released after the daemon stops.
    private let tlsCredentials: MHDTLSCredentials?
    private let lock = Lock()
    private var stopped = false

    /// Starts listening as `configuration` says and answers from `store` through a new
    /// ``MockEngine`` with default options (a journal of 1,000 requests).
    ///
    /// ``reload()`` loads `store.configuredRoot` again with the options it was loaded with and calls
    /// `afterReload` with what it installed (e.g. to log it, or to return freed heap to the system).
    /// Throws ``ServerStartError`` with one sentence saying what failed (port in use, permission
    /// denied, invalid host, out-of-range settings, …).
    public convenience init(
        store: FixtureStore,
        configuration: ServerConfiguration,
        logger: Logger,
        afterReload: @escaping @Sendable (ReloadSummary) -> Void = { _ in }
    ) throws(ServerStartError) {
        try self.init(engine: MockEngine(store: store), configuration: configuration, logger: logger, afterReload: afterReload)
    }

    /// Starts listening as `configuration` says and answers every request through `engine`, which
    /// holds the fixtures, the journal, runtime fixtures and scenario states. With `forwarding`,
    /// requests no fixture answers go to its ``RequestForwarder`` instead of getting a 404
    /// (`mockserver --proxy-unmatched`, `mockserver record`); the journal calls them `proxied`.
    /// With `entryForwarders`, entries with `"forward"` send their requests to their API through
    /// it; without, they answer `502` saying so.
    public init(
        engine: MockEngine,
        configuration: ServerConfiguration,
        logger: Logger,
        forwarding: Forwarding? = nil,
        entryForwarders: (any EntryForwarderFactory)? = nil,
        afterReload: @escaping @Sendable (ReloadSummary) -> Void = { _ in }
    ) throws(ServerStartError) {
        try configuration.validate()
        guard let address = BindAddress.resolve(host: configuration.host, port: UInt16(configuration.port)) else {
            throw .invalidHost(configuration.host)
        }
        if let reason = address.notUnicastReason {
            throw .addressNotBindable(configuration.host, reason: "it is \(reason), which receives no TCP connections")
        }
        let dispatcher = try RequestDispatcher(
            engine: engine,
            maxBodyBytes: configuration.maxBodyBytes,
            maxHeadBytes: Self.maxHeadBytes,
            logRequests: configuration.logRequests,
            logger: logger,
            forwarding: forwarding,
            entryForwarders: entryForwarders,
            afterReload: afterReload
        )
        let startupMessages = StartupMessages()
        // Once running, libmicrohttpd only reports what happened to single connections (a client
        // that closed mid-request, a head too large): logged like the requests themselves, so a
        // flood of slow clients cannot flood the log of a server asked to be quiet.
        let diagnosticsLevel: Logger.Level = configuration.logRequests ? .info : .debug
        let logRelay = MHDLogRelay { line in
            // During start the lines only explain a failure, which the thrown error reports.
            if !startupMessages.record(line) {
                logger.log(level: diagnosticsLevel, "libmicrohttpd: \(Self.explained(line))")
            }
        }
        let socketAddress = address.allocateSockaddr()
        // Two listeners (`httpsPort`) each get the configured connections and threads, and share
        // the open-file limit.
        let listeners = configuration.httpsPort == nil ? 1 : 2
        let openFileShare = OpenFileLimit.connections(wanted: configuration.maxConnections * listeners, threads: configuration.threadPoolSize * listeners)
        let connectionLimit = (limit: max(1, openFileShare.limit / listeners), openFiles: openFileShare.openFiles)
        if connectionLimit.limit < configuration.maxConnections {
            logger.notice("""
                serving at most \(connectionLimit.limit) connection\(connectionLimit.limit == 1 ? "" : "s") at once, not \(configuration.maxConnections): \
                the open-file limit is \(connectionLimit.openFiles); raise it (ulimit -n) to allow more
                """)
        }

        let tlsCredentials = try Self.tlsCredentials(for: configuration)
        let servesBothSchemes = configuration.httpsPort != nil
        let (options, flags) = Self.daemonSettings(configuration, address: address, socketAddress: socketAddress, logRelay: logRelay,
                                                   connectionLimit: connectionLimit.limit, tls: servesBothSchemes ? nil : tlsCredentials)
        let watchdog = configuration.headTimeoutSeconds == 0 ? nil : RequestHeadWatchdog(
            headTimeoutSeconds: configuration.headTimeoutSeconds,
            idleTimeoutSeconds: configuration.idleTimeoutSeconds
        ) { count, seconds in
            logger.notice("closed \(count) connection\(count == 1 ? "" : "s") that sent no complete request head within \(seconds) s (head timeout)")
        }

        guard let daemon = MHDDaemon.start(
            flags: flags, port: UInt16(configuration.port), options: options, responder: dispatcher, watchdog: watchdog
        ) else {
            logRelay.release()
            socketAddress.deallocate()
            throw Self.diagnoseStartFailure(address: address, port: configuration.port, host: configuration.host, messages: startupMessages.lines)
        }
        var secureDaemon: MHDDaemon?
        var secureSocketAddress: UnsafeMutableRawPointer?
        if let httpsPort = configuration.httpsPort, let tlsCredentials {
            let secureAddress = address.withPort(UInt16(httpsPort))
            let secureSocket = secureAddress.allocateSockaddr()
            let (secureOptions, secureFlags) = Self.daemonSettings(configuration, address: secureAddress, socketAddress: secureSocket, logRelay: logRelay,
                                                                   connectionLimit: connectionLimit.limit, tls: tlsCredentials)
            guard let started = MHDDaemon.start(
                flags: secureFlags, port: UInt16(httpsPort), options: secureOptions, responder: dispatcher, watchdog: watchdog
            ) else {
                daemon.stop()
                logRelay.release()
                socketAddress.deallocate()
                secureSocket.deallocate()
                throw .httpsListenerFailed(Self.diagnoseStartFailure(address: secureAddress, port: httpsPort, host: configuration.host,
                                                                     messages: startupMessages.lines))
            }
            secureDaemon = started
            secureSocketAddress = secureSocket
        }
        startupMessages.stopRecording()
        watchdog?.start()
        self.daemon = daemon
        self.secureDaemon = secureDaemon
        self.secureSocketAddress = secureSocketAddress
        self.dispatcher = dispatcher
        self.watchdog = watchdog
        self.logRelay = logRelay
        self.socketAddress = socketAddress
        self.tlsCredentials = tlsCredentials
        self.configuration = configuration
        self.connectionLimit = connectionLimit.limit
        port = Int(daemon.boundPort)
        url = URL(string: "\(tlsCredentials == nil || servesBothSchemes ? "http" : "https")://\(address.urlHost):\(port)")!
        securePort = secureDaemon.map { Int($0.boundPort) }
        secureURL = securePort.map { URL(string: "https://\(address.urlHost):\($0)")! }
    }

    deinit {
        stop()
    }

    /// ``stop()`` from async code: the calling task suspends while libmicrohttpd's threads are
    /// joined (which waits for requests being answered), instead of holding one of the few
    /// threads of Swift's cooperative pool that every other task shares. Safe to call more than
    /// once, and after ``stop()``.
    ///
    /// ```swift
    /// override func tearDown() async throws {
    ///     await server.shutdown()
    /// }
    /// ```
    public func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // A serial queue runs on libdispatch's overcommitting pool, never the cooperative one.
            DispatchQueue(label: "mockserver.shutdown").async { [self] in
                stop()
                continuation.resume()
            }
        }
    }

    /// Stops listening and closes every connection; requests still waiting on a fixture's
    /// delay are woken first and closed without their answer, which would come early. Blocks the calling thread until
    /// libmicrohttpd's threads have ended; from async code prefer ``shutdown()``. Safe to call
    /// more than once.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        watchdog?.stop()
        dispatcher.suspensions.resumeAllAndClose()
        daemon.stop()
        secureDaemon?.stop()
        dispatcher.stopReloading()
        logRelay.release()
        socketAddress.deallocate()
        secureSocketAddress?.deallocate()
    }

    /// With `configuration.tls`: the C strings of the certificate and key MHD reads.
    private static func tlsCredentials(for configuration: ServerConfiguration) throws(ServerStartError) -> MHDTLSCredentials? {
        guard let identity = configuration.tls else { return nil }
        guard MHDTLSCredentials.isSupported else {
            throw .daemonFailed(details: "this libmicrohttpd was built without TLS support, so it cannot serve HTTPS; install one built with GnuTLS (Debian's libmicrohttpd12 is).")
        }
        return MHDTLSCredentials(identity)
    }

    /// The options and flags of one listener: bound to `socketAddress`, with TLS when given.
    private static func daemonSettings(_ configuration: ServerConfiguration, address: BindAddress, socketAddress: UnsafeMutableRawPointer,
                                       logRelay: MHDLogRelay, connectionLimit: Int, tls: MHDTLSCredentials?) -> (MHDDaemonOptions, MHDDaemonFlags) {
        var options = MHDDaemonOptions()
        options.logger(logRelay.sink)
        options.bind(to: socketAddress)
        if configuration.threadPoolSize > 1 {
            options.threadPoolSize(configuration.threadPoolSize)
        }
        options.connectionTimeout(seconds: configuration.idleTimeoutSeconds)
        options.connectionLimit(connectionLimit)
        options.connectionMemoryLimit(bytes: Self.connectionMemoryBytes)
        var flags: MHDDaemonFlags = [.internalThreads, .suspendResume, .errorLog]
        if let tls {
            flags.insert(.tls)
            options.tls(tls)
        }
        if address.isIPv6Wildcard {
            // `--host ::` means every interface, as it does for most servers: IPv4 included.
            flags.insert(.dualStack)
        } else if address.isIPv6 {
            flags.insert(.ipv6)
        }
        return (options, flags)
    }

    /// libmicrohttpd's line with what a reader needs to act on it: its one sentence for every
    /// failed TLS handshake says "received handshake message out of context", whatever the cause.
    static func explained(_ line: String) -> String {
        guard line.contains("handshake message out of context") else { return line }
        return "a TLS handshake failed and the connection was closed (a client that sent plain http:// to this HTTPS port, "
            + "one offering only TLS 1.0 or 1.1, or one refusing the certificate)"
    }

    /// MHD only logs why it failed, so the bind is retried here to learn the `errno`.
    private static func diagnoseStartFailure(
        address: BindAddress,
        port: Int,
        host configuredHost: String,
        messages: [String]
    ) -> ServerStartError {
        let host = address.numericHost
        switch address.bindFailureErrno() {
        case EADDRINUSE: return .portInUse(host: host, port: port)
        case EACCES, EPERM: return .permissionDenied(host: host, port: port)
        case EADDRNOTAVAIL: return .addressNotAvailable(configuredHost)
        case EAFNOSUPPORT: return .addressNotAvailable(configuredHost)
        case EINVAL:
            // Linux's answer for a link-local IPv6 address without its interface, and for an
            // IPv4-mapped IPv6 address, neither of which a socket can bind as written.
            return .addressNotBindable(configuredHost, reason: "the system refused to bind it (a link-local IPv6 address needs its interface, "
                + "as in fe80::1%eth0; an IPv4-mapped one such as ::ffff:127.0.0.1 is written as IPv4, 127.0.0.1)")
        default:
            let details = messages.isEmpty ? "libmicrohttpd gave no reason." : messages.joined(separator: "; ")
            return .daemonFailed(details: details)
        }
    }
}

/// MHD's log lines during start, kept to explain a failure it reports only as NULL.
private final class StartupMessages: @unchecked Sendable {
    // @unchecked: `recorded` and `recording` are only read and written under `lock`.
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
