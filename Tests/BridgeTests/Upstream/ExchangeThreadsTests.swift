import Dispatch
import Foundation
@testable import MockUpstream
import TestSupport
import Testing

/// Upstream exchanges run at most `limit` at once, the rest in order after them (audit R20: with
/// a thread each from libdispatch, 300 open forwards exhausted its pool and nothing finished).
@Suite struct ExchangeThreadsTests {
    @Test func noMoreThanTheLimitRunAtOnceAndEveryOneRuns() async throws {
        let threads = ExchangeThreads(limit: 8)
        let release = DispatchSemaphore(value: 0)
        let running = LockedCounter()
        let finished = LockedCounter()
        let mostAtOnce = LockedCounter()
        for _ in 0..<30 {
            threads.run {
                let now = running.increment()
                mostAtOnce.raise(to: now)
                release.wait()
                running.decrement()
                finished.increment()
            }
        }
        #expect(await eventually { running.value == 8 }, "the first eight run")
        #expect(threads.waitingCount == 22, "the others wait in line")
        for _ in 0..<30 { release.signal() }
        #expect(await eventually { finished.value == 30 }, "every exchange ran")
        #expect(mostAtOnce.value == 8)
        #expect(threads.waitingCount == 0)
    }
}
