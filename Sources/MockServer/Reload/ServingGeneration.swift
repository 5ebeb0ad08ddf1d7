import Atomics
import MockFixtures

/// One loaded fixture tree together with the MHD responses built from it: everything a request
/// needs, immutable, so a request that holds a generation answers entirely from one load even
/// while a reload installs the next.
///
/// Requests retain the generation they started with; when a reload has replaced it and the last
/// such request completes, it is freed with its responses (on the reload queue, not on a worker
/// thread, see `RequestDispatcher.finishRequest`).
final class ServingGeneration: Sendable, AtomicReference {
    let store: FixtureStore
    /// `table.responses[i]` is `store.preparedResponses[i]`.
    private let table: MHDResponseTable
    /// Raised once a reload has installed another generation; read lock-free at every request end.
    private let replaced = ManagedAtomic<Bool>(false)

    /// Builds the responses for `store`, each with the headers `answerHeaders` gives it (the
    /// engine's ``MockEngine/preparedAnswerHeaders(of:in:)``, so that the table says what the
    /// engine answers); nil when MHD cannot allocate them. A response header MHD refuses is not
    /// sent and is passed to `refused` with the response it belongs to.
    init?(store: FixtureStore, answerHeaders: (PreparedResponse, FixtureStore) -> [HTTPHeader],
          refused: (_ response: PreparedResponse, _ name: String, _ value: String) -> Void) {
        let prepared = store.preparedResponses
        let specifications = prepared.map { response in
            (headers: answerHeaders(response, store).map { (name: $0.name, value: $0.value) }, body: response.body)
        }
        guard let table = MHDResponseTable.build(specifications, refused: { index, name, value in
            refused(prepared[index], name, value)
        }) else { return nil }
        self.store = store
        self.table = table
    }

    /// Whether a reload has installed another generation in its place.
    var isReplaced: Bool {
        replaced.load(ordering: .acquiring)
    }

    /// Called by the reload that installs the next generation.
    func markReplaced() {
        replaced.store(true, ordering: .releasing)
    }

    /// The prepared response `id`, when it belongs to this generation.
    func response(forPreparedID id: Int) -> MHDResponse? {
        table.responses.indices.contains(id) ? table.responses[id] : nil
    }
}
