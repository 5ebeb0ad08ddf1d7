import Foundation

/// Runs `work` on a thread of its own and suspends the calling task until it returns, so blocking
/// calls (a socket read the server answers late, a process wait, a semaphore) never hold one of
/// the few threads of Swift's cooperative pool, which every test of the process shares (two on a
/// 2-core machine).
///
/// `work` must not call `#expect`, `#require` or `Issue.record`: Swift Testing finds the running
/// test through task-locals, which a raw thread does not have. Return what to check instead, and
/// check it in the test.
///
/// ```swift
/// let answer = try await onOwnThread { try client.request("GET", "/api/slow") }
/// #expect(answer.status == 200)
/// ```
package func onOwnThread<T: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
        Thread {
            continuation.resume(returning: Result { () throws(Failure) -> T in try work() })
        }.start()
    }
    return try result.get()
}
