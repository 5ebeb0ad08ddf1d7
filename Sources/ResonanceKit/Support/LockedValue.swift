import Foundation

/// A value guarded by a lock, usable from synchronous code on every platform we support
/// (`Synchronization.Mutex` needs macOS 15 / iOS 18).
///
/// Like swift-nio's `NIOLockedValueBox`, it is `Sendable` only when the value is: the lock makes
/// sharing the box safe, but a non-`Sendable` value handed out of `withLock` could still be used
/// from two threads at once.
///
/// ```swift
/// let count = LockedValue(0)
/// count.withLock { $0 += 1 }
/// ```
final class LockedValue<Value> {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Unchecked because the compiler cannot see that `value` is only touched while `lock` is held:
// every access goes through `withLock`. Restricted to Sendable values, so nothing that is unsafe
// to share can be passed out of the lock.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
