import Atomics

/// The generation new requests start with. Reading it is the only per-request cost of reloading:
/// one atomic load of a strong reference, no lock.
final class GenerationSlot: Sendable {
    private let generation: ManagedAtomic<ServingGeneration>
    private let closed = ManagedAtomic<Bool>(false)

    init(_ generation: ServingGeneration) {
        self.generation = ManagedAtomic(generation)
    }

    var current: ServingGeneration {
        generation.load(ordering: .acquiring)
    }

    /// Installs `next` and returns the generation it replaced, so that the caller decides where
    /// the last slot reference is dropped; nil (and nothing installed) once ``close()`` ran.
    /// Only the reload queue calls this and ``close()``, so the two never interleave.
    func replace(with next: ServingGeneration) -> ServingGeneration? {
        guard !isClosed else { return nil }
        let previous = generation.exchange(next, ordering: .acquiringAndReleasing)
        previous.markReplaced()
        return previous
    }

    /// Refuses every later ``replace(with:)``: the server has stopped.
    func close() {
        closed.store(true, ordering: .releasing)
    }

    var isClosed: Bool {
        closed.load(ordering: .acquiring)
    }
}
