import Atomics

/// The last `capacity` requests, recorded from every worker thread without a global lock.
///
/// Ids come from one atomic counter; each id has a fixed slot in one of a few stripes, each
/// stripe behind its own lock, so two threads recording at once almost never wait for each
/// other. Reading (an admin call) visits every stripe and sorts by id. When more than
/// `capacity` requests arrive, the oldest are overwritten and counted as dropped.
final class RequestJournal: Sendable {
    let capacity: Int
    let bodyLimit: Int
    private let stripes: [LockedState<Stripe>]
    private let slotsPerStripe: Int
    private let lastID = ManagedAtomic<Int>(0)
    /// Ids up to this one were cleared (`DELETE /__admin/requests` or a reset).
    private let clearedThrough = ManagedAtomic<Int>(0)

    init(capacity: Int, bodyLimit: Int) {
        precondition(capacity > 0 && bodyLimit >= 0)
        self.capacity = capacity
        self.bodyLimit = bodyLimit
        let stripeCount = min(capacity, 16)
        slotsPerStripe = (capacity + stripeCount - 1) / stripeCount
        stripes = (0..<stripeCount).map { _ in LockedState(Stripe()) }
    }

    /// One stripe's slots, grown as requests arrive: a journal that may keep a million requests
    /// costs only what it has kept.
    private struct Stripe {
        var slots: [JournalRecord?] = []
        /// The newest id that took each slot (kept when a clear empties it), so that checking a
        /// slot copies no record.
        var newestIDs: [Int] = []
    }

    /// Records one exchange under the next id.
    func record(_ make: (_ id: Int, _ bodyLimit: Int) -> JournalRecord) {
        let id = lastID.wrappingIncrementThenLoad(ordering: .relaxed)
        // Moved into the slot, not copied; afterwards it holds the record that left the slot,
        // which is freed after the lock is released.
        var exchange: JournalRecord? = make(id, bodyLimit)
        let slot = (id / stripes.count) % slotsPerStripe
        stripes[id % stripes.count].withLock { stripe in
            // Slots are taken in order until the stripe is full (threads racing for ids may
            // arrive a few slots apart), so growing to `slot` appends one slot at a time.
            while stripe.slots.count <= slot {
                stripe.slots.append(nil)
                stripe.newestIDs.append(0)
            }
            // A slower thread must not overwrite a newer request that already took the slot.
            guard stripe.newestIDs[slot] < id else { return }
            stripe.newestIDs[slot] = id
            swap(&stripe.slots[slot], &exchange)
        }
    }

    /// The recorded requests, oldest first, and how many were dropped to stay within `capacity`.
    func snapshot() -> (exchanges: [JournalRecord], dropped: Int) {
        let cleared = clearedThrough.load(ordering: .relaxed)
        let last = lastID.load(ordering: .relaxed)
        var exchanges: [JournalRecord] = []
        for stripe in stripes {
            stripe.withLock { stripe in
                for case let exchange? in stripe.slots where exchange.id > cleared && exchange.id <= last {
                    exchanges.append(exchange)
                }
            }
        }
        exchanges.sort { $0.id < $1.id }
        if exchanges.count > capacity {
            exchanges.removeFirst(exchanges.count - capacity)
        }
        // Dropped: the ids older than the newest `capacity`. Counting the ids not found would also
        // count requests that have their id but are still being recorded.
        return (exchanges, max(0, last - cleared - capacity))
    }

    /// Forgets every recorded request; returns how many there were: the newest `capacity` since
    /// the last clear, counting those that had their id but were still being recorded (they are
    /// hidden when they arrive, as their id is cleared).
    @discardableResult
    func clear() -> Int {
        let last = lastID.load(ordering: .relaxed)
        var previous = clearedThrough.load(ordering: .relaxed)
        // Another clear may have gone further already; then this one removes nothing more.
        while previous < last {
            let (exchanged, original) = clearedThrough.compareExchange(expected: previous, desired: last, ordering: .relaxed)
            if exchanged { break }
            previous = original
        }
        for stripe in stripes {
            stripe.withLock { stripe in
                for index in stripe.slots.indices where (stripe.slots[index]?.id ?? .max) <= last {
                    stripe.slots[index] = nil
                }
            }
        }
        return min(capacity, max(0, last - previous))
    }
}
