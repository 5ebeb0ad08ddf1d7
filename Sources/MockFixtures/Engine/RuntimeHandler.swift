/// A request as a runtime handler sees it: what Swift code in the test's process needs to
/// compute an answer (``MockEngine/addHandler(path:priority:_:)``).
package struct HandlerRequest: Sendable {
    package let method: String
    /// Percent-decoded, without the query.
    package let path: String
    /// Each parameter decoded, in the order sent.
    package let query: [(name: String, value: String)]
    /// As received, in order.
    package let headers: [HTTPHeader]
    package let body: [UInt8]
    /// The values of the path's `{name}` segments.
    package let pathParameters: [(name: String, value: String)]
}

/// What a runtime handler answers a request with.
package enum HandlerReply: Sendable {
    /// Nothing: what comes after the handler answers.
    case pass
    /// The JSON of one fixture entry (a `FixtureEntry` encoded).
    case entry([UInt8])
    /// The handler's answer could not be made (its value did not encode): a 500 saying so.
    case failed(String)
}

/// Swift code in the test's process that answers the requests to a runtime fixture's path (an
/// OHHTTPStubs-style stub). Called on the thread serving the request, so it must not wait for
/// that thread.
package typealias RuntimeHandler = @Sendable (HandlerRequest) -> HandlerReply

extension MockEngine {
    /// Keys that select requests or count answers: a handler's entry answers the request it was
    /// given, so they mean nothing there.
    static let handlerRefusedKeys = FixtureFileCompiler.constraintKeys.union(["times", "priority", "scenario", "state", "newState"])

    /// Adds a runtime fixture whose one entry `handler` makes per request, tried at `priority`
    /// like any entry; returns its id (`fixture-N`), removed like any runtime fixture (and by
    /// reset). In-process only: the closure runs in the test's process.
    package func addHandler(path: String, priority: Int, _ handler: @escaping RuntimeHandler) -> Result<String, PatternError> {
        guard options.acceptsRuntimeFixtures else {
            return .failure(PatternError("this mock forwards every request to record it, so a handler would answer in the API's place and nothing would be recorded",
                                         hint: "add handlers to a mock that serves fixtures"))
        }
        guard (1...EntryPriority.maximum).contains(priority) else {
            return .failure(PatternError("priority \(priority) is out of range", hint: "use a whole number from 1 (tried first) to \(EntryPriority.maximum); entries without one rank 5"))
        }
        let template: PathTemplate
        switch Self.runtimeTemplate(path) {
        case .success(let made): template = made
        case .failure(let problem): return .failure(problem)
        }
        let fixture = runtimeFixtures.add { id in
            RuntimeFixture(id: id, path: path, template: template, handler: handler, priority: priority)
        }
        return .success(fixture.id)
    }

    /// What a handler did with a request.
    enum HandlerOutcome {
        /// It returned nil: what comes after it answers.
        case passed
        case entry(FixtureEntry)
        /// It returned an entry that cannot be used: a 500 saying why.
        case failed(MockResponse)
    }

    /// Calls the handler of `fixture` for `request` and compiles what it returns.
    func handled(by handler: RuntimeHandler, fixture: RuntimeFixture, _ request: inout IncomingRequest) -> HandlerOutcome {
        let query = request.query().parameters.map { (name: $0.name, value: $0.value) }
        let seen = HandlerRequest(method: request.method, path: String(request.target.path), query: query, headers: request.headers.headerFields(),
                                  body: request.body, pathParameters: request.pathParameters.pairs)
        let bytes: [UInt8]
        var problems: [String] = []
        // Marked, so that the handler's own calls into the engine (a nested respond, a reset)
        // are never kept waiting for the request it is answering (ResetGate).
        let reply = ResetGate.insideHandler { handler(seen) }
        switch reply {
        case .pass: return .passed
        case .entry(let json): bytes = json
        case .failed(let reason):
            bytes = []
            problems.append(reason)
        }
        // Parsed once: its keys are checked, then the same nodes compiled.
        var output = FixtureFileCompiler.Output()
        if problems.isEmpty, let document = try? JSONParser.parse(bytes) {
            for member in document.root.value.objectMembers ?? [] where Self.handlerRefusedKeys.contains(member.key) {
                problems.append("\"\(member.key)\" has no meaning in a handler's entry: the handler has already chosen to answer this request")
            }
            let store = store
            output = FixtureFileCompiler.compile(entries: document.root, label: "", pathParameterNames: fixture.template.parameterNames,
                                                 responseFiles: ResponseFileLoader(rootPath: store.rootPath, limit: store.loadOptions.maxStaticFileBytes),
                                                 templateAll: store.loadOptions.templateAll)
        } else if problems.isEmpty {
            problems.append("its entry is not JSON")
        }
        problems += output.problems.filter { $0.severity == .error }.map(\.positionedDescription)
        guard problems.isEmpty, output.entries.count == 1, let compiled = output.entries.first else {
            let error = "the handler of runtime fixture \(fixture.id) returned an entry that cannot answer: " + (problems.first ?? "it holds \(output.entries.count) entries")
            return .failed(diagnosticResponse(status: 500, outcome: .brokenFixture(file: "runtime fixture \(fixture.id)"), [
                ("error", .string(error)),
                ("hint", .string("return one FixtureEntry with the answer's keys only (status, response, headers, delay, fault, …), or nil to pass")),
                ("problems", .makeArray(problems.map { .string($0) })),
            ]))
        }
        let response = PreparedResponse(id: -1, status: compiled.status, headers: compiled.headers, body: compiled.body)
        return .entry(FixtureEntry(compiled, response: response, isPrepared: false, usage: EntryUsage(limit: nil)))
    }
}
