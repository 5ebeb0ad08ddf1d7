/// The 404 answers that explain why nothing was served. They are built per request, only on
/// misses, and pretty-printed because people read them in a terminal.
extension MockEngine {
    static let jsonHeaders = [HTTPHeader(name: "Content-Type", value: MediaType.json)]

    func diagnosticResponse(status: Int, outcome: MatchOutcome, headers: [HTTPHeader] = MockEngine.jsonHeaders, _ fields: [(String, JSONValue)]) -> MockResponse {
        MockResponse(status: status, headers: headers, body: JSONValue.makeObject(fields).prettyPrintedBytes(),
                     delayMilliseconds: 0, preparedID: nil, outcome: outcome)
    }

    func rejectedPathResponse(method: String, target: String, rejection: PathRejection) -> MockResponse {
        let shownTarget = Self.shown(target)
        if method == "CONNECT" {
            // A client told to use the server as its proxy (HTTPS_PROXY=…) asks for a tunnel.
            let error = "CONNECT \(shownTarget) asks for a tunnel, as to a proxy; mockserver is not a forward proxy"
            return diagnosticResponse(status: 501, outcome: .rejectedPath(reason: error), [
                ("error", .string(error)),
                ("hint", .string("point the client's base URL at the server (e.g. http://127.0.0.1:8080) instead of setting it as the client's proxy; to pass unmatched requests on to a real API, start it with --proxy-unmatched URL")),
                ("method", .string(method)),
                ("target", .string(shownTarget)),
            ])
        }
        return diagnosticResponse(status: rejection.status, outcome: .rejectedPath(reason: "\(rejection.description); \(rejection.hint)"), [
            ("error", .string("rejected request target: \(rejection.description)")),
            ("hint", .string(rejection.hint)),
            ("method", .string(method)),
            ("target", .string(shownTarget)),
        ])
    }

