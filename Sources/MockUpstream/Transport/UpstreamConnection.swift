import MockFixtures
import MockTLS
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One open TCP connection to an upstream, with TLS on top for `https`.
///
/// `@unchecked Sendable` is safe because a connection is used by one exchange at a time: the
/// exchange that opened it or took it from ``ConnectionPool`` (under the pool's lock) owns it
/// until it gives it back or drops it.
final class UpstreamConnection: @unchecked Sendable {
    /// The pool key, `scheme://host:port`.
    let key: String
    private let descriptor: Int32
    private let tls: TLSClientSession?
    /// When the connection last finished an exchange (for the pool's idle limit).
    var idleSince = ContinuousClock.now

    private init(key: String, descriptor: Int32, tls: TLSClientSession?) {
        self.key = key
        self.descriptor = descriptor
        self.tls = tls
    }

    deinit {
        tls?.close()
        close(descriptor)
    }

    /// Resolves the host, connects to the first address that accepts, and for `https` runs
    /// the TLS handshake — all before `deadline`.
    static func open(
        to url: AbsoluteURL,
        credentials: () throws(TransportFailure) -> TLSClientCredentials,
        verify: Bool,
        deadline: ContinuousClock.Instant,
        call: UpstreamCall
    ) throws(TransportFailure) -> UpstreamConnection {
        let descriptor = try connect(host: url.bareHost, port: url.effectivePort, deadline: deadline, call: call)
        guard url.scheme == "https" else {
            return UpstreamConnection(key: url.connectionKey, descriptor: descriptor, tls: nil)
        }
        let trust: TLSClientCredentials
        let session: TLSClientSession
        do {
            trust = try credentials()
        } catch {
            close(descriptor)
            throw error
        }
        do throws(TLSClientError) {
            session = try TLSClientSession(socket: descriptor, host: url.bareHost, credentials: trust, verify: verify)
        } catch {
            close(descriptor)
            throw .tls(error)
        }
        // From here the connection owns the descriptor and closes it on any failure.
        let connection = UpstreamConnection(key: url.connectionKey, descriptor: descriptor, tls: session)
        while true {
            let wait: TLSClientSession.Wait?
            do throws(TLSClientError) {
                wait = try session.handshake()
            } catch {
                throw .tls(error)
            }
            guard let wait else { return connection }
            try SocketReadiness.wait(descriptor, for: wait == .readable ? SocketReadiness.readable : SocketReadiness.writable,
                                     until: deadline, call: call, during: "doing the TLS handshake")
        }
    }

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant, call: UpstreamCall) throws(TransportFailure) {
        var offset = 0
        while offset < bytes.count {
            let sent = try sendSome(bytes, from: offset)
            if let sent {
                offset += sent
            } else {
                try SocketReadiness.wait(descriptor, for: pendingDirection, until: deadline, call: call, during: "sending the request")
            }
        }
    }

    /// Appends what arrives next to `buffer` (at most 64 KiB); false when the peer closed.
    func receive(into buffer: inout [UInt8], until deadline: ContinuousClock.Instant, call: UpstreamCall, receivedAnything: Bool) throws(TransportFailure) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let count = try receiveSome(into: &chunk, receivedAnything: receivedAnything) {
                guard count > 0 else { return false }
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            try SocketReadiness.wait(descriptor, for: pendingDirection, until: deadline, call: call,
                                     during: receivedAnything ? "receiving the answer, which had begun" : "waiting for the answer")
        }
    }

    /// Whether an idle connection can still be used: the peer has neither closed it nor sent
    /// anything unasked. Maps to `poll` with a zero timeout.
    var isStillOpen: Bool {
        if tls?.hasBufferedData == true { return false }
        var state = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&state, 1, 0) == 0
    }

    // MARK: Plain and TLS I/O

    private var lastWait: TLSClientSession.Wait = .readable

    /// Which way the last step that could not proceed wants to wait (TLS may need to write while
    /// reading, to renegotiate keys).
    private var pendingDirection: Int16 {
        lastWait == .readable ? SocketReadiness.readable : SocketReadiness.writable
    }

    /// Bytes sent, or nil when the socket must become ready first.
    private func sendSome(_ bytes: [UInt8], from offset: Int) throws(TransportFailure) -> Int? {
        try bytes[offset...].withUnsafeBytes { buffer in
            Result { () throws(TransportFailure) in
                try step(
                    tls: { session throws(TLSClientError) in try session.send(buffer) },
                    plain: { Self.systemSend(descriptor, buffer.baseAddress, buffer.count) },
                    waitingFor: .writable,
                    failure: { .closed("sending failed: \($0)", receivedAnything: false) })
            }
        }.get()
    }

    /// Bytes received (0 at the end), or nil when the socket must become ready first.
    private func receiveSome(into chunk: inout [UInt8], receivedAnything: Bool) throws(TransportFailure) -> Int? {
        try chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(TransportFailure) in
                try step(
                    tls: { session throws(TLSClientError) in try session.receive(into: buffer) },
                    plain: { recv(descriptor, buffer.baseAddress, buffer.count, 0) },
                    waitingFor: .readable,
                    failure: { .closed("receiving failed: \($0)", receivedAnything: receivedAnything) })
            }
        }.get()
    }

    /// One send or receive over TLS or the plain socket: the byte count, or nil (remembering
    /// which way to wait) when the socket is not ready.
    private func step(
        tls operation: (TLSClientSession) throws(TLSClientError) -> TLSClientSession.Transfer,
        plain: () -> Int,
        waitingFor plainWait: TLSClientSession.Wait,
        failure: (String) -> TransportFailure
    ) throws(TransportFailure) -> Int? {
        if let tls {
            let transfer: TLSClientSession.Transfer
            do throws(TLSClientError) {
                transfer = try operation(tls)
            } catch {
                throw failure(error.message)
            }
            switch transfer {
            case .done(let count): return count
            case .wait(let wait): lastWait = wait; return nil
            }
        }
        let count = plain()
        if count >= 0 { return count }
        guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
            throw failure(String(cString: strerror(errno)))
        }
        lastWait = plainWait
        return nil
    }

    /// `send(2)` that never raises SIGPIPE.
    private static func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(descriptor, bytes, count, 0)   // SO_NOSIGPIPE is set on the socket
        #endif
    }

    // MARK: Connecting

    /// Maps to `getaddrinfo`, then per address `socket`, `fcntl(O_NONBLOCK | FD_CLOEXEC)`,
    /// `connect`, `poll` for writability and `getsockopt(SO_ERROR)`, then `TCP_NODELAY`.
    private static func connect(host: String, port: Int, deadline: ContinuousClock.Instant, call: UpstreamCall) throws(TransportFailure) -> Int32 {
        var hints = addrinfo()
        (hints.ai_family, hints.ai_socktype) = (AF_UNSPEC, streamSocketType)
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw .hostNotFound(String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        if ContinuousClock.now >= deadline { throw .timedOut("resolving the host name") }
        var refused = false
        var lastProblem = "no address to connect to"
        for address in sequence(first: first, next: { $0.pointee.ai_next }) {
            let info = address.pointee
            let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            guard descriptor >= 0 else { continue }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var problem: Int32 = 0
            if systemConnect(descriptor, info.ai_addr, info.ai_addrlen) != 0 {
                if errno == EINPROGRESS {
                    do throws(TransportFailure) {
                        try SocketReadiness.wait(descriptor, for: SocketReadiness.writable, until: deadline, call: call, during: "connecting")
                    } catch {
                        close(descriptor)
                        throw error
                    }
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &problem, &length)
                } else {
                    problem = errno
                }
            }
            if problem == 0 {
                var one: Int32 = 1
                setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return descriptor
            }
            if problem == ECONNREFUSED { refused = true }
            lastProblem = String(cString: strerror(problem))
            close(descriptor)
        }
        throw refused ? .refused(lastProblem) : .connectFailed(lastProblem)
    }
}

#if canImport(Glibc)
private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocketType = SOCK_STREAM
#endif

/// `connect(2)`, named apart from ``UpstreamConnection``'s own `connect`.
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(descriptor, address, length)
    #else
    Darwin.connect(descriptor, address, length)
    #endif
}
