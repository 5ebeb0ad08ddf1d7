import CMicroHTTPD

/// A flag that one thread raises once and others read without a lock. Swift's own atomics need
/// macOS 15; the package supports macOS 13.
///
/// Maps to `__atomic_store_n(…, __ATOMIC_RELEASE)` / `__atomic_load_n(…, __ATOMIC_ACQUIRE)`
/// through the shim's `cmhd_flag_raise` and `cmhd_flag_is_raised`.
final class AtomicFlag: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Int32>

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: 0)
    }

    deinit {
        storage.deallocate()
    }

    var isRaised: Bool {
        cmhd_flag_is_raised(storage) != 0
    }

    func raise() {
        cmhd_flag_raise(storage)
    }
}
