#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`. (`Synchronization.Mutex` needs macOS 15; the package
/// supports macOS 13, and FoundationEssentials has no `NSLock`.)
///
/// `@unchecked Sendable` is safe because every access to `value` goes through `withLock`, which
/// holds the mutex, and `Value` itself is `Sendable`.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. Maps to `pthread_mutex_lock` / `pthread_mutex_unlock`.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
