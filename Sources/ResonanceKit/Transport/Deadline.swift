import Foundation

/// Thrown by ``withDeadline(seconds:operation:)`` when the deadline passes first.
struct DeadlineExceeded: Error {}

/// The longest deadline we schedule; longer requests are not deadlines, they are bugs,
/// and `Duration` traps on non-finite values.
let maximumDeadlineSeconds: TimeInterval = 365 * 24 * 3600

/// Runs `operation`, cancelling it and throwing `DeadlineExceeded` if it has not finished
/// within `seconds`. Cancelling the calling task cancels `operation` at once.
func withDeadline<Success: Sendable>(
    seconds: TimeInterval,
    operation: @escaping @Sendable () async throws -> Success
) async throws -> Success {
    let clampedSeconds = min(max(seconds, 0), maximumDeadlineSeconds)
    return try await withThrowingTaskGroup(of: Success.self) { group in
        group.addTask(operation: operation)
        group.addTask {
            try await Task.sleep(for: .seconds(clampedSeconds))
            throw DeadlineExceeded()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else {
            throw CancellationError()
        }
        return first
    }
}
