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
/// a timer on a queue of its own looks at every watched socket every ``interval``: `poll(2)` with
/// no wait, then, for a readable one, `recv(2)` with `MSG_PEEK`, which returns 0 once the client
/// has closed (and leaves any bytes it did send for libmicrohttpd). A client that pipelined
/// another request before closing is not noticed, since its bytes come first.
///
/// ```swift
/// let watch = hangUps.watch(connection.socketDescriptor) { deferred.cancelForwarding() }
/// // … when the forward completes, before the connection is resumed:
/// hangUps.forget(watch)
/// ```
final class ClientHangUpWatch: @unchecked Sendable {
    // @unchecked: `watched`, `nextToken` and `timer` are only read and written on `queue`.
    static let interval = DispatchTimeInterval.milliseconds(100)

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
                source.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(20))
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

    /// Maps to `poll(2)` with a zero timeout over every watched socket, and `recv(2)` with
    /// `MSG_PEEK | MSG_DONTWAIT` on each readable one.
    private func check() {
        let entries = Array(watched)
        var states = entries.map { pollfd(fd: $0.value.descriptor, events: Int16(POLLIN), revents: 0) }
        guard poll(&states, nfds_t(states.count), 0) > 0 else { return }
        for (index, state) in states.enumerated() where state.revents != 0 {
            var byte: UInt8 = 0
            let peeked = recv(state.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            let hungUp = state.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 || peeked == 0
                || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            guard hungUp else { continue }
            let token = entries[index].key
            watched.removeValue(forKey: token)
            entries[index].value.onHangUp()
        }
        stopTimerWhenIdle()
    }
}
