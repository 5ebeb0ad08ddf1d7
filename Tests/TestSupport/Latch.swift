import Foundation

/// Something that happens once (a line arrived on a pipe, a request was sent, a process exited),
/// opened by whichever thread sees it; tasks wait for it suspended, with a hang guard, instead of
/// blocking a cooperative thread on a semaphore.
package final class Latch: @unchecked Sendable {
    // @unchecked: `isOpenNow`, `waiters` and `nextWaiter` are only read and written under `lock`,
    // and each continuation is removed from `waiters` under it before being resumed, so it is
    // resumed exactly once.
    private let lock = NSLock()
    private var isOpenNow = false
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    package init() {}

    /// Opens the latch for good and wakes every waiter.
    package func open() {
        let woken = lock.withLock { () -> [CheckedContinuation<Bool, Never>] in
            isOpenNow = true
            defer { waiters.removeAll() }
            return Array(waiters.values)
        }
        for waiter in woken {
            waiter.resume(returning: true)
        }
    }

    package var isOpen: Bool {
        lock.withLock { isOpenNow }
    }

    /// True once the latch is open; false when it is still closed after `seconds` (a hang guard;
    /// 0 or less looks without waiting).
    package func wait(within seconds: Double) async -> Bool {
        guard seconds > 0 else { return isOpen }
        return await withCheckedContinuation { continuation in
            let waiter = lock.withLock { () -> Int? in
                guard !isOpenNow else { return nil }
                nextWaiter += 1
                waiters[nextWaiter] = continuation
                return nextWaiter
            }
            guard let waiter else {
                continuation.resume(returning: true)
                return
            }
            // A dispatch timer holds no thread while it waits; when the latch opens first it
            // fires later, finds no waiter and does nothing.
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                expire(waiter)
            }
        }
    }

    private func expire(_ waiter: Int) {
        lock.withLock { waiters.removeValue(forKey: waiter) }?.resume(returning: false)
    }
}
