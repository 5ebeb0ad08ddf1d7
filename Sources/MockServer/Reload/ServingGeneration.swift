import MockFixtures

/// One loaded fixture tree together with the MHD responses built from it: everything a request
/// needs, immutable, so a request that holds a generation answers entirely from one load even
/// while a reload installs the next.
///
/// Requests retain the generation they started with; when a reload has replaced it and the last
/// such request completes, `deinit` releases its responses (on the reload queue, not on a
/// worker thread, see `RequestDispatcher.finishRequest`).
final class ServingGeneration: @unchecked Sendable {
    let store: FixtureStore
    /// `responses[i]` is `store.preparedResponses[i]`.
    let responses: [MHDResponse]
    private let table: MHDResponseTable
    /// Raised once a reload has installed another generation; read lock-free at every request end.
    private let replacedFlag = AtomicFlag()

    /// Builds the responses for `store`; nil when MHD cannot allocate them.
    init?(store: FixtureStore) {
        let bodies = store.preparedResponses.map { prepared in
            (headers: prepared.headers.map { (name: $0.name, value: $0.value) }, body: prepared.body)
        }
        guard let table = MHDResponseTable(bodies: bodies) else { return nil }
        self.store = store
        self.table = table
        responses = table.responses
    }

    /// Whether a reload has installed another generation in its place.
    var isReplaced: Bool {
        replacedFlag.isRaised
    }

    /// Called by the reload that installs the next generation.
    func markReplaced() {
        replacedFlag.raise()
    }

    deinit {
        // MHD counts the connections still sending one of these, so dropping our handles now
        // is safe (see MHDResponseTable).
        table.destroy()
    }

    /// The prepared response `id`, when it belongs to this generation.
    func response(forPreparedID id: Int) -> MHDResponse? {
        responses.indices.contains(id) ? responses[id] : nil
    }
}
