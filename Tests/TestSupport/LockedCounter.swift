import Foundation

/// A count shared between threads: hooks and transports that run on other threads count, the
/// test reads the total.
package final class LockedCounter: @unchecked Sendable {
    // @unchecked: `count` is only read and written under `lock`.
    private let lock = NSLock()
    private var count = 0

    package init() {}

    /// Adds one and returns the new count, so that of several threads counting, each knows
    /// which it was.
    @discardableResult
    package func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    /// Takes one away and returns the new count.
    @discardableResult
    package func decrement() -> Int {
        lock.withLock {
            count -= 1
            return count
        }
    }

    /// Raises the count to `value` if it is lower: a running maximum.
    package func raise(to value: Int) {
        lock.withLock { count = max(count, value) }
    }

    package var value: Int {
        lock.withLock { count }
    }
}
