/// The admin API under `/__admin/`, routed once from the decoded request path (so
/// `/__admin/%72eload` is `/__admin/reload`). Admin requests are never journaled.
extension MockEngine {
    /// Every admin endpoint, for the 404 of an unknown one and for `--help`.
    public static let adminEndpoints = [
        "GET /__admin/health",
        "POST /__admin/reset",
        "POST /__admin/reload",
        "GET /__admin/requests[?unmatched=true]",
        "DELETE /__admin/requests",
        "POST /__admin/requests/find",
        "POST /__admin/requests/count",
        "GET /__admin/fixtures",
        "POST /__admin/fixtures",
        "DELETE /__admin/fixtures",
        "GET /__admin/fixtures/unused",
        "GET /__admin/fixtures/{id}",
        "PUT /__admin/fixtures/{id}",
        "DELETE /__admin/fixtures/{id}",
        "GET /__admin/resources",
        "POST /__admin/resources",
        "DELETE /__admin/resources",
        "GET /__admin/resources/{id}",
        "DELETE /__admin/resources/{id}",
        "GET /__admin/webhooks",
        "DELETE /__admin/webhooks",
        "GET /__admin/settings",
        "PUT /__admin/settings",
        "GET /__admin/scenarios",
        "GET /__admin/scenarios/{name}",
        "PUT /__admin/scenarios/{name}",
    ]

    func adminResponse(_ request: inout IncomingRequest, store: FixtureStore) -> MockResponse {
        let segments = request.target.lookupKey.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch segments.count {
        case 1:
            switch segments[0] {
            case "health":
                // Any query is ignored: a probe may add a cache-buster.
                return allow(["GET", "HEAD"], takesQuery: true, &request) { _ in prepared(store.healthPreparedID, in: store, outcome: .health) }
            case "reset":
                return allow(["POST"], &request) { request in refusingBody(request) ?? resetResponse() }
            case "reload":
                return allow(["POST"], &request) { request in
                    refusingBody(request) ?? diagnosticResponse(status: 501, outcome: .reloadRequested, [
                        ("status", .string("failed")),
                        ("error", .string("this front cannot reload fixtures")),
                        ("hint", .string("load the store again and call MockEngine.replaceStore(_:)")),
                    ])
                }
            case "requests":
                // The journal reads its own parameters (and refuses unknown ones with a suggestion).
                return allow(["GET", "HEAD", "DELETE"], takesQuery: request.isGetOrHead, &request) { request in
                    request.isGetOrHead ? journalResponse(&request) : refusingBody(request) ?? clearJournalResponse(request)
                }
            case "fixtures":
                return allow(["GET", "HEAD", "POST", "DELETE"], &request) { request in
                    if request.isGetOrHead { return runtimeFixtureListResponse() }
                    if request.method == "POST" { return addRuntimeFixtureResponse(&request, store: store) }
                    return refusingBody(request) ?? removeAllRuntimeFixturesResponse()
                }
            case "resources":
                return allow(["GET", "HEAD", "POST", "DELETE"], &request) { request in
                    if request.isGetOrHead { return resourceListResponse() }
                    if request.method == "POST" { return addResourceResponse(&request) }
                    return refusingBody(request) ?? removeAllResourcesResponse()
                }
            case "scenarios":
                return allow(["GET", "HEAD"], &request) { _ in scenarioListResponse(store: store) }
            case "webhooks":
                return allow(["GET", "HEAD", "DELETE"], &request) { request in
                    request.isGetOrHead ? webhookListResponse() : refusingBody(request) ?? clearWebhooksResponse()
                }
            case "settings":
                return allow(["GET", "HEAD", "PUT"], &request) { request in
                    request.isGetOrHead ? settingsResponse() : setSettingsResponse(&request)
                }
            default:
                break
            }
        case 2:
            switch (segments[0], segments[1]) {
            case ("requests", "find"):
                return allow(["POST"], &request) { request in verificationResponse(&request, counting: false) }
            case ("requests", "count"):
                return allow(["POST"], &request) { request in verificationResponse(&request, counting: true) }
            case ("fixtures", "unused"):
                return allow(["GET", "HEAD"], &request) { _ in unusedEntriesResponse(store: store) }
            case ("fixtures", let id):
                return allow(["GET", "HEAD", "PUT", "DELETE"], &request) { request in
                    if request.isGetOrHead { return runtimeFixtureResponse(id: id) }
                    if request.method == "PUT" { return replaceRuntimeFixtureResponse(id: id, &request, store: store) }
                    return refusingBody(request) ?? removeRuntimeFixtureResponse(id: id)
                }
            case ("resources", let id):
                return allow(["GET", "HEAD", "DELETE"], &request) { request in
                    request.isGetOrHead ? resourceResponse(id: id) : refusingBody(request) ?? removeResourceResponse(id: id)
                }
            case ("scenarios", let name):
                return allow(["GET", "HEAD", "PUT"], &request) { request in
                    request.isGetOrHead ? scenarioResponse(name: name, store: store) : setScenarioResponse(name: name, &request, store: store)
                }
            default:
                break
            }
        default:
            break
        }
        let error = "no admin endpoint answers \(request.methodNamedInBodies) \(request.target.path)"
        return diagnosticResponse(status: 404, outcome: .admin("unknown admin endpoint"), [
            ("error", .string(error)),
            ("hint", .string("use one of the endpoints below; paths under /__admin/ are the server's own, so no fixture answers them")),
            ("method", .string(request.methodNamedInBodies)),
            ("path", .string(String(request.target.path))),
            ("endpoints", .makeArray(Self.adminEndpoints.map { .string($0) })),
        ])
    }

