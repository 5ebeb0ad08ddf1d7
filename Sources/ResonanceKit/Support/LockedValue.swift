import Foundation

/// A value guarded by a lock, usable from synchronous code on every platform we support
/// (`Synchronization.Mutex` needs macOS 15 / iOS 18).
final class LockedValue<Value>: @unchecked Sendable {
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
