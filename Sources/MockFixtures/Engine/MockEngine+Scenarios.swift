extension MockEngine {
    /// Forgets the states of scenarios neither `store` nor `runtime` names (``ScenarioTable/keepOnly(_:)``).
    /// Called while runtime fixtures cannot change, so a scenario a fixture is being added for
    /// keeps its state.
    func forgetUnnamedScenarios(store: FixtureStore, runtime: [RuntimeFixture]) {
        scenarios.keepOnly(Set(scenarioSteps(store: store, runtime: runtime).map(\.name)))
    }

    /// Every scenario step of the fixture files and of `runtime` (by default the runtime fixtures
    /// being served).
    func scenarioSteps(store: FixtureStore, runtime: [RuntimeFixture]? = nil) -> [ScenarioStep] {
        store.scenarioSteps + (runtime ?? runtimeFixtures.snapshot.all).flatMap { $0.entries.compactMap(\.scenario) }
    }

    /// `started` and every state an entry of scenario `name` requires or moves to.
    func knownStates(of name: String, store: FixtureStore) -> Set<String> {
        var states: Set<String> = [ScenarioCheck.initialState]
        for step in scenarioSteps(store: store) where step.name == name {
            if let required = step.requiredState { states.insert(required) }
            if let next = step.newState { states.insert(next) }
        }
        return states
    }

    /// Every scenario named by the fixture files or by runtime fixtures, sorted.
    func scenarioNames(store: FixtureStore) -> [String] {
        Set(scenarioSteps(store: store).map(\.name)).sorted()
    }

    /// `GET /__admin/scenarios`.
    func scenarioListResponse(store: FixtureStore) -> MockResponse {
        let names = scenarioNames(store: store)
        return adminAnswer("\(names.count) scenarios", [
            ("scenarios", .makeArray(names.map { name in
                .makeObject([("name", .string(name)), ("state", .string(scenarios.state(of: name)))])
            })),
        ])
    }

    /// `GET /__admin/scenarios/{name}`.
    func scenarioResponse(name: String, store: FixtureStore) -> MockResponse {
        guard scenarioNames(store: store).contains(name) else { return unknownScenario(name, store: store) }
        return adminAnswer("scenario \(name)", [("name", .string(name)), ("state", .string(scenarios.state(of: name)))])
    }

    /// `PUT /__admin/scenarios/{name}` with `{"state": "…"}`.
    func setScenarioResponse(name: String, _ request: inout IncomingRequest, store: FixtureStore) -> MockResponse {
        guard scenarioNames(store: store).contains(name) else { return unknownScenario(name, store: store) }
        let example = #"{"state": "has item"}"#
        let document: JSONDocument
        switch jsonBody(of: request, expecting: example) {
        case .success(let parsed): document = parsed
        case .failure(let box): return box.response
        }
        guard case .object(let members) = document.root.value else {
            return badAdminRequest(request, "the body is \(document.root.value.kindNameWithArticle)", hint: "send an object such as \(example)")
        }
        if let duplicate = document.duplicateKeys.first {
            // Only the last value would count, as in a verification pattern.
            return badAdminRequest(request, "\(duplicate.position): the key \(JSONValue.excerpt(.string(duplicate.key))) is given twice (first at \(duplicate.firstPosition))",
                                   hint: "give each key once; only the last value would count")
        }
        if let unknown = members.first(where: { $0.key != "state" }) {
            return badAdminRequest(request, "unknown key \(JSONValue.excerpt(.string(unknown.key))) in the body", hint: "the only key is \"state\", e.g. \(example)")
        }
        guard let state = document.root.value["state"] else {
            return badAdminRequest(request, "the body has no \"state\"", hint: "send the state to move the scenario to, e.g. \(example)")
        }
        guard case .string(let newState) = state, !newState.isEmpty else {
            return badAdminRequest(request, "\"state\" must be a non-empty string, found \(state == .null ? "null" : "\(state.kindName) \(JSONValue.excerpt(state))")", hint: "send the state's name, e.g. \(example)")
        }
        let states = knownStates(of: name, store: store)
        guard states.contains(newState) else {
            // A typo would leave every entry of the scenario unmatched, with nothing to say why.
            var hint = "the states entries of '\(name)' use are " + states.sorted().map { "'\($0)'" }.joined(separator: ", ")
            if let suggestion = EditDistance.closest(to: newState, among: Array(states), maximumDistance: 2) {
                hint = "did you mean '\(suggestion)'? " + hint
            }
            return badAdminRequest(request, "no entry of the scenario '\(name)' has the state \(JSONValue.excerpt(.string(newState))) or moves to it", hint: hint)
        }
        let previous = scenarios.state(of: name)
        scenarios.setState(newState, of: name)
        return adminAnswer("scenario \(name): \(previous) → \(newState)", [
            ("name", .string(name)),
            ("state", .string(newState)),
            ("previousState", .string(previous)),
        ])
    }

    private func unknownScenario(_ name: String, store: FixtureStore) -> MockResponse {
        let names = scenarioNames(store: store)
        let known = names.isEmpty ? "no fixture names a scenario" : "the scenarios are " + names.map { "'\($0)'" }.joined(separator: ", ")
        let shown = Self.shown(name)
        let error = "no fixture names the scenario '\(shown)'; \(known)"
        var hint = "use a name a fixture entry gives as \"scenario\" (GET /__admin/scenarios lists them)"
        if let suggestion = EditDistance.closest(to: name, among: names, maximumDistance: 2) {
            hint = "did you mean '\(suggestion)'?"
        }
        return diagnosticResponse(status: 404, outcome: .admin("no scenario \(shown)"), [("error", .string(error)), ("hint", .string(hint))])
    }
}
