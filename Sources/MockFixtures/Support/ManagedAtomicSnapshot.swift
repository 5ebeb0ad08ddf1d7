import Atomics

/// A reference to an immutable value that one writer replaces while many readers load it without
/// a lock (read-copy-update). swift-atomics keeps the reference counts right on both sides.
package final class ManagedAtomicSnapshot<Value: AnyObject & Sendable>: Sendable {
    private let reference: ManagedAtomic<Box>

    package init(_ value: Value) {
        reference = ManagedAtomic(Box(value))
    }

    package func load() -> Value {
        reference.load(ordering: .acquiring).value
    }

    package func store(_ value: Value) {
        reference.store(Box(value), ordering: .releasing)
    }

    /// Wraps any class so it can be an atomic reference, which needs `final` and `AtomicReference`.
    private final class Box: AtomicReference, Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