    /// Runs `handler` when the request's method is one of `methods`, else answers 405 with `Allow`;
    /// unless the endpoint `takesQuery`, a query parameter is a 400 rather than ignored without a word.
    private func allow(_ methods: [String], takesQuery: Bool = false, _ request: inout IncomingRequest,
                       _ handler: (inout IncomingRequest) -> MockResponse) -> MockResponse {
        guard methods.contains(request.method) else {
            let shown = methods.filter { $0 != "HEAD" }
            // Shortened as ids are in the 404s: a 5,000-byte path made a 20 KB 405 (audit F3).
            let path = Self.shown(request.target.path)
            var error = "\(path) answers \(Self.listed(shown)) only, \(request.methodNamedInBodies) is not allowed"
            if request.methodInAnotherCase(among: methods) != nil {
                error += " (methods are case-sensitive)"
            }
            let hint = "send " + shown.map { "\($0) \(path)" }.joined(separator: " or ")
            return diagnosticResponse(status: 405, outcome: .admin(error + "; " + hint),
                                      headers: Self.jsonHeaders + [HTTPHeader(name: "Allow", value: methods.joined(separator: ", "))], [
                ("error", .string(error)),
                ("hint", .string(hint)),
                ("method", .string(request.methodNamedInBodies)),
                ("path", .string(path)),
            ])
        }
        if !takesQuery, let parameter = request.query().parameters.first {
            let path = String(request.target.path)
            return badAdminRequest(request, "the query parameter \(EntryMatcher.quoted(parameter.name)) is not understood: \(request.methodNamedInBodies) \(path) takes none",
                                   hint: "send \(request.methodNamedInBodies) \(path) without a query")
        }
        return handler(&request)
    }

    /// The 400 for a body sent to a call that takes none (`POST /__admin/reset` with a pattern
    /// meant for `/__admin/requests/count`, say), or `nil`: an empty body, or an empty JSON
    /// object or `null` (some clients always send `{}`), which asks for nothing.
    private func refusingBody(_ request: IncomingRequest) -> MockResponse? {
        // JSON's whitespace (RFC 8259 §2) alone asks for nothing either.
        guard request.body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        if let parsed = try? JSONParser.parse(request.body).root.value {
            switch parsed {
            case .null: return nil
            case .object(let members) where members.isEmpty: return nil
            default: break
            }
        }
        let path = String(request.target.path)
        return badAdminRequest(request, "\(request.methodNamedInBodies) \(path) takes no body, and this one has \(request.body.count) byte\(request.body.count == 1 ? "" : "s")",
                               hint: "send it without a body (an empty JSON object {} is accepted too); to act on some requests or fixtures only, see the endpoints that take a pattern or an id")
    }

