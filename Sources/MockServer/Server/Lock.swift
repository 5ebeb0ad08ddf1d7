import Dispatch

/// A mutual-exclusion lock built on Dispatch. The server links only FoundationEssentials (a much
/// smaller static binary), which has no `NSLock`; the few critical sections here are off the hot path.
final class Lock: Sendable {
    private let semaphore = DispatchSemaphore(value: 1)

    func lock() {
        semaphore.wait()
    }

    func unlock() {
        semaphore.signal()
    }
}
