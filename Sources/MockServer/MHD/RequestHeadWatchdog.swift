import Atomics
import CMicroHTTPD
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Closes connections that do not deliver a request head in time (slowloris: a client trickling
/// one header byte per second would otherwise hold its connection forever, since every byte
/// resets libmicrohttpd's idle timeout, and 0.9.75 has no deadline of its own for the head).
///
/// A new connection must deliver its first request head within `headTimeout`; on a kept-alive
/// connection the next head is due `idleTimeout + headTimeout` after the previous answer (the
/// wait for a next request is the idle timeout's business, and the two cannot be told apart),
/// never when the idle timeout is 0. Checked once a second, so a deadline can pass by up to a
/// second before the connection is shut down.
///
/// The per-request cost is two relaxed atomic stores; the lock is taken when a connection opens
/// or closes and by the once-a-second sweep.
final class RequestHeadWatchdog: @unchecked Sendable {
    // @unchecked: only `timer` is not Sendable (Dispatch sources are not marked so on Linux);
    // it is set in start() and cancelled in stop(), which the server calls once each, in order.
    private let headTimeoutNanoseconds: UInt64
    /// Nil when a kept-alive connection has no deadline (idle timeout 0).
    private let keptAliveTimeoutNanoseconds: UInt64?
    private let onClose: @Sendable (_ count: Int, _ seconds: Int) -> Void
    private let headTimeoutSeconds: Int
    private let registry = LockedConnections()
    private let queue = DispatchQueue(label: "mockserver.head-deadlines")
    /// Made in start(): a Dispatch source released without ever being resumed traps.
    private var timer: (any DispatchSourceTimer)?
    private let sweepCount = ManagedAtomic<Int>(0)

    /// `onClose` is told how many connections a sweep closed and the head timeout in seconds.
    init(headTimeoutSeconds: Int, idleTimeoutSeconds: Int, onClose: @escaping @Sendable (_ count: Int, _ seconds: Int) -> Void) {
        self.headTimeoutSeconds = headTimeoutSeconds
        headTimeoutNanoseconds = UInt64(headTimeoutSeconds) * 1_000_000_000
        keptAliveTimeoutNanoseconds = idleTimeoutSeconds == 0
            ? nil : UInt64(idleTimeoutSeconds + headTimeoutSeconds) * 1_000_000_000
        self.onClose = onClose
    }

    /// Starts the once-a-second sweep.
    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .seconds(1), repeating: .seconds(1), leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in
            self?.sweep()
        }
        timer.resume()
        self.timer = timer
    }

    /// Stops the sweep; waits for one that is running.
    func stop() {
        timer?.cancel()
        queue.sync {}
    }

    /// `MHD_CONNECTION_NOTIFY_STARTED`: the retained record to keep in the connection's socket context.
    func connectionOpened(socket: Int32) -> UnsafeMutableRawPointer {
        let record = WatchedConnection(socket: socket)
        registry.insert(record, at: DispatchTime.now().uptimeNanoseconds)
        return Unmanaged.passRetained(record).toOpaque()
    }

    /// `MHD_CONNECTION_NOTIFY_CLOSED`, before MHD closes the socket: forgets and releases the record.
    func connectionClosed(_ pointer: UnsafeMutableRawPointer) {
        let record = Unmanaged<WatchedConnection>.fromOpaque(pointer)
        registry.remove(record.takeUnretainedValue())
        record.release()
    }

    /// An access-handler call: the connection's request head is complete.
    ///
    /// Maps to `MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT)`.
    func headArrived(on connection: OpaquePointer) {
        guard let record = cmhd_connection_socket_context(connection) else { return }
        // The socket context holds a reference until the connection closes: none taken here.
        Unmanaged<WatchedConnection>.fromOpaque(record)._withUnsafeGuaranteedRef { $0.markHeadArrived() }
    }

    /// The connection's request is over; the next head is awaited.
    func requestCompleted(on connection: OpaquePointer) {
        guard let record = cmhd_connection_socket_context(connection) else { return }
        Unmanaged<WatchedConnection>.fromOpaque(record)._withUnsafeGuaranteedRef { $0.markRequestCompleted() }
    }

    /// Sweeps done so far.
    var sweeps: Int {
        sweepCount.load(ordering: .acquiring)
    }

    /// Shuts down every connection whose head is overdue; MHD then sees the end of the stream
    /// and closes it (its socket stays open until MHD's connection-closed notification, which
    /// waits for the registry's lock, so the socket shut down is always this connection's).
    private func sweep() {
        let closed = registry.shutDownOverdue(
            now: DispatchTime.now().uptimeNanoseconds,
            firstHeadTimeout: headTimeoutNanoseconds,
            laterHeadTimeout: keptAliveTimeoutNanoseconds)
        if closed > 0 {
            onClose(closed, headTimeoutSeconds)
        }
        sweepCount.wrappingIncrement(ordering: .releasing)
    }
}

/// The open connections and, per connection, since when the watchdog has seen it wait for the
/// same head; only touched under `lock`.
private final class LockedConnections: @unchecked Sendable {
    // @unchecked: `watched` is only read or written between lock() and unlock().
    private struct Watch {
        let connection: WatchedConnection
        var observedProgress: UInt64
        var waitingSince: UInt64
    }

    private let lock = Lock()
    private var watched: [ObjectIdentifier: Watch] = [:]

    func insert(_ connection: WatchedConnection, at now: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        watched[ObjectIdentifier(connection)] = Watch(
            connection: connection, observedProgress: WatchedConnection.waitingForHead, waitingSince: now)
    }

    func remove(_ connection: WatchedConnection) {
        lock.lock()
        defer { lock.unlock() }
        watched.removeValue(forKey: ObjectIdentifier(connection))
    }

    func shutDownOverdue(now: UInt64, firstHeadTimeout: UInt64, laterHeadTimeout: UInt64?) -> Int {
        lock.lock()
        defer { lock.unlock() }
        var closed = 0
        for key in watched.keys {
            guard var watch = watched[key] else { continue }
            let progress = watch.connection.progress.load(ordering: .relaxed)
            if progress != watch.observedProgress {
                // A head arrived, or a request completed since the last sweep: a new wait starts.
                watch.observedProgress = progress
                watch.waitingSince = now
                watched[key] = watch
                continue
            }
            guard progress & WatchedConnection.waitingForHead != 0 else { continue }
            let limit = progress == WatchedConnection.waitingForHead ? firstHeadTimeout : laterHeadTimeout
            guard let limit, now &- watch.waitingSince >= limit else { continue }
            _ = shutdown(watch.connection.socket, Int32(SHUT_RDWR))
            // Not again: MHD closes the connection on its next read.
            watch.observedProgress = .max
            watched[key] = watch
            closed += 1
        }
        return closed
    }
}
