import Atomics

/// Entries added through `POST /__admin/fixtures` for one path, tried before the files' entries
/// of the same priority.
package struct RuntimeFixture: Sendable, PrioritizedFixture {
    /// `fixture-1`, `fixture-2`, …: unique for the engine's life.
    package let id: String
    /// As it was posted, for listings.
    package let path: String
    /// The decoded path without its outer slashes, as fixture routes are keyed, with its
    /// `{name}` segments.
    let template: PathTemplate
    /// In the order posted.
    let entries: [FixtureEntry]
    /// The order to try them in when their `priority` numbers differ.
    let priorityGroups: PriorityGroups?
    let uniformPriority: Int
    /// The entries exactly as posted, for `GET /__admin/fixtures`.
    package let source: JSONValue
    /// Swift code that makes the one entry per request instead (``MockEngine/addHandler(path:priority:_:)``).
    let handler: RuntimeHandler?

    init(id: String, path: String, template: PathTemplate, entries: [FixtureEntry], priorities: [Int], source: JSONValue) {
        self.id = id
        self.path = path
        self.template = template
        self.entries = entries
        priorityGroups = PriorityGroups.make(entries, priorities: priorities)
        uniformPriority = priorities.first ?? EntryPriority.defaultValue
        self.source = source
        handler = nil
    }

    /// A fixture whose entry `handler` makes per request, at `priority`.
    init(id: String, path: String, template: PathTemplate, handler: @escaping RuntimeHandler, priority: Int) {
        self.id = id
        self.path = path
        self.template = template
        entries = []
        priorityGroups = nil
        uniformPriority = priority
        source = .makeArray([])
        self.handler = handler
    }
}

/// A runtime fixture serving a request, with the values its path's `{name}` segments took.
struct RuntimeFixtureMatch {
    let fixture: RuntimeFixture
    let parameters: PathParameters
}

/// Every runtime fixture, published as an immutable snapshot: requests read the current one
/// with a single atomic load, so serving costs no lock while fixtures are added or removed.
final class RuntimeFixtureTable: Sendable {
    final class Snapshot: Sendable {
        /// Oldest first.
        let all: [RuntimeFixture]
        /// Newest first, per path shape (`people/{id}` and `people/{personId}` share one).
        let routes: RouteTrie<[RuntimeFixture]>

        init(_ all: [RuntimeFixture]) {
            self.all = all
            var byShape: [String: [RuntimeFixture]] = [:]
            for fixture in all.reversed() {
                byShape[fixture.template.shape, default: []].append(fixture)
            }
            var routes = RouteTrie<[RuntimeFixture]>()
            for fixtures in byShape.values {
                routes.insert(fixtures[0].template, fixtures)
            }
            self.routes = routes
        }

        private init(all: [RuntimeFixture], routes: RouteTrie<[RuntimeFixture]>) {
            self.all = all
            self.routes = routes
        }

        /// This snapshot and `fixture`, the newest of its path shape: one walk down a copy of the
        /// trie, where rebuilding it made each add cost as much as all fixtures so far (the
        /// 3,000th took 19 ms; audit F2).
        func adding(_ fixture: RuntimeFixture) -> Snapshot {
            var routes = routes
            routes.update(fixture.template) { [fixture] + ($0 ?? []) }
            return Snapshot(all: all + [fixture], routes: routes)
        }
    }

    private let current = ManagedAtomicSnapshot(Snapshot([]))
    /// How many fixtures the current snapshot holds. Loading the snapshot itself writes to shared
    /// memory (reference counting), so the usual case — no runtime fixtures at all — reads only
    /// this counter, which nobody writes while serving.
    private let count = ManagedAtomic<Int>(0)
    /// Serialises changes (readers never take it) and numbers the fixtures.
    private let changes = LockedState(0)

    var snapshot: Snapshot { current.load() }

    /// The fixtures serving `lookupKey`: the most specific path first (a literal segment beats a
    /// `{name}`, from the left), newest first among equal paths; each with the values of its
    /// `{name}` segments. Empty without touching shared memory when there are none.
    func fixtures(forKey lookupKey: Substring) -> [RuntimeFixtureMatch] {
        guard count.load(ordering: .relaxed) > 0 else { return [] }
        return current.load().routes.allMatches(lookupKey).flatMap { match in
            match.value.map { RuntimeFixtureMatch(fixture: $0, parameters: PathParameters(names: $0.template.parameterNames, values: match.parameters)) }
        }
    }

    /// Publishes `all` (under `changes`).
    private func publish(_ all: [RuntimeFixture]) {
        publish(Snapshot(all))
    }

    private func publish(_ snapshot: Snapshot) {
        current.store(snapshot)
        count.store(snapshot.all.count, ordering: .relaxed)
    }

    /// Adds a fixture built for the next id.
    func add(_ make: (_ id: String) -> RuntimeFixture) -> RuntimeFixture {
        changes.withLock { counter in
            counter += 1
            let fixture = make("fixture-\(counter)")
            publish(current.load().adding(fixture))
            return fixture
        }
    }

    /// Removes the fixture with `id`; `nil` when there is none. `afterwards` runs with the
    /// fixtures left, before another change can start.
    func remove(id: String, afterwards: ([RuntimeFixture]) -> Void = { _ in }) -> RuntimeFixture? {
        changes.withLock { _ in
            var all = current.load().all
            guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = all.remove(at: index)
            publish(all)
            afterwards(all)
            return removed
        }
    }

    /// Puts `fixture` where the fixture with `id` was (its place among the others kept); false
    /// when there is none. `afterwards` runs with the fixtures now held, before another change.
    func replace(id: String, with fixture: RuntimeFixture, afterwards: ([RuntimeFixture]) -> Void = { _ in }) -> Bool {
        changes.withLock { _ in
            var all = current.load().all
            guard let index = all.firstIndex(where: { $0.id == id }) else { return false }
            all[index] = fixture
            publish(all)
            afterwards(all)
            return true
        }
    }

    /// Removes every fixture; returns how many there were. `afterwards` runs before another
    /// change can start.
    @discardableResult
    func removeAll(afterwards: () -> Void = {}) -> Int {
        changes.withLock { _ in
            let removed = current.load().all.count
            publish([])
            afterwards()
            return removed
        }
    }

    /// Runs `body` with the current fixtures while no change can happen.
    func withoutChanges<Result>(_ body: ([RuntimeFixture]) -> Result) -> Result {
        changes.withLock { _ in body(current.load().all) }
    }
}
