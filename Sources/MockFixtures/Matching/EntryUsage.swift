import Atomics

/// How often one entry has answered since load, reload or reset: the `times` limit and the
/// unused-fixtures report both read it.
///
/// Lock-free: an entry without `times` only ever writes its count once (0 → 1), so popular
/// entries do not bounce a cache line between worker threads; an entry with `times` claims its
/// answers with a compare-and-swap, so exactly `limit` requests get it under any load.
final class EntryUsage: Sendable {
    /// The entry's `times`, or `nil` for no limit.
    let limit: Int?
    private let answered = ManagedAtomic<Int>(0)
    /// Whether an entry with `times` answered a request that does not use one up (a HEAD), for
    /// the unused-fixtures report; written once, like `answered` without a limit.
    private let answeredUncounted = ManagedAtomic<Bool>(false)

    init(limit: Int?) {
        self.limit = limit
    }

    /// Counts one answer and returns true, or returns false once `limit` answers were given.
    func claim() -> Bool {
        guard let limit else {
            if answered.load(ordering: .relaxed) == 0 {
                answered.store(1, ordering: .relaxed)
            }
            return true
        }
        var current = answered.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = answered.weakCompareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Whether the entry may still answer, without using up one of its `times`: for a HEAD a GET
    /// entry answers. The entry is still marked as used when it does (the unused-fixtures
    /// report), which changes no answer.
    func admitsWithoutCounting() -> Bool {
        guard limit != nil else { return claim() }
        guard mayAnswer else { return false }
        if !answeredUncounted.load(ordering: .relaxed) {
            answeredUncounted.store(true, ordering: .relaxed)
        }
        return true
    }

    /// Whether the entry may still answer; changes nothing (the unused report included).
    var mayAnswer: Bool {
        guard let limit else { return true }
        return answered.load(ordering: .relaxed) < limit
    }

    /// Answers given so far; for an entry without `times`, 0 or 1 (answered at all).
    var answeredCount: Int { answered.load(ordering: .relaxed) }

    /// Whether it answered anything since load, reload or reset, a HEAD included.
    var hasAnswered: Bool { answeredCount > 0 || answeredUncounted.load(ordering: .relaxed) }

    func reset() {
        answered.store(0, ordering: .relaxed)
        answeredUncounted.store(false, ordering: .relaxed)
    }
}