    /// A target, path or name as an explanation quotes it: at most 200 characters, then "…".
    static func shown(_ text: some StringProtocol) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : String(text)
    }

    /// `400` for a method that is not a token (`G@T`): no fixture could name it (RFC 9110 §9.1).
    func invalidMethodResponse(method: String, target: String) -> MockResponse {
        let shownMethod = JSONValue.excerpt(.string(method))
        let error = "the method \(shownMethod) is not a valid method name: letters, digits and !#$%&'*+-.^_`|~ only (RFC 9110 §9.1)"
        return diagnosticResponse(status: 400, outcome: .rejectedPath(reason: error), [
            ("error", .string(error)),
            ("hint", .string("send a method such as GET, POST or PATCH, as the fixture entry names it")),
            ("method", .string(method)),
            ("target", .string(Self.shown(target))),
        ])
    }

    /// `OPTIONS *`: a question about the server in general, "only useful as a ping" (RFC 9110
    /// §9.3.7), answered `200` with the methods fixtures can answer and no content; journaled as
    /// `health`.
    func serverOptionsResponse() -> MockResponse {
        MockResponse(status: 200, headers: [HTTPHeader(name: "Allow", value: CrossOriginHeaders.commonMethods.joined(separator: ", "))],
                     body: [], delayMilliseconds: 0, preparedID: nil, outcome: .health)
    }

    func notFoundResponse(_ request: inout IncomingRequest, store: FixtureStore) -> MockResponse {
        let key = request.target.lookupKey
        let lookedFor = Self.filesThatWouldServe(key)
            + store.templatedRoutes.routesConsidered(for: key, limit: Self.consideredTemplateLimit).map(\.file).sorted()
        let similar = store.pathIndex.similarPaths(to: key)
        let path = String(request.target.path)
        var summary = "no fixture file serves \(request.method) \(path) (looked for \(lookedFor.joined(separator: ", ")))"
        if let closest = similar.first { summary += "; did you mean \(closest)?" }
        var members: [(String, JSONValue)] = [
            ("error", .string("no fixture file serves \(request.methodNamedInBodies) \(path)")),
            ("method", .string(request.methodNamedInBodies)),
            ("path", .string(path)),
            ("lookedFor", .makeArray(lookedFor.map { .string($0) })),
            ("similarPaths", .makeArray(similar.map { .string($0) })),
        ]
        // The files looked for cannot exist as far as the loader is concerned: say so, rather
        // than leave a test author staring at a file that is there.
        if let hidden = HiddenName.firstHiddenSegment(of: key) {
            let hint = "'\(hidden)' starts with '.', and hidden files and folders are never loaded (only \(HiddenName.wellKnown) is): rename it"
            summary += "; \(hint)"
            members.append(("hint", .string(hint)))
        }
        return diagnosticResponse(status: 404, outcome: .noMatch(summary: summary), members)
    }

    /// At most this many templated files are listed in "looked for".
    static let consideredTemplateLimit = 10

    /// The files, relative to the root, that would serve `key` literally.
    static func filesThatWouldServe(_ key: Substring) -> [String] {
        if key.isEmpty { return ["index.json"] }
        var files = ["\(key).json", "\(key)/index.json"]
        if let lastSegment = key.split(separator: "/").last, lastSegment.contains(".") {
            files.insert(String(key), at: 0)
        }
        return files
    }

    /// Why no entry of the runtime fixtures for the path (most specific, then newest first) nor
    /// of its file matched. `request.pathParameters` are those of `file`'s path.
    /// `staticFileAfter`: for a static file less specific than `file`, how many of `fallbacks`
    /// were tried before it.
    func noMatchResponse(runtime: [RuntimeFixtureMatch], file: FixtureFile?, fallbacks: [(file: FixtureFile, parameters: PathParameters)] = [],
                         staticFile: String? = nil, staticFileAfter: Int? = nil, _ request: inout IncomingRequest) -> MockResponse {
        let response = noMatchResponseNamingTheMethod(runtime: runtime, file: file, fallbacks: fallbacks, staticFile: staticFile,
                                                      staticFileAfter: staticFileAfter, &request)
        guard request.isHead else { return response }
        // The body names the method and the reasons ("request is HEAD"); a HEAD answer states
        // the length of GET's body. Only HEAD misses pay for the second explanation.
        var get = request.asGET()
        return response.stating(bodyLength: noMatchResponseNamingTheMethod(runtime: runtime, file: file, fallbacks: fallbacks, staticFile: staticFile,
                                                                           staticFileAfter: staticFileAfter, &get).body.count)
    }

    /// `staticFile`: the static file at the path, which answered neither (another method, a
    /// trailing slash) before the templated files were tried.
    private func noMatchResponseNamingTheMethod(runtime: [RuntimeFixtureMatch], file: FixtureFile?, fallbacks: [(file: FixtureFile, parameters: PathParameters)],
                                                staticFile: String?, staticFileAfter: Int?, _ request: inout IncomingRequest) -> MockResponse {
        struct Candidate {
            let entry: FixtureEntry
            let fixtureID: String?
            /// The less specific file it belongs to, tried after the most specific one.
            var fallbackFile: String? = nil
            let parameters: PathParameters
            let reasons: [String]
            /// 0 when the entry's method accepts the request, 1 when it is the request's method in
            /// another case (`get` for `GET`, the likelier mistake), 2 otherwise.
            let methodDistance: Int
        }
        let fileParameters = request.pathParameters
        var candidates: [Candidate] = []
        func consider(_ entries: [FixtureEntry], fixtureID: String?, fallbackFile: String? = nil, parameters: PathParameters) {
            request.pathParameters = parameters
            for entry in entries {
                candidates.append(Candidate(entry: entry, fixtureID: fixtureID, fallbackFile: fallbackFile, parameters: parameters,
                                            reasons: EntryMatcher.reasons(entry, &request, scenarios: scenarios),
                                            methodDistance: request.accepts(entryMethod: entry.method) ? 0
                                                : request.methodInAnotherCase(acceptedBy: entry.method) != nil ? 1 : 2))
            }
        }
        for match in runtime {
            consider(match.fixture.entries, fixtureID: match.fixture.id, parameters: match.parameters)
        }
        consider(file?.entries ?? [], fixtureID: nil, parameters: fileParameters)
        for fallback in fallbacks {
            consider(fallback.file.entries, fixtureID: nil, fallbackFile: fallback.file.relativePath, parameters: fallback.parameters)
        }
        request.pathParameters = fileParameters
        let path = String(request.target.path)
        var sources = runtime.map { "runtime fixture \($0.fixture.id)" }
        var staticSource: String?
        if let staticFile {
            var source = "the static file \(staticFile), which answers " + (request.target.hasTrailingSlash ? "its path without a trailing slash" : "GET and HEAD only")
            if let method = request.methodInAnotherCase(among: ["GET", "HEAD"]) {
                source += " (methods are case-sensitive: send \(method), not \(request.method))"
            }
            staticSource = source
        }
        // A static file is the most specific route when there is no fixture file; else it is one
        // of the less specific files, named where it was tried.
        if file == nil, let staticSource { sources.append(staticSource) }
        if let file { sources.append(file.relativePath) }
        let before = file == nil ? fallbacks.count : min(staticFileAfter ?? fallbacks.count, fallbacks.count)
        sources.append(contentsOf: fallbacks.prefix(before).map(\.file.relativePath))
        if file != nil, let staticSource { sources.append(staticSource) }
        sources.append(contentsOf: fallbacks.dropFirst(before).map(\.file.relativePath))
        let error = runtime.isEmpty && file != nil && fallbacks.isEmpty && staticFile == nil
            ? "no entry in \(file!.relativePath) matches \(request.method) \(path)"
            : "no entry matches \(request.method) \(path) (tried \(sources.joined(separator: ", ")))"
        var summary = error
        // Nearest first: the method accepted, then the fewest reasons, then the earliest.
        let ranked = candidates.indices.sorted { lhs, rhs in
            (candidates[lhs].methodDistance, candidates[lhs].reasons.count, lhs) < (candidates[rhs].methodDistance, candidates[rhs].reasons.count, rhs)
        }
        let closest = ranked.first.map { candidates[$0] }
        if let closest {
            let name = closest.fixtureID.map { "runtime fixture \($0) entry \(closest.entry.index)" }
                ?? closest.fallbackFile.map { "entry \(closest.entry.index) of \($0) (line \(closest.entry.position.line))" }
                ?? "entry \(closest.entry.index) (line \(closest.entry.position.line))"
            summary += "; closest is \(name): " + closest.reasons.joined(separator: "; ")
        } else {
            summary += "; there are no entries"
        }
        var fields: [(String, JSONValue)] = [
            ("error", .string(error)),
            ("method", .string(request.method)),
            ("path", .string(path)),
        ]
        if let file { fields.append(("fixtureFile", .string(file.relativePath))) }
        if let staticFile { fields.append(("staticFile", .string(staticFile))) }
        if !fileParameters.isEmpty { fields.append(("pathParameters", fileParameters.json)) }
        if !runtime.isEmpty { fields.append(("runtimeFixtures", .makeArray(runtime.map { .string($0.fixture.id) }))) }
        // The nearest few, in file order: a file of 20,000 entries would otherwise answer every
        // miss with megabytes of reasons.
        let shown = ranked.prefix(Self.candidateLimit).sorted().map { candidates[$0] }
        fields.append(("candidates", .makeArray(shown.map { candidate in
            var members: [(String, JSONValue)] = []
            if let id = candidate.fixtureID {
                members.append(("runtimeFixture", .string(id)))
                if !candidate.parameters.isEmpty { members.append(("pathParameters", candidate.parameters.json)) }
            } else if let fallbackFile = candidate.fallbackFile {
                members.append(("fixtureFile", .string(fallbackFile)))
                if !candidate.parameters.isEmpty { members.append(("pathParameters", candidate.parameters.json)) }
            }
            members.append(contentsOf: [
                ("entry", .number(JSONNumber(candidate.entry.index))),
                ("line", .number(JSONNumber(candidate.entry.position.line))),
                ("method", .string(candidate.entry.method)),
                ("reasons", .makeArray(candidate.reasons.map { .string($0) })),
            ])
            return .makeObject(members)
        })))
        if candidates.count > shown.count {
            fields.append(("candidatesOmitted", .number(JSONNumber(candidates.count - shown.count))))
        }
        // What the path takes, as the static file's own 405 said (RFC 9110 §10.2.1 allows Allow on
        // any answer): GET and HEAD, and the methods of the files' entries (audit H3 saw PUT
        // answered where Allow said GET, HEAD); none when an ANY entry makes the list endless.
        var headers = Self.jsonHeaders
        if staticFile != nil, !request.target.hasTrailingSlash {
            let entryMethods = (runtime.flatMap(\.fixture.entries) + (file?.entries ?? []) + fallbacks.flatMap(\.file.entries)).map(\.method)
            // A handler may answer any method, as an ANY entry does.
            if !entryMethods.contains(IncomingRequest.anyMethod), !runtime.contains(where: { $0.fixture.handler != nil }) {
                var allowed = ["GET", "HEAD"]
                for method in entryMethods where !allowed.contains(method) { allowed.append(method) }
                headers.append(HTTPHeader(name: "Allow", value: allowed.joined(separator: ", ")))
            }
        }
        return diagnosticResponse(status: 404, outcome: .noMatch(summary: summary), headers: headers, fields)
    }

    /// At most this many entries are explained in a 404 (the nearest ones).
    static let candidateLimit = 25

    func staticMethodResponse(_ file: String, _ request: inout IncomingRequest) -> MockResponse {
        let path = String(request.target.path)
        var error = "static files answer GET and HEAD only; \(request.method) \(path) is not served"
        var hint = "request it with GET or HEAD; to answer \(request.method), serve the path from a fixture file with a \"\(request.method)\" entry instead"
        if let method = request.methodInAnotherCase(among: ["GET", "HEAD"]) {
            error += " (methods are case-sensitive)"
            hint = "send \(method), not \(request.method)"
        }
        // The file exists, only not for this method: 405 with what it allows (RFC 9110 §15.5.6).
        return diagnosticResponse(status: 405, outcome: .noMatch(summary: error),
                                  headers: Self.jsonHeaders + [HTTPHeader(name: "Allow", value: "GET, HEAD")], [
            ("error", .string(error)),
            ("hint", .string(hint)),
            ("method", .string(request.method)),
            ("path", .string(path)),
            ("staticFile", .string(file)),
        ])
    }
}
