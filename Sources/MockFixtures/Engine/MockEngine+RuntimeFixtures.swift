extension MockEngine {
    static let runtimeFixtureExample = #"{"path": "/api/orders", "entries": [{"method": "POST", "status": 500, "response": {"error": "down"}}]}"#

    /// A runtime fixture as posted and checked, not yet added.
    struct PostedFixture {
        let path: String
        let template: PathTemplate
        let entries: [FixtureFileCompiler.CompiledEntry]
        let source: JSONValue
        let warnings: [String]

        func fixture(id: String) -> RuntimeFixture {
            let built = entries.map { compiled in
                let response = PreparedResponse(id: -1, status: compiled.status, headers: compiled.headers, body: compiled.body)
                return FixtureEntry(compiled, response: response, isPrepared: false, usage: EntryUsage(limit: compiled.times))
            }
            return RuntimeFixture(id: id, path: path, template: template, entries: built, priorities: entries.map(\.priority), source: source)
        }

        func answerFields(id: String) -> [(String, JSONValue)] {
            var fields: [(String, JSONValue)] = [("id", .string(id)), ("path", .string(path)), ("entries", .number(JSONNumber(entries.count)))]
            if !warnings.isEmpty { fields.append(("warnings", .makeArray(warnings.map { .string($0) }))) }
            return fields
        }
    }

    /// The body of `POST /__admin/fixtures` or `PUT /__admin/fixtures/{id}`, checked with the same
    /// rules and wording as fixture files, positions inside the posted body; or the 400 saying
    /// why the fixture was not `verb` (added, replaced).
    private func postedFixture(_ request: IncomingRequest, store: FixtureStore, verb: String) -> Result<PostedFixture, MockResponseBox> {
        let document: JSONDocument
        switch jsonBody(of: request, expecting: Self.runtimeFixtureExample) {
        case .success(let parsed): document = parsed
        case .failure(let box): return .failure(box)
        }
        func refused(_ error: String, hint: String) -> Result<PostedFixture, MockResponseBox> {
            .failure(MockResponseBox(badAdminRequest(request, error, hint: hint)))
        }
        guard case .object(let members) = document.root.value else {
            return refused("the body is \(document.root.value.kindNameWithArticle)", hint: "send an object such as \(Self.runtimeFixtureExample)")
        }
        var path: String?
        var entriesNode: JSONNode?
        var compiler = FixtureFileCompiler(relativePath: "", subject: "\"entries\"")
        compiler.warnDuplicateKeys(document.duplicateKeys)
        for member in members {
            switch member.key {
            case "path":
                guard case .string(let text) = member.value.value else {
                    return refused("\"path\" must be a string, found \(member.value.value.kindName) at \(member.value.position)", hint: "give the request path as a string, such as \"/api/orders\"")
                }
                path = text
            case "entries":
                entriesNode = member.value
            default:
                compiler.warnUnknownKey(member, knownKeys: ["path", "entries"])
            }
        }
        guard let path else {
            return refused("the body has no \"path\"", hint: "send the request path the entries answer, e.g. \(Self.runtimeFixtureExample)")
        }
        guard let entriesNode else {
            return refused("the body has no \"entries\"", hint: "send them as a fixture file holds them, e.g. \(Self.runtimeFixtureExample)")
        }
        let template: PathTemplate
        switch Self.runtimeTemplate(path) {
        case .success(let made): template = made
        case .failure(let problem): return refused(problem.message, hint: problem.hint)
        }
        var output = compiler.output
        let responseFiles = ResponseFileLoader(rootPath: store.rootPath, limit: store.loadOptions.maxStaticFileBytes)
        let compiled = FixtureFileCompiler.compile(entries: entriesNode, label: "", pathParameterNames: template.parameterNames,
                                                   responseFiles: responseFiles, templateAll: store.loadOptions.templateAll)
        output.problems.append(contentsOf: compiled.problems)
        output.entries = compiled.entries
        let reachable = ScenarioCheck.reachableStates(scenarioSteps(store: store) + compiled.entries.compactMap(\.scenario))
        output.problems.append(contentsOf: ScenarioCheck.unreachableStates(in: compiled.entries.map { ("", $0) }, reachable: reachable))
        let problems = output.problems.sorted(by: FixtureProblem.isOrderedBefore)
        let errors = problems.filter { $0.severity == .error }.map(\.positionedDescription)
        let warnings = problems.filter { $0.severity == .warning }.map(\.positionedDescription)
        guard errors.isEmpty else {
            let count = errors.count
            return .failure(MockResponseBox(badAdminRequest(
                request, "the fixture was not \(verb): \(count) problem\(count == 1 ? "" : "s") in the posted entries (positions are line:column in the body)",
                hint: "fix what \"problems\" lists, then send the fixture again", problems: errors, warnings: warnings)))
        }
        return .success(PostedFixture(path: path, template: template, entries: compiled.entries, source: entriesNode.value, warnings: warnings))
    }

    /// The path of a runtime fixture (posted, or of a handler) as its route: decoded, without a
    /// query, not under `/__admin/`, with whole `{name}` segments.
    static func runtimeTemplate(_ path: String) -> Result<PathTemplate, PatternError> {
        let target: RequestTarget
        switch RequestTarget.parse(writtenPath: path) {
        case .success(let parsed) where parsed.query == nil:
            target = parsed
        case .success:
            return .failure(PatternError("\"path\" \(JSONValue.excerpt(.string(path))) has a query", hint: "give the path alone and match query parameters with \"request\" or \"query\""))
        case .failure(let rejection):
            return .failure(PatternError("\"path\" \(JSONValue.excerpt(.string(path))) is not a usable request path: \(rejection.description)", hint: "write it as the decoded path, e.g. \"/api/orders\""))
        }
        if isAdminKey(target.lookupKey) {
            return .failure(PatternError("\"path\" \(JSONValue.excerpt(.string(path))) is under /__admin/, which is reserved for the server's own endpoints", hint: "use another path"))
        }
        let template = PathTemplate(key: target.lookupKey)
        if let problem = runtimePathProblem(template, path: path) {
            return .failure(PatternError(problem.error, hint: problem.hint))
        }
        return .success(template)
    }

    /// `POST /__admin/fixtures` with `{"path": …, "entries": [ … ]}`: checked with the same rules
    /// and wording as fixture files, positions inside the posted body.
    func addRuntimeFixtureResponse(_ request: inout IncomingRequest, store: FixtureStore) -> MockResponse {
        if let refusal = recordingRefusal(the: "fixture", verb: "added") { return refusal }
        let posted: PostedFixture
        switch postedFixture(request, store: store, verb: "added") {
        case .success(let compiled): posted = compiled
        case .failure(let box): return box.response
        }
        let fixture = runtimeFixtures.add { id in posted.fixture(id: id) }
        // Location names the new fixture, as a 201 should (RFC 9110 §15.3.2).
        return diagnosticResponse(status: 201, outcome: .admin("added runtime fixture \(fixture.id) for \(posted.path)"),
                                  headers: Self.jsonHeaders + [HTTPHeader(name: "Location", value: "/__admin/fixtures/\(fixture.id)")],
                                  posted.answerFields(id: fixture.id))
    }

    /// `PUT /__admin/fixtures/{id}` with the body `POST` takes: the fixture keeps its id and its
    /// place among the others (newest first), with new entries whose `times` start from 0.
    func replaceRuntimeFixtureResponse(id: String, _ request: inout IncomingRequest, store: FixtureStore) -> MockResponse {
        if let refusal = recordingRefusal(the: "fixture", verb: "replaced") { return refusal }
        guard let existing = runtimeFixtures.snapshot.all.first(where: { $0.id == id }) else { return unknownRuntimeFixture(id) }
        guard existing.handler == nil else {
            // Replacing it with entries would drop the test's closure without a word (audit R17).
            return diagnosticResponse(status: 409, outcome: .admin("refused: \(id) is a handler"), [
                ("error", .string("\(id) is a handler (Swift code in the test process), which entries cannot replace")),
                ("hint", .string("DELETE /__admin/fixtures/\(id) and POST the entries as a new fixture, or add another handler from Swift")),
            ])
        }
        let posted: PostedFixture
        switch postedFixture(request, store: store, verb: "replaced") {
        case .success(let compiled): posted = compiled
        case .failure(let box): return box.response
        }
        let replaced = runtimeFixtures.replace(id: id, with: posted.fixture(id: id), afterwards: { forgetUnnamedScenarios(store: store, runtime: $0) })
        guard replaced else { return unknownRuntimeFixture(id) }
        return adminAnswer("replaced runtime fixture \(id) for \(posted.path)", posted.answerFields(id: id))
    }

    /// The `409` of a server that records every request (``MockEngineOptions/acceptsRuntimeFixtures``),
    /// for a runtime fixture (`what` is "fixture") or a resource, which would answer in the API's place.
    func recordingRefusal(the what: String, verb: String) -> MockResponse? {
        guard !options.acceptsRuntimeFixtures else { return nil }
        let noun = what == "fixture" ? "runtime fixture" : what
        let error = "the \(what) was not \(verb): this server forwards every request to the API to record it (mockserver record), "
            + "so a \(noun) would answer in the API's place and nothing would be recorded"
        return diagnosticResponse(status: 409, outcome: .admin("refused: \(error)"), [
            ("error", .string(error)),
            ("hint", .string("record without it, then add it when serving what was recorded (mockserver --root DIR); the journal, verification and reset work while recording")),
        ])
    }

    /// Why a posted path's `{name}` segments cannot be used, or `nil` when they can: for runtime
    /// fixtures and verification patterns alike.
    /// The longest path a runtime fixture or pattern may have: longer than any request line
    /// mockserver takes (18 KiB of head), and each segment is a step of every later add.
    static let maximumRuntimePathBytes = 16 * 1_024

    static func runtimePathProblem(_ template: PathTemplate, path: String) -> (error: String, hint: String)? {
        let shown = JSONValue.excerpt(.string(path))
        if path.utf8.count > maximumRuntimePathBytes {
            return ("\"path\" \(shown) is \(path.utf8.count) bytes, longer than any request can carry (\(maximumRuntimePathBytes) at most)",
                    "give a path a request can have; a {name} or {name...} segment stands for a long one")
        }
        for issue in template.issues {
            switch issue {
            case .braces(let segment):
                return ("\"path\" \(shown) has the segment \(JSONValue.excerpt(.string(segment))) with braces that are not a whole {name} segment",
                        "write a parameter as a whole segment, such as /people/{id}")
            case .invalidName(let segment):
                return ("\"path\" \(shown) has the segment \(JSONValue.excerpt(.string(segment))), which is not a valid parameter name",
                        "start it with a letter or '_' and use letters, digits, '_' and '-', such as {id}")
            case .duplicateName(let name):
                return ("\"path\" \(shown) names the parameter {\(name)} more than once", "give each {name} segment its own name")
            case .catchAllNotLast(let segment):
                return ("\"path\" \(shown) has the catch-all segment \(JSONValue.excerpt(.string(segment))) before its last segment",
                        "a catch-all takes the rest of the path, so it comes last, such as /files/{path...}")
            }
        }
        return nil
    }

    /// `GET /__admin/fixtures`: every runtime fixture, oldest first.
    func runtimeFixtureListResponse() -> MockResponse {
        let all = runtimeFixtures.snapshot.all
        return adminAnswer("\(all.count) runtime fixtures", [("fixtures", .makeArray(all.map(\.json)))])
    }

    /// `GET /__admin/fixtures/{id}`.
    func runtimeFixtureResponse(id: String) -> MockResponse {
        guard let fixture = runtimeFixtures.snapshot.all.first(where: { $0.id == id }) else { return unknownRuntimeFixture(id) }
        return adminAnswer("runtime fixture \(id)", fixture.json.objectMembers!.map { ($0.key, $0.value.value) })
    }

    /// `DELETE /__admin/fixtures/{id}`.
    func removeRuntimeFixtureResponse(id: String) -> MockResponse {
        guard let removed = runtimeFixtures.remove(id: id, afterwards: { forgetUnnamedScenarios(store: store, runtime: $0) }) else {
            return unknownRuntimeFixture(id)
        }
        return adminAnswer("removed runtime fixture \(id)", [
            ("status", .string("removed")),
            ("id", .string(removed.id)),
            ("path", .string(removed.path)),
        ])
    }

    /// `DELETE /__admin/fixtures`.
    func removeAllRuntimeFixturesResponse() -> MockResponse {
        let removed = runtimeFixtures.removeAll { forgetUnnamedScenarios(store: store, runtime: []) }
        return adminAnswer("removed \(removed) runtime fixtures", [
            ("status", .string("removed")),
            ("removed", .number(JSONNumber(removed))),
        ])
    }

    private func unknownRuntimeFixture(_ id: String) -> MockResponse {
        let ids = runtimeFixtures.snapshot.all.map(\.id)
        let known = ids.isEmpty ? "there are no runtime fixtures" : "the runtime fixtures are " + ids.joined(separator: ", ")
        return diagnosticResponse(status: 404, outcome: .admin("no runtime fixture \(id)"), [
            ("error", .string("no runtime fixture has the id \(JSONValue.excerpt(.string(id))); \(known)")),
            ("hint", .string("use an id that POST /__admin/fixtures answered with (GET /__admin/fixtures lists them); POST /__admin/reset removes them all")),
        ])
    }
}

extension RuntimeFixture {
    /// `entries` is always the array posted; a handler has none, and says what it is.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id)), ("path", .string(path)), ("entries", source)]
        if handler != nil {
            members.append(("handler", .string("Swift code in the test process answers, one entry per request")))
            members.append(("priority", .number(JSONNumber(uniformPriority))))
        }
        return .makeObject(members)
    }
}
