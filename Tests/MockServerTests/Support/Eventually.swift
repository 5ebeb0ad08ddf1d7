import Foundation

/// Checks `condition` every 5 ms until it holds. False when it still does not after `seconds`,
/// which is a guard against hanging, not a claim about how fast anything is.
func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if try condition() { return true }
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.005)
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
