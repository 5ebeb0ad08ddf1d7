import Foundation

/// How a step raced against the request's deadline and the caller's cancellation ended.
enum DeadlineRaceOutcome<Value: Sendable>: Sendable {
    case finished(Result<Value, any Error>)
    case deadlinePassed
    case cancelled
}

/// Runs `operation` in a task of its own and returns as soon as it finishes, `secondsLeft` pass,
/// or the calling task is cancelled, whichever comes first. In the last two cases the operation
/// is cancelled and left to end on its own: an interceptor that ignores cancellation (a token
/// refresh waiting on its own network call) cannot hold the request past its deadline, and a
/// refresh other requests share goes on for them.
///
/// ```swift
/// switch await raceDeadline(secondsLeft: 2) { try await interceptor.adapt(request) } {
/// case .finished(let result): request = try result.get()
/// case .deadlinePassed: throw timeout
/// case .cancelled: throw cancelled
/// }
/// ```
func raceDeadline<Value: Sendable>(
    secondsLeft: TimeInterval,
    _ operation: @escaping @Sendable () async throws -> Value
) async -> DeadlineRaceOutcome<Value> {
    let race = DeadlineRace<Value>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            race.start(continuation, secondsLeft: secondsLeft, operation)
        }
    } onCancel: {
        race.end(.cancelled)
    }
}

/// The state of one ``raceDeadline(secondsLeft:_:)``: the first outcome resumes the waiter,
/// later ones are dropped.
private final class DeadlineRace<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<DeadlineRaceOutcome<Value>, Never>?
        var outcome: DeadlineRaceOutcome<Value>?
        var work: Task<Void, Never>?
        var timer: DeadlineTimer?
    }

    private let state = LockedValue(State())

    func start(_ continuation: CheckedContinuation<DeadlineRaceOutcome<Value>, Never>, secondsLeft: TimeInterval,
               _ operation: @escaping @Sendable () async throws -> Value) {
        // Cancelled before it began: nothing to start.
        if let outcome = state.withLock({ state -> DeadlineRaceOutcome<Value>? in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }) {
            continuation.resume(returning: outcome)
            return
        }
        let timer = DeadlineTimer(seconds: secondsLeft) { [self] in end(.deadlinePassed) }
        let work = Task { [self] in
            do {
                end(.finished(.success(try await operation())))
            } catch {
                end(.finished(.failure(error)))
            }
        }
        // Ended while the two were being made: they are not needed any more.
        let ended = state.withLock { state in
            state.work = work
            state.timer = timer
            return state.outcome != nil
        }
        if ended {
            timer.stop()
            work.cancel()
        }
    }

    func end(_ outcome: DeadlineRaceOutcome<Value>) {
        let (continuation, work, timer) = state.withLock { state -> (CheckedContinuation<DeadlineRaceOutcome<Value>, Never>?, Task<Void, Never>?, DeadlineTimer?) in
            guard state.outcome == nil else { return (nil, nil, nil) }
            state.outcome = outcome
            defer { state.continuation = nil; state.work = nil; state.timer = nil }
            return (state.continuation, state.work, state.timer)
        }
        timer?.stop()
        if case .finished = outcome {} else { work?.cancel() }
        continuation?.resume(returning: outcome)
    }
}
