/// Entries added through `POST /__admin/fixtures` for one path, served before the files' own.
package struct RuntimeFixture: Sendable {
    /// `fixture-1`, `fixture-2`, …: unique for the engine's life.
    package let id: String
    /// As it was posted, for listings.
    package let path: String
    /// The decoded path without its outer slashes, as fixture routes are keyed, with its
    /// `{name}` segments.
    let template: PathTemplate
    let entries: [FixtureEntry]
    /// The entries exactly as posted, for `GET /__admin/fixtures`.
    package let source: JSONValue
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
    }

    private let current = ManagedAtomicSnapshot(Snapshot([]))
    /// Serialises changes (readers never take it) and numbers the fixtures.
    private let changes = LockedState(0)

    var snapshot: Snapshot { current.load() }

    /// The fixtures serving `lookupKey`: the most specific path first (a literal segment beats a
    /// `{name}`, from the left), newest first among equal paths; each with the values of its
    /// `{name}` segments. Empty at once when there are none.
    func fixtures(forKey lookupKey: Substring) -> [RuntimeFixtureMatch] {
        let snapshot = current.load()
        guard !snapshot.all.isEmpty else { return [] }
        return snapshot.routes.allMatches(lookupKey).flatMap { match in
            match.value.map { RuntimeFixtureMatch(fixture: $0, parameters: PathParameters(names: $0.template.parameterNames, values: match.parameters)) }
        }
    }

    /// Adds a fixture built for the next id.
    func add(_ make: (_ id: String) -> RuntimeFixture) -> RuntimeFixture {
        changes.withLock { counter in
            counter += 1
            let fixture = make("fixture-\(counter)")
            current.store(Snapshot(current.load().all + [fixture]))
            return fixture
        }
    }

    /// Removes the fixture with `id`; `nil` when there is none.
    func remove(id: String) -> RuntimeFixture? {
        changes.withLock { _ in
            var all = current.load().all
            guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = all.remove(at: index)
            current.store(Snapshot(all))
            return removed
        }
    }

    /// Removes every fixture; returns how many there were.
    @discardableResult
    func removeAll() -> Int {
        changes.withLock { _ in
            let count = current.load().all.count
            current.store(Snapshot([]))
            return count
        }
    }
}
