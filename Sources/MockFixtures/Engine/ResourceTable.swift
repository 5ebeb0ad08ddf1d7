import Atomics

/// Every resource, published as an immutable snapshot as runtime fixtures are: a request reads
/// one atomic counter when there are none, and one atomic load and a dictionary lookup when
/// there are.
final class ResourceTable: Sendable {
    private final class Snapshot: Sendable {
        /// Oldest first.
        let all: [Resource]
        let byKey: [String: Resource]

        init(_ all: [Resource]) {
            self.all = all
            byKey = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private let current = ManagedAtomicSnapshot(Snapshot([]))
    private let count = ManagedAtomic<Int>(0)
    /// Serialises changes and numbers the resources.
    private let changes = LockedState(0)

    var all: [Resource] { current.load().all }

    /// Whether there are no resources: one relaxed atomic load, which nobody writes while serving.
    var isEmpty: Bool { count.load(ordering: .relaxed) == 0 }

    /// The resource whose collection is `lookupKey`, or whose item it names (the last segment,
    /// decoded), or nil.
    func resource(forKey lookupKey: Substring) -> (resource: Resource, itemID: Substring?)? {
        guard count.load(ordering: .relaxed) > 0 else { return nil }
        let byKey = current.load().byKey
        if let resource = byKey[String(lookupKey)] { return (resource, nil) }
        guard let slash = lookupKey.lastIndex(of: "/"), let resource = byKey[String(lookupKey[..<slash])] else { return nil }
        return (resource, lookupKey[lookupKey.index(after: slash)...])
    }

    private func publish(_ all: [Resource]) {
        current.store(Snapshot(all))
        count.store(all.count, ordering: .relaxed)
    }

    /// What ``add(key:_:)`` did.
    enum Addition {
        case added(Resource)
        /// Another resource already serves the path.
        case taken(by: Resource)
    }

    /// Adds a resource made for the next id, unless one already serves its path.
    func add(key: String, _ make: (_ id: String) -> Resource) -> Addition {
        changes.withLock { counter in
            let all = current.load().all
            if let existing = all.first(where: { $0.key == key }) { return .taken(by: existing) }
            counter += 1
            let resource = make("resource-\(counter)")
            publish(all + [resource])
            return .added(resource)
        }
    }

    /// Sets up the resources the fixture files declare, as declared, in place of those set up
    /// before (at start, on reload, on reset); resources a test posted stay, and a declared one
    /// whose path a posted one holds is left out. Ids are `declared-1`, `declared-2`, … in file
    /// order, the same after every reset. Returns the paths left out.
    @discardableResult
    func installDeclared(_ declarations: [ResourceDeclaration]) -> [String] {
        changes.withLock { _ in
            let posted = current.load().all.filter { $0.file == nil }
            var skipped: [String] = []
            var declared: [Resource] = []
            for (index, declaration) in declarations.enumerated() {
                guard !posted.contains(where: { $0.key == declaration.shape.key }) else {
                    skipped.append(declaration.shape.path)
                    continue
                }
                declared.append(Resource(id: "declared-\(index + 1)", shape: declaration.shape, items: declaration.items, file: declaration.file))
            }
            publish(declared + posted)
            return skipped
        }
    }

    func resource(id: String) -> Resource? {
        current.load().all.first { $0.id == id }
    }

    func remove(id: String) -> Resource? {
        changes.withLock { _ in
            var all = current.load().all
            guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = all.remove(at: index)
            publish(all)
            return removed
        }
    }

    @discardableResult
    func removeAll() -> Int {
        changes.withLock { _ in
            let removed = current.load().all.count
            publish([])
            return removed
        }
    }
}
