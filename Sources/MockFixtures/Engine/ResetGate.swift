import Atomics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets a reset happen between requests, never in the middle of one: a request's match, the
/// `times` it uses up, the scenario it moves and its journal record all fall before the reset or
/// all after it. Without it, a request answered while a reset ran could use up the next test's
/// `times` and have its record cleared with the last test's (audit C2).
///
/// Requests enter and leave with one atomic add each and never wait for one another; only while
/// a reset runs (clearing counters, scenarios, runtime fixtures and the journal: microseconds to
/// a few milliseconds) do requests wait, yielding the processor. A delay or a slow body is
/// outside the gate: a request is journaled before it waits.
final class ResetGate: Sendable {
    /// Set while a reset runs; the bits below count the requests inside.
    private static let resetting = 1 << 62
    private let state = ManagedAtomic<Int>(0)
    /// One reset at a time.
    private let resets = LockedState(())

    /// Called before a request is matched; waits only while a reset runs.
    func enter() {
        while true {
            // Optimistic: count this request in, and back out if a reset holds the gate.
            let previous = state.loadThenWrappingIncrement(ordering: .sequentiallyConsistent)
            if previous & Self.resetting == 0 { return }
            // A handler's own request into the engine: the request it answers holds the gate,
            // and a reset waiting for that one waits for this one too. It goes in (counted), so
            // neither waits for the other.
            if Self.isInsideHandler { return }
            state.wrappingDecrement(ordering: .sequentiallyConsistent)
            while state.load(ordering: .sequentiallyConsistent) & Self.resetting != 0 {
                sched_yield()
            }
        }
    }

    /// Called once the request is journaled.
    func leave() {
        state.wrappingDecrement(ordering: .sequentiallyConsistent)
    }

    /// Depth of handler calls on this thread (``insideHandler(_:)``), as a thread-specific value.
    private static let handlerDepth: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs a handler (Swift code answering a request), marking the thread as inside one.
    static func insideHandler<Result>(_ body: () -> Result) -> Result {
        let depth = Int(bitPattern: pthread_getspecific(handlerDepth))
        pthread_setspecific(handlerDepth, UnsafeRawPointer(bitPattern: depth + 1))
        defer { pthread_setspecific(handlerDepth, UnsafeRawPointer(bitPattern: depth)) }
        return body()
    }

    /// Whether this thread is running a handler: asked only off the usual path (a reset pending,
    /// or a reset asked for).
    static var isInsideHandler: Bool { pthread_getspecific(handlerDepth) != nil }

    /// Runs `body` once every request inside has left, keeping new ones out until it returns.
    func whileNoRequestIsAnswered<Result>(_ body: () -> Result) -> Result {
        resets.withLock { _ in
            state.wrappingIncrement(by: Self.resetting, ordering: .sequentiallyConsistent)
            defer { state.wrappingDecrement(by: Self.resetting, ordering: .sequentiallyConsistent) }
            while state.load(ordering: .sequentiallyConsistent) & ~Self.resetting != 0 {
                sched_yield()
            }
            return body()
        }
    }
}
