import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices a client that closes its connection while its request is forwarded.
///
/// libmicrohttpd 0.9.75 does not watch a suspended connection's socket, so without this a
/// client that gave up was noticed only when the answer was written: the upstream exchange ran to
/// its end, was recorded, and was journaled as delivered. While any forwarded request is parked,
/// a timer on a queue of its own looks at every watched socket every ``interval`` with `poll(2)`
/// and no wait. On Linux `POLLRDHUP` says the client has closed its side, also when bytes it sent
/// before closing are still unread (a TLS `close_notify`, a pipelined request); elsewhere a
/// readable socket is peeked at (`recv(2)` with `MSG_PEEK`), which reads 0 once the client has
/// closed, and which bytes sent first hide. A client that half-closes after its request
/// (`shutdown(SHUT_WR)`, rare in HTTP/1.1) counts as gone, as it does for nginx (499).
///
/// ```swift
/// let watch = hangUps.watch(connection.socketDescriptor) { deferred.cancelForwarding() }
/// // … when the forward completes, before the connection is resumed:
/// hangUps.forget(watch)
/// ```
final class ClientHangUpWatch: @unchecked Sendable {
    // @unchecked: `watched`, `nextToken` and `timer` are only read and written on `queue`.
    static let interval = DispatchTimeInterval.milliseconds(50)

    private struct Watched {
        let descriptor: Int32
        let onHangUp: @Sendable () -> Void
    }

    private let queue = DispatchQueue(label: "mockserver.hang-ups")
    private var watched: [UInt64: Watched] = [:]
    private var nextToken: UInt64 = 0
    private var timer: (any DispatchSourceTimer)?

    /// Calls `onHangUp` once, on this watch's queue, when the client at `descriptor` has closed
    /// its side; returns the token for ``forget(_:)``.
    func watch(_ descriptor: Int32, onHangUp: @escaping @Sendable () -> Void) -> UInt64 {
        queue.sync {
            nextToken &+= 1
            watched[nextToken] = Watched(descriptor: descriptor, onHangUp: onHangUp)
            if timer == nil {
                let source = DispatchSource.makeTimerSource(queue: queue)
                source.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(10))
                source.setEventHandler { [weak self] in self?.check() }
                source.resume()
                timer = source
            }
            return nextToken
        }
    }

    /// Stops watching; after it returns the socket is never looked at again, so libmicrohttpd
    /// may close it (and the number be reused) safely.
    func forget(_ token: UInt64) {
        queue.sync {
            watched.removeValue(forKey: token)
            stopTimerWhenIdle()
        }
    }

    /// How many sockets are watched, for tests.
    var count: Int {
        queue.sync { watched.count }
    }

    deinit {
        timer?.cancel()
    }

    private func stopTimerWhenIdle() {
        guard watched.isEmpty else { return }
        timer?.cancel()
        timer = nil
    }

    /// Whether the client at `descriptor` has already closed its side: for a request about to
    /// be forwarded (a pipelined one whose client left meanwhile is never sent upstream).
    static func hasHungUp(_ descriptor: Int32) -> Bool {
        var state = pollfd(fd: descriptor, events: watchedEvents, revents: 0)
        guard poll(&state, 1, 0) > 0 else { return false }
        return hungUp(state)
    }

    /// `POLLRDHUP` (Linux: the peer shut down writing; the value glibc gives it under
    /// `_GNU_SOURCE`, which Swift's Glibc module does not define).
    #if os(Linux)
    private static let peerClosed = Int16(0x2000)
    #else
    private static let peerClosed = Int16(0)
    #endif
    private static let watchedEvents = Int16(POLLIN) | peerClosed

    /// Maps to `poll(2)` with a zero timeout over every watched socket.
    private func check() {
        let entries = Array(watched)
        var states = entries.map { pollfd(fd: $0.value.descriptor, events: Self.watchedEvents, revents: 0) }
        guard poll(&states, nfds_t(states.count), 0) > 0 else { return }
        for (index, state) in states.enumerated() where state.revents != 0 && Self.hungUp(state) {
            watched.removeValue(forKey: entries[index].key)
            entries[index].value.onHangUp()
        }
        stopTimerWhenIdle()
    }

    /// What a `poll(2)` result says; a socket that is only readable is peeked at with `recv(2)`
    /// (`MSG_PEEK | MSG_DONTWAIT`): 0 bytes is a close, bytes are a request or a TLS record.
    private static func hungUp(_ state: pollfd) -> Bool {
        if state.revents & (Int16(POLLHUP | POLLERR | POLLNVAL) | peerClosed) != 0 { return true }
        var byte: UInt8 = 0
        let peeked = recv(state.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }
}
