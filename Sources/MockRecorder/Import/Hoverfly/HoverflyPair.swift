import MockFixtures

/// One Hoverfly request–response pair (`{"request": {…matchers…}, "response": {…}}`) as an
/// entry, with what ordering it against other pairs needs: its method, its path's segments, and
/// the score Hoverfly's strongest-match strategy gives it.
///
/// Hoverfly's state is one map of keys; a pair's `requiresState`, `transitionsState` and
/// `removesState` on one key become a scenario of that name here (`state`, `newState`), a key
/// that is not set being the scenario's first state, `started` — and so is `"1"` for a
/// `sequence:` key, which Hoverfly sets to `"1"` when it loads a simulation.
struct HoverflyPair: RankedStub {
    var stub: ConvertedStub
    let method: String
    var segments: [ImportedPath.Segment]
    let score: Int
    let destinations: [String]
    let exactDestination: String?
    let exactPath: String?

    static let pairKeys: Set<String> = ["request", "response", "labels"]

    init(_ pair: JSONValue, literals: [String: JSONValue], filesFolder: String) throws(StubRefusal) {
        guard let members = pair.objectMembers else { throw StubRefusal("", "a pair must be an object with \"request\" and \"response\"") }
        if let unknown = members.first(where: { !Self.pairKeys.contains($0.key) }) {
            throw StubRefusal(unknown.key, "is no key of a Hoverfly pair")
        }
        let request = try HoverflyRequest(pair["request"] ?? .object([]))
        let responseValue = pair["response"] ?? .null
        let response = try HoverflyResponse(responseValue, path: request.path, literals: literals, filesFolder: filesFolder)
        var entry: [(String, JSONValue)] = [("method", .string(request.method))]
        entry += try Self.scenario(requires: pair["request"]?["requiresState"], transitions: responseValue["transitionsState"],
                                   removes: responseValue["removesState"])
        if !request.path.pathParameters.isEmpty { entry.append(("pathParameters", .makeObject(request.path.pathParameters))) }
        entry += request.keys
        entry += response.keys
        stub = ConvertedStub(file: request.path.relativeFile, parameterNames: request.path.parameterNames, entry: .makeObject(entry),
                             shown: "\(request.method) \(request.path.shown)", bodyFiles: response.bodyFiles, notes: request.notes + response.notes,
                             answersRoot: request.path.answersRoot)
        method = request.method
        segments = request.path.segments
        score = request.score
        destinations = request.destinations
        exactDestination = request.exactDestination
        exactPath = request.exactPath
    }

    /// The state of a `sequence:` key a pair removed: none Hoverfly's pairs can need.
    static let removedSequenceState = "removed (no sequence step)"

    /// The state keys of a pair as `scenario`, `state` and `newState`.
    static func scenario(requires: JSONValue?, transitions: JSONValue?, removes: JSONValue?) throws(StubRefusal) -> [(String, JSONValue)] {
        func strings(_ value: JSONValue?, at key: String) throws(StubRefusal) -> [(String, String)] {
            guard let value, value != .null else { return [] }
            guard let members = value.objectMembers else { throw StubRefusal(key, "must be an object of state values by key") }
            var pairs: [(String, String)] = []
            for member in members {
                guard let text = member.value.value.stringValue else { throw StubRefusal("\(key).\(member.key)", "must be a string") }
                pairs.append((member.key, text))
            }
            return pairs
        }
        let required = try strings(requires, at: "request.requiresState")
        let moved = try strings(transitions, at: "response.transitionsState")
        var removed: [String] = []
        if let removes, removes != .null {
            guard case .array(let elements) = removes, elements.allSatisfy({ $0.value.stringValue != nil }) else {
                throw StubRefusal("response.removesState", "must be a list of state keys")
            }
            removed = elements.compactMap(\.value.stringValue)
        }
        var names: [String] = []
        for name in required.map(\.0) + moved.map(\.0) + removed where !names.contains(name) { names.append(name) }
        guard let name = names.first else { return [] }
        // The key as the pair wrote it: where the name comes from.
        let place = required.contains { $0.0 == name } ? "request.requiresState" : moved.contains { $0.0 == name } ? "response.transitionsState" : "response.removesState"
        guard names.count == 1 else {
            let secondPlace = required.contains { $0.0 == names[1] } ? "request.requiresState" : moved.contains { $0.0 == names[1] } ? "response.transitionsState" : "response.removesState"
            throw StubRefusal(secondPlace, "uses the state keys \(names.map { "\"\($0)\"" }.joined(separator: ", ")); an entry here takes part in one scenario, so write the pair for one key")
        }
        _ = try StubRefusal.scenarioName(name, written: .string(name), at: place)
        let isSequence = name.contains("sequence:")
        func state(_ value: String, at key: String) throws(StubRefusal) -> String {
            if isSequence, value == "1" { return "started" }
            guard !value.isEmpty else { throw StubRefusal(key, "is empty; a state here has a name") }
            guard value != "started" else {
                throw StubRefusal(key, "\"started\" is the first state of every scenario here (a key not yet set), so a state of that name would be the first one too; rename it in the simulation")
            }
            guard !value.contains("{{") else { throw StubRefusal(key, "is templated, which a scenario's state here cannot be") }
            return value
        }
        var entry: [(String, JSONValue)] = [("scenario", .string(name))]
        if let value = required.first?.1 { entry.append(("state", .string(try state(value, at: "request.requiresState.\(name)")))) }
        // removesState applies after transitionsState: a removed key is not set — the first state,
        // but for a `sequence:` key, whose first state is "1": no pair needing it answers any more.
        if removed.contains(name) {
            entry.append(("newState", .string(isSequence ? Self.removedSequenceState : "started")))
        } else if let value = moved.first?.1 {
            entry.append(("newState", .string(try state(value, at: "response.transitionsState.\(name)"))))
        }
        return entry
    }
}
