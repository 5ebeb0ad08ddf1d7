import Foundation

/// Checks `condition` every 5 ms until it holds, suspended in between (no thread is held while
/// it waits). False when it still does not hold after `seconds`, which is a guard against
/// hanging, not a claim about how fast anything is: the condition is the observable state the
/// test waits for.
func eventually(within seconds: Double = 10, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
        if try await condition() { return true }
        if ContinuousClock.now > deadline { return false }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// Checks `condition` every millisecond until it holds, blocking the calling thread; false when
/// it still does not hold after `seconds` (a hang guard). Only for a thread of one's own (inside
/// `onOwnThread`): for states that last only while the server holds something (a request parked
/// on a 1 s delay), which a task polling on the concurrency pool can miss when other tests keep
/// the pool's threads busy for longer than that.
func pollBlockingThisThread(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if condition() { return true }
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.001)
    }
}

/// A thread-safe count, for hooks that run on the server's threads.
final class Counter: @unchecked Sendable {
    // @unchecked: `value` is only read and written under `lock`.
    private let lock = NSLock()
    private var value = 0

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
