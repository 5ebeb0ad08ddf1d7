#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`, read and changed only inside ``withLock(_:)``.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18 and `NSLock` is missing from
/// FoundationEssentials (what the server links), hence this small box.
package final class LockedState<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// Safe: the value is only reached inside `withLock`, which serialises every access with the
// mutex, and only Sendable values may cross threads this way.
extension LockedState: @unchecked Sendable where Value: Sendable {}
