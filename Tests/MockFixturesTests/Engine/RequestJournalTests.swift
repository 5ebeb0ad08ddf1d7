import Testing
@testable import MockFixtures

/// The journal's counts while requests are being recorded and after it has overflowed.
@Suite struct RequestJournalTests {
    static func record(_ journal: RequestJournal, during: () -> Void = {}) {
        journal.record { id, _ in
            during()
            return JournalRecord(id: id, timeMilliseconds: 0, method: "GET", target: "/x", packedHeaders: PackedHeaders([]),
                                 body: [], bodySize: 0, status: 200, outcome: .health)
        }
    }

    /// A request has its id before its record is stored: a snapshot in between must not count it
    /// as dropped (a test asserting `dropped == 0` failed while other tests sent requests).
    @Test func aRequestStillBeingRecordedIsNotCountedAsDropped() {
        let journal = RequestJournal(capacity: 100, bodyLimit: 0)
        Self.record(journal)
        Self.record(journal) {
            let (exchanges, dropped) = journal.snapshot()
            #expect(exchanges.map(\.id) == [1])
            #expect(dropped == 0)
        }
        #expect(journal.snapshot().exchanges.map(\.id) == [1, 2])
    }

    /// The ring has 16 × ⌈size/16⌉ slots; a clear counts what the journal held, not the slots.
    @Test(arguments: [50, 1_000, 7])
    func aClearCountsWhatTheJournalHeld(capacity: Int) {
        let journal = RequestJournal(capacity: capacity, bodyLimit: 0)
        for _ in 0..<(capacity * 2 + 3) { Self.record(journal) }
        let (exchanges, dropped) = journal.snapshot()
        #expect(exchanges.count == capacity)
        #expect(dropped == capacity + 3)
        #expect(journal.clear() == capacity)
        #expect(journal.snapshot().exchanges.isEmpty)
        #expect(journal.clear() == 0)
        Self.record(journal)
        #expect(journal.clear() == 1)
    }

    /// A request that had its id before a clear and is stored after it was cleared with the
    /// rest: counted as removed, never shown.
    @Test func aRequestRecordedDuringAClearIsCountedAsRemoved() {
        let journal = RequestJournal(capacity: 100, bodyLimit: 0)
        Self.record(journal)
        var removed = 0
        Self.record(journal) { removed = journal.clear() }
        #expect(removed == 2)
        #expect(journal.snapshot().exchanges.isEmpty)
        #expect(journal.snapshot().dropped == 0)
    }
}
