/// The current state of every scenario. Engine state: it outlives fixture reloads and is put
/// back to `started` by a reset.
///
/// Only entries that take part in a scenario touch its lock; checking the state, counting the
/// answer and moving on happen in one critical section, so of 50 parallel requests for an entry
/// with `"state": "started", "newState": "done"` exactly one gets it.
final class ScenarioTable: Sendable {
    private let states = LockedState<[String: String]>([:])

    /// The state of `name`; scenarios nobody has moved are in `started`.
    func state(of name: String) -> String {
        states.withLock { $0[name] } ?? ScenarioCheck.initialState
    }

    /// Claims an answer for an entry in the scenario `step` belongs to: only in its required state
    /// (if any) and within its `times` (if any); then moves the scenario to its `newState`. Without
    /// `counting` (a HEAD a GET entry answers) it only checks both and moves nothing; without
    /// `marking` either (finding the `200` a `304` stands for) the entry is not even marked used.
    func claim(_ step: ScenarioStep, usage: EntryUsage, counting: Bool = true, marking: Bool = true) -> Bool {
        states.withLock { states in
            if let required = step.requiredState, (states[step.name] ?? ScenarioCheck.initialState) != required {
                return false
            }
            guard counting else { return marking ? usage.admitsWithoutCounting() : usage.mayAnswer }
            guard usage.claim() else { return false }
            if let next = step.newState {
                states[step.name] = next
            }
            return true
        }
    }

    func setState(_ state: String, of name: String) {
        states.withLock { $0[name] = state }
    }

    /// Every scenario back to `started`.
    func resetAll() {
        states.withLock { $0.removeAll() }
    }

    /// Forgets the state of every scenario not in `names`: one no fixture names any more (its
    /// runtime fixture removed, its file gone at a reload) starts over in `started` when a fixture
    /// names it again, instead of where a previous test left it, unseen in between.
    func keepOnly(_ names: Set<String>) {
        states.withLock { states in
            states = states.filter { names.contains($0.key) }
        }
    }
}