    /// `["GET", "POST", "DELETE"]` as "GET, POST and DELETE".
    static func listed(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A small JSON answer to an admin call (compact when it is a list people will not read raw).
    func adminAnswer(status: Int = 200, _ description: String, _ fields: [(String, JSONValue)]) -> MockResponse {
        diagnosticResponse(status: status, outcome: .admin(description), fields)
    }

    /// A 400 naming what is wrong with an admin call (`error`) and what to send instead (`hint`).
    func badAdminRequest(_ request: IncomingRequest, _ error: String, hint: String, problems: [String] = [], warnings: [String] = []) -> MockResponse {
        var fields: [(String, JSONValue)] = [("error", .string(error)), ("hint", .string(hint))]
        if !problems.isEmpty { fields.append(("problems", .makeArray(problems.map { .string($0) }))) }
        if !warnings.isEmpty { fields.append(("warnings", .makeArray(warnings.map { .string($0) }))) }
        return diagnosticResponse(status: 400, outcome: .admin("bad request: \(error); \(hint)"), fields)
    }

    /// The admin call's body as JSON, or the 400 that says why it is not.
    func jsonBody(of request: IncomingRequest, expecting example: String) -> Result<JSONDocument, MockResponseBox> {
        guard !request.body.isEmpty else {
            return .failure(MockResponseBox(badAdminRequest(request, "\(request.method) \(request.target.path) needs a JSON body", hint: "send one such as \(example)")))
        }
        do {
            return .success(try JSONParser.parse(request.body))
        } catch {
            return .failure(MockResponseBox(badAdminRequest(request, "the body is not valid JSON: \(error.position): \(error.message)", hint: "send a JSON body such as \(example)")))
        }
    }

    /// `POST /__admin/reload`'s answer for a finished reload, the same from every front.
    ///
    /// ```swift
    /// let answer = engine.reloadAnswer(engine.reload())   // 200 {"status":"reloaded","fixtures":12,…}
    /// ```
    public func reloadAnswer(_ result: Result<FixtureStore, FixtureRootError>) -> MockResponse {
        switch result {
        case .success(let store):
            var fields: [(String, JSONValue)] = [
                ("status", .string("reloaded")),
                ("fixtures", .number(JSONNumber(store.fixtureFileCount))),
                ("entries", .number(JSONNumber(store.entryCount))),
                ("staticFiles", .number(JSONNumber(store.staticFileCount))),
                ("problems", .makeArray(store.problems.map { .string($0.description) })),
            ]
            // A declaration a posted resource keeps out is said, not dropped without a word.
            let warnings = declaredResourceWarnings
            if !warnings.isEmpty {
                fields.append(("warnings", .makeArray(warnings.map { .string($0) })))
            }
            return diagnosticResponse(status: 200, outcome: .admin("reloaded: \(store.counts)"), fields)
        case .failure(let error):
            return reloadFailureAnswer(error.description)
        }
    }

    /// A sentence for each declared resource the last start, reload or reset left out, because
    /// a resource posted by a test holds its path.
    public var declaredResourceWarnings: [String] {
        declaredResourcesLeftOut.withLock { $0 }.map { path in
            "the resource a fixture file declares at \(path) is not set up: a resource posted by a test holds that path (remove it and reset to set up the file's)"
        }
    }

    /// `POST /__admin/reload`'s answer when the reload could not happen; the old fixtures stay.
    /// 500 by default; 503 when the server is stopping.
    public func reloadFailureAnswer(_ reason: String, status: Int = 500,
                                    hint: String = "the fixtures loaded before keep serving; fix the root and POST /__admin/reload again") -> MockResponse {
        diagnosticResponse(status: status, outcome: .admin("reload failed: \(reason)"), [
            ("status", .string("failed")),
            ("error", .string(reason)),
            ("hint", .string(hint)),
        ])
    }
}

/// Carries an answer through `Result`'s failure side.
struct MockResponseBox: Error {
    let response: MockResponse
    init(_ response: MockResponse) { self.response = response }
}
