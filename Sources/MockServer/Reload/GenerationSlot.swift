/// The generation new requests start with. Reading it is the only per-request cost of reloading:
/// one short critical section that copies (retains) a reference.
final class GenerationSlot: @unchecked Sendable {
    private let lock = Lock()
    private var generation: ServingGeneration
    private var closed = false

    init(_ generation: ServingGeneration) {
        self.generation = generation
    }

    var current: ServingGeneration {
        lock.lock()
        defer { lock.unlock() }
        return generation
    }

    /// Installs `next` and returns the generation it replaced, so that the caller drops the last
    /// slot reference outside the lock; nil (and nothing installed) once ``close()`` ran.
    func replace(with next: ServingGeneration) -> ServingGeneration? {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return nil }
        let previous = generation
        generation = next
        previous.markReplaced()
        return previous
    }

    /// Refuses every later ``replace(with:)``: the server has stopped.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
    }

    var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }
}
