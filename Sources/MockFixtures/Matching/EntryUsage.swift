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
    /// entry answers. An entry without `times` is still marked as used (the unused-fixtures
    /// report), which changes no answer.
    func admitsWithoutCounting() -> Bool {
        guard limit != nil else { return claim() }
        return mayAnswer
    }

    /// Whether the entry may still answer; changes nothing (the unused report included).
    var mayAnswer: Bool {
        guard let limit else { return true }
        return answered.load(ordering: .relaxed) < limit
    }

    /// Answers given so far; for an entry without `times`, 0 or 1 (answered at all).
    var answeredCount: Int { answered.load(ordering: .relaxed) }

    var hasAnswered: Bool { answeredCount > 0 }

    func reset() {
        answered.store(0, ordering: .relaxed)
    }
}
