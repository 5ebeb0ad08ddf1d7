import Dispatch
import MockFixtures

/// Runs blocking upstream exchanges, at most `limit` at once, each on a thread of its own;
/// the others wait their turn in order.
///
/// Each exchange blocks its thread on sockets until the upstream answers. Run from a serial
/// queue of its own, each took a thread of libdispatch's overcommitting pool, which stops
/// at about 255 threads: with 300 forwards open, the rest never started, the parked ones were
/// never answered or timed out, and SIGTERM could not stop the process (audit R20). Kept under
/// that limit, the pool keeps threads for everything else (timers, reloads, the stop).
final class ExchangeThreads: Sendable {
    /// Far above what a test suite forwards at once, and well below libdispatch's thread limit.
    static let defaultLimit = 128
    static let shared = ExchangeThreads(limit: defaultLimit)

    /// Exchanges running at most at once.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    private struct State {
        var running = 0
        /// In arrival order from `nextWaiting` on; taken slots are emptied, and dropped in bulk.
        var waiting: [(@Sendable () -> Void)?] = []
        var nextWaiting = 0

        mutating func takeNext() -> (@Sendable () -> Void)? {
            guard nextWaiting < waiting.count else {
                waiting.removeAll()
                nextWaiting = 0
                return nil
            }
            let taken = waiting[nextWaiting]
            waiting[nextWaiting] = nil
            nextWaiting += 1
            if nextWaiting >= 256, nextWaiting * 2 >= waiting.count {
                waiting.removeFirst(nextWaiting)
                nextWaiting = 0
            }
            return taken
        }
    }

    private let state = LockedState(State())

    /// Runs `work` now on a thread of its own, or once fewer than `limit` are running.
    func run(_ work: @escaping @Sendable () -> Void) {
        let startsNow = state.withLock { state in
            guard state.running < limit else {
                state.waiting.append(work)
                return false
            }
            state.running += 1
            return true
        }
        if startsNow { start(work) }
    }

    /// Exchanges waiting for a thread.
    var waitingCount: Int {
        state.withLock { $0.waiting.count - $0.nextWaiting }
    }

    private func start(_ work: @escaping @Sendable () -> Void) {
        // A serial queue of its own runs on the overcommitting pool, which starts a thread when
        // none is idle: slow upstreams are waited for side by side (8 parallel 1 s requests took
        // 1.0 s on 2 cores; a concurrent queue, one thread per core, took 3 s).
        DispatchQueue(label: "MockUpstream.exchange").async { [self] in
            var next: (@Sendable () -> Void)? = work
            while let current = next {
                current()
                next = state.withLock { state in
                    guard let taken = state.takeNext() else {
                        state.running -= 1
                        return nil
                    }
                    return taken
                }
            }
        }
    }
}
