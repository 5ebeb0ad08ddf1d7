import Dispatch
import Foundation
import MockFixtures
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

/// An exchange cancelled while it waits for a thread never reaches the API: the connection is
/// opened only after a cancellation check. (Audit R21 still saw 4–7 % of clients that left while
/// their requests waited reach the API: the hang-up watch looks every 50 ms, so one that leaves
/// just before its turn is noticed too late.)
@Suite struct QueuedCancellationTests {
    @Test func aCancelledWaitingExchangeNeverConnects() async throws {
        let upstream = try ScriptedUpstream { _ in .bytes(Array("HTTP/1.1 204 No Content\r\n\r\n".utf8), close: false) }
        defer { upstream.stop() }
        let threads = ExchangeThreads(limit: 1)
        let release = DispatchSemaphore(value: 0)
        let started = LockedCounter()
        threads.run {
            started.increment()
            release.wait()
        }
        #expect(await eventually { started.value == 1 }, "the only thread is busy")
        let client = try UpstreamClient(configuration: UpstreamConfiguration(timeout: .seconds(10)), threads: threads)
        let outcome = LockedState<Result<UpstreamResponse, UpstreamError>?>(nil)
        let call = client.start(UpstreamRequest(method: "GET", url: upstream.url + "/x")) { result in outcome.withLock { $0 = result } }
        #expect(threads.waitingCount == 1, "it waits its turn")
        call.cancel()
        release.signal()
        #expect(await eventually { outcome.withLock { $0 } != nil })
        let result = outcome.withLock { $0 }
        guard case .failure(let error)? = result else {
            Issue.record("not cancelled: \(String(describing: result))")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(upstream.requests.isEmpty, "nothing reached the API")
    }
}
