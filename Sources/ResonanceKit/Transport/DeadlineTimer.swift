import Foundation

/// A one-shot timer that runs `onExpiry` once when a deadline passes, unless stopped first.
///
/// A dispatch timer rather than a sleeping task: it needs no task of its own, and stopping it
/// removes it at once, so a request that finishes in a millisecond leaves nothing behind for
/// the rest of its (often 60 s) deadline.
///
/// ```swift
/// let timer = DeadlineTimer(seconds: 30) { task.cancel() }
/// defer { _ = timer.stop() }
/// ```
// Unchecked: dispatch sources are thread-safe (cancel may be called from any thread) but
// Dispatch does not mark them Sendable; the flag is behind its own lock.
final class DeadlineTimer: @unchecked Sendable {
    private let source: any DispatchSourceTimer
    private let hasFired = LockedValue(false)

    /// Starts the timer. `seconds` is clamped to `0...maximumDeadlineSeconds`.
    init(seconds: TimeInterval, onExpiry: @escaping @Sendable () -> Void) {
        let clampedSeconds = seconds.isNaN ? 0 : min(max(seconds, 0), maximumDeadlineSeconds)
        source = DispatchSource.makeTimerSource(queue: .global())
        // Up to 1% late (at most 50 ms) lets the system batch wake-ups; a deadline is not a metronome.
        let leewayMilliseconds = Int(min(50, clampedSeconds * 10))
        source.schedule(deadline: .now() + clampedSeconds, repeating: .never, leeway: .milliseconds(leewayMilliseconds))
        // The handler holds no reference to this object, only to the flag: no cycle to break.
        let hasFired = self.hasFired
        let source = self.source
        source.setEventHandler {
            hasFired.withLock { $0 = true }
            source.cancel()
            onExpiry()
        }
        source.resume()
    }

    /// Stops the timer (releasing its handler) and returns whether it had already fired.
    @discardableResult
    func stop() -> Bool {
        source.cancel()
        return hasFired.withLock { $0 }
    }

    deinit {
        source.cancel()
    }
}
