/// Load-time checks of scenarios, which span files: a `state` that no `newState` leads to can
/// only be reached by setting it through the admin API, which is rarely what was meant.
enum ScenarioCheck {
    static let initialState = "started"

    /// For each scenario, the states some entry leads to, plus the initial one.
    static func reachableStates(_ steps: some Sequence<ScenarioStep>) -> [String: Set<String>] {
        var reachable: [String: Set<String>] = [:]
        for step in steps {
            reachable[step.name, default: [initialState]].formUnion(step.newState.map { [$0] } ?? [])
        }
        return reachable
    }

    /// A warning for every entry of `entries` whose `state` is not in `reachable`.
    static func unreachableStates(in entries: [(file: String, entry: FixtureFileCompiler.CompiledEntry)],
                                  reachable: [String: Set<String>]) -> [FixtureProblem] {
        var problems: [FixtureProblem] = []
        for (file, entry) in entries {
            guard let step = entry.scenario, let required = step.requiredState,
                  reachable[step.name]?.contains(required) != true else { continue }
            let state = JSONValue.excerpt(.string(required))
            problems.append(FixtureProblem(
                .warning, file, at: entry.statePosition,
                "state \(state) of scenario \(JSONValue.excerpt(.string(step.name))) is never reached: no entry has \"newState\": \(state), and every scenario starts in \"\(initialState)\"",
                hint: "add \"newState\": \(state) to the entry that leads there, or set it with PUT /__admin/scenarios/\(step.name)"))
        }
        return problems
    }
}
