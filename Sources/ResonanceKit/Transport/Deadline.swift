import Foundation

/// Thrown by ``withDeadline(seconds:operation:)`` when the deadline passes first.
package struct DeadlineExceeded: Error {
    package init() {}
}

/// The longest deadline we schedule; longer requests are not deadlines, they are bugs,
/// and `Duration` traps on non-finite values.
package let maximumDeadlineSeconds: TimeInterval = 365 * 24 * 3600

/// Runs `operation` and returns its result, or throws `DeadlineExceeded` the moment `seconds`
/// pass first, or `CancellationError` the moment the calling task is cancelled.
///
/// In the last two cases `operation` is cancelled and left to end on its own; whatever it
/// produces then is discarded. So the deadline holds for any ``HTTPTransport``, also one that
/// ignores cancellation or never answers: the caller is not held past its deadline waiting for it.
///
/// One task for the operation and a ``DeadlineTimer`` (see ``raceDeadline(secondsLeft:_:)``):
/// a task group with a sleeping second child costs another task creation, thread wake-up and
/// dispatch timer on every request, and would wait for the operation to end.
///
/// ```swift
/// let (body, head) = try await withDeadline(seconds: 0.5) { try await transport.send(request) }
/// ```
package func withDeadline<Success: Sendable>(
    seconds: TimeInterval,
    operation: @escaping @Sendable () async throws -> Success
) async throws -> Success {
    switch await raceDeadline(secondsLeft: seconds, operation) {
    case .finished(let result):
        return try result.get()
    case .deadlinePassed:
        throw DeadlineExceeded()
    case .cancelled:
        throw CancellationError()
    }
}
