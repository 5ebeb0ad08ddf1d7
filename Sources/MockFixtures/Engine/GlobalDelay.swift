import Atomics

/// The delay added to every answer (``AnswerDelay``): the one the engine started with, or the
/// one `PUT /__admin/settings` set until the next reset. Serving reads one atomic flag when
/// there is none, and the setting under a lock only when there is.
final class GlobalDelay: Sendable {
    let initial: AnswerDelay?
    private let current: LockedState<AnswerDelay?>
    private let isSet: ManagedAtomic<Bool>

    init(_ initial: AnswerDelay?) {
        self.initial = initial
        current = LockedState(initial)
        isSet = ManagedAtomic(initial != nil)
    }

    /// Whether there is a delay to add: one relaxed atomic load, which nobody writes while serving.
    @inline(__always)
    var isActive: Bool { isSet.load(ordering: .relaxed) }

    /// The milliseconds to add to one answer; 0 without a delay.
    func pick() -> Int {
        current.withLock { $0?.pick() ?? 0 }
    }

    var value: AnswerDelay? { current.withLock { $0 } }

    func set(_ delay: AnswerDelay?) {
        current.withLock { value in
            value = delay
            isSet.store(delay != nil, ordering: .relaxed)
        }
    }

    /// Back to the one the engine started with.
    func reset() { set(initial) }
}
