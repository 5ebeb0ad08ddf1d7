import Dispatch

/// How many requests an entry with `times` has answered, claimed atomically.
///
/// Only entries with `times` own one, so entries without it never touch a lock. The lock is a
/// semaphore because `MockFixtures` must build where `NSLock` is missing (FoundationEssentials on
/// Linux) and `Synchronization.Mutex` is not yet available (macOS 13, iOS 16).
final class UsageCounter: @unchecked Sendable {
    /// The entry's `times`.
    let limit: Int
    private let semaphore = DispatchSemaphore(value: 1)
    private var answered = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one answer and returns true, or returns false once `limit` answers were given.
    func claim() -> Bool {
        semaphore.wait()
        defer { semaphore.signal() }
        guard answered < limit else { return false }
        answered += 1
        return true
    }

    /// Answers given so far (at most `limit`).
    var answeredCount: Int {
        semaphore.wait()
        defer { semaphore.signal() }
        return answered
    }

    var isUsedUp: Bool { answeredCount >= limit }

    func reset() {
        semaphore.wait()
        answered = 0
        semaphore.signal()
    }
}
