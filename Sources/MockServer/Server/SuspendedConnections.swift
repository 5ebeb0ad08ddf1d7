import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The connections parked while a fixture's delay runs or a slow body waits for its next bytes,
/// so that ``resumeAllAndClose()`` can wake every one before the daemon stops (MHD forbids
/// stopping with suspended connections), and a timer firing after that does nothing.
final class SuspendedConnections: @unchecked Sendable {
    // @unchecked: `parked`, `nextID` and `closed` are only read and written under `lock`.
    private let lock = Lock()
    private var parked: [UInt64: MHDConnection] = [:]
    private var nextID: UInt64 = 0
    private var closed = false
    /// Serial: each timer only resumes a connection (microseconds), and a serial queue runs on
    /// libdispatch's overcommitting pool, so delays end on time even when the width-limited pool
    /// (concurrent queues, Swift's cooperative threads) is busy — say, with an app's tests
    /// blocking in-process.
    private let timers = DispatchQueue(label: "mockserver.delays")

    /// Whether the server is stopping: a connection woken now was woken by the stop, not by its
    /// timer or its next bytes.
    var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    /// Suspends `connection` and resumes it after `milliseconds`; nil (and nothing suspended)
    /// once the server is stopping.
    func suspend(_ connection: MHDConnection, forMilliseconds milliseconds: Int) -> UInt64? {
        suspend(connection, until: .now() + .milliseconds(milliseconds))
    }

    /// Suspends `connection` and resumes it at `deadline`; nil (and nothing suspended) once the
    /// server is stopping.
    func suspend(_ connection: MHDConnection, until deadline: DispatchTime) -> UInt64? {
        guard let id = suspend(connection) else { return nil }
        timers.asyncAfter(deadline: deadline) { [self] in
            resume(id)
        }
        return id
    }

    /// Suspends `connection` until ``resume(_:)`` with the returned id (or the server stops);
    /// nil (and nothing suspended) once the server is stopping.
    func suspend(_ connection: MHDConnection) -> UInt64? {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return nil }
        nextID &+= 1
        let id = nextID
        parked[id] = connection
        // Suspending under the lock orders it before any resume of the same id.
        connection.suspend()
        return id
    }

    /// Resumes the connection parked as `id`, unless it was already resumed or forgotten.
    func resume(_ id: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        parked.removeValue(forKey: id)?.resume()
    }

    /// Drops `id` when its request ended; its connection must not be touched any more.
    func forget(_ id: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        parked.removeValue(forKey: id)
    }

    /// Connections parked right now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return parked.count
    }

    /// Resumes every parked connection and refuses new suspensions from now on.
    func resumeAllAndClose() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        for connection in parked.values {
            connection.resume()
        }
        parked.removeAll()
    }
}
