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

    package var value: Int {
        lock.withLock { count }
    }
}
