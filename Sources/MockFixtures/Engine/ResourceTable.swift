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

    /// Sets up the resources the fixture files declare, in place of those declared before;
    /// resources a test posted stay, and a declared one whose path a posted one holds is left
    /// out (its path is returned). With `reseeding` (start, reset) each starts over with its
    /// declared items; without (a reload) one whose declaration is unchanged keeps its items,
    /// so a reload for another file's sake loses nothing the app added (audit R17). A file's
    /// resource keeps its id, `declared-N`, for the engine's life: numbered in file order at
    /// start, a new file's later.
    @discardableResult
    func installDeclared(_ declarations: [ResourceDeclaration], reseeding: Bool) -> [String] {
        changes.withLock { _ in
            let all = current.load().all
            let posted = all.filter { $0.declaration == nil }
            // By key and by file: looking each declaration up in lists made a reload of 12,000
            // declared resources take 7.5 s (audit F3).
            let postedKeys = Set(posted.map(\.key))
            var installed: [String: Resource] = [:]
            for resource in all { if let declaration = resource.declaration { installed[declaration.origin] = resource } }
            var skipped: [String] = []
            var declared: [Resource] = []
            for declaration in declarations {
                guard !postedKeys.contains(declaration.shape.key) else {
                    skipped.append(declaration.shape.path)
                    continue
                }
                if !reseeding, let kept = installed[declaration.origin], kept.declaration == declaration {
                    declared.append(kept)
                    continue
                }
                // One a test removed stays removed until a reset, unless its file changed (then the
                // file's new declaration is set up, and it counts as not removed).
                let file = declaration.origin
                if !reseeding {
                    let removedAsDeclared = removedDeclarations.withLock { removed in
                        guard let earlier = removed[file] else { return false }
                        if earlier == declaration { return true }
                        removed[file] = nil
                        return false
                    }
                    if removedAsDeclared { continue }
                }
                let number = declaredNumbers.withLock { numbers in
                    if let known = numbers.byFile[file] { return known }
                    numbers.last += 1
                    numbers.byFile[file] = numbers.last
                    return numbers.last
                }
                declared.append(Resource(id: "declared-\(number)", shape: declaration.shape, items: declaration.items, declaration: declaration))
            }
            if reseeding { removedDeclarations.withLock { $0 = [:] } }
            publish(declared + posted)
            return skipped
        }
    }

    /// Declared resources a test removed (`DELETE /__admin/resources…`), by file: a reload made
    /// for another file's sake does not bring them back; a reset, or a change to the file, does.
    private let removedDeclarations = LockedState<[String: ResourceDeclaration]>([:])

    /// The number each declaring file's resource has, for stable `declared-N` ids.
    private let declaredNumbers = LockedState((byFile: [String: Int](), last: 0))

    func resource(id: String) -> Resource? {
        current.load().all.first { $0.id == id }
    }

    func remove(id: String) -> Resource? {
        changes.withLock { _ in
            var all = current.load().all
            guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = all.remove(at: index)
            if let declaration = removed.declaration { removedDeclarations.withLock { $0[declaration.origin] = declaration } }
            publish(all)
            return removed
        }
    }

    @discardableResult
    func removeAll() -> Int {
        changes.withLock { _ in
            let all = current.load().all
            removedDeclarations.withLock { removed in
                for declaration in all.compactMap(\.declaration) { removed[declaration.origin] = declaration }
            }
            publish([])
            return all.count
        }
    }
}
