import Atomics

/// One open connection as ``RequestHeadWatchdog`` sees it; stored in MHD's per-connection
/// `socket_context` from the connection-started to the connection-closed notification.
final class WatchedConnection: Sendable {
    /// The connection's socket, shut down when its request head is late. MHD closes it only
    /// after the connection-closed notification, which waits for the watchdog's lock.
    let socket: Int32
    /// Bit 0 is set while the connection waits for a request head; the other bits count the
    /// requests it completed. Written only by the MHD worker thread owning the connection (plain
    /// load and store, no read-modify-write), read by the watchdog.
    let progress = ManagedAtomic<UInt64>(WatchedConnection.waitingForHead)

    static let waitingForHead: UInt64 = 1

    init(socket: Int32) {
        self.socket = socket
    }

    /// The head of the current request has arrived.
    func markHeadArrived() {
        let current = progress.load(ordering: .relaxed)
        if current & Self.waitingForHead != 0 {
            progress.store(current & ~Self.waitingForHead, ordering: .relaxed)
        }
    }

    /// The current request is over; the next head is awaited.
    func markRequestCompleted() {
        let current = progress.load(ordering: .relaxed)
        progress.store(((current >> 1) + 1) << 1 | Self.waitingForHead, ordering: .relaxed)
    }
}
