import Foundation

/// Thrown by ``withDeadline(seconds:operation:)`` when the deadline passes first.
package struct DeadlineExceeded: Error {
    package init() {}
}

/// The longest deadline we schedule; longer requests are not deadlines, they are bugs,
/// and `Duration` traps on non-finite values.
package let maximumDeadlineSeconds: TimeInterval = 365 * 24 * 3600

/// Runs `operation`, cancelling it and throwing `DeadlineExceeded` if it has not finished
/// within `seconds`. Cancelling the calling task cancels `operation` at once.
///
/// One task for the operation and a ``DeadlineTimer``: a task group with a sleeping second
/// child costs another task creation, thread wake-up and dispatch timer on every request.
/// Like a task group, this returns only after `operation` has ended.
package func withDeadline<Success: Sendable>(
    seconds: TimeInterval,
    operation: @escaping @Sendable () async throws -> Success
) async throws -> Success {
    let work = Task(operation: operation)
    let timer = DeadlineTimer(seconds: seconds) { work.cancel() }
    let result = await withTaskCancellationHandler {
        await work.result
    } onCancel: {
        work.cancel()
    }
    // An operation that completed although the deadline passed still counts; one that failed
    // after the timer cancelled it failed because of the deadline.
    if timer.stop(), case .failure = result {
        throw DeadlineExceeded()
    }
    return try result.get()
}
