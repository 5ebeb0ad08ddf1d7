import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The children tests started that have not ended, killed when the test runner exits: a test
/// that fails may never reach its `stop()` nor release its ``ChildProcess`` (a runner exiting
/// keeps objects alive), and a `mockserver` left running held its port and made the next run's
/// watcher test fail. `exit()` runs `atexit` handlers, so this covers a run that ends with
/// failures; a runner killed by a signal leaves them.
package final class LiveChildren: @unchecked Sendable {
    // @unchecked: `running` is only read and written under `lock`.
    private let lock = NSLock()
    private var running: Set<Int32> = []

    package init() {}

    /// The registry every ``ChildProcess`` records in; its first use installs the `atexit` handler.
    package static let shared: LiveChildren = {
        atexit { LiveChildren.shared.killAll() }
        return LiveChildren()
    }()

    /// Starts a child with `start` and records it, under the lock `killAll()` and `remove(_:)`
    /// take, so a child is either not started yet or recorded when the handler runs, and one that
    /// ends at once is forgotten after it was recorded.
    package func launch(_ start: () throws -> SpawnedProcess) throws -> SpawnedProcess {
        try lock.withLock {
            let child = try start()
            running.insert(child.processIdentifier)
            return child
        }
    }

    /// Forgets a child that ended (its exit callback).
    package func remove(_ identifier: Int32) {
        _ = lock.withLock { running.remove(identifier) }
    }

    /// The children recorded as running.
    package var identifiers: Set<Int32> {
        lock.withLock { running }
    }

    /// SIGKILLs every child still running: the `atexit` handler.
    package func killAll() {
        for identifier in lock.withLock({ running }) where identifier > 0 {
            kill(identifier, SIGKILL)
        }
    }
}
