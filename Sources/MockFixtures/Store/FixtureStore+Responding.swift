extension FixtureStore {
    /// Answers one request. `target` is the raw request target: percent-encoded path plus optional `?query`.
    ///
    /// The common case (a file with one wildcard entry) is a target scan, one dictionary lookup and
    /// a method comparison; the answer reuses the prepared response's storage.
    ///
    /// ```swift
    /// let response = store.respond(method: "POST", target: "/api/1.0/people/",
    ///                              headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Rey"}"#.utf8))
    /// response.status    // 201
    /// response.outcome   // .matched(file: "api/1.0/people.json", entry: 3)
    /// ```
    public func respond<Headers: RequestHeaderLookup>(method: String, target: String, headers: Headers, body: [UInt8]) -> MockResponse {
        respond(method: method, target: target, headerLookup: headers, body: body)
    }

    /// The non-generic body of `respond`: called from another module, a generic body would run
    /// unspecialised, with a runtime type lookup in every helper (measured: half the hot path).
    private func respond(method: String, target: String, headerLookup headers: any RequestHeaderLookup, body: [UInt8]) -> MockResponse {
        let parsedTarget: RequestTarget
        switch RequestTarget.parse(target) {
        case .success(let parsed):
            parsedTarget = parsed
        case .failure(let rejection):
            return rejectedPathResponse(method: method, target: target, rejection: rejection)
        }
        var request = IncomingRequest(method: method, target: parsedTarget, headers: headers, body: body)
        if Self.isAdminKey(parsedTarget.lookupKey) {
            return adminResponse(&request)
        }
        guard let route = routes[parsedTarget.lookupKey] else {
            return notFoundResponse(&request)
        }
        switch route {
        case .fixture(let file):
            guard let entry = EntryMatcher.select(from: file.entries, for: &request) else {
                return noMatchResponse(file, &request)
            }
            return prepared(entry.preparedID, delay: entry.delayMilliseconds, outcome: .matched(file: file.relativePath, entry: entry.index))
        case .broken(let file, let preparedID):
            return prepared(preparedID, delay: 0, outcome: .brokenFixture(file: file))
        case .staticFile(let file, let preparedID):
            guard !parsedTarget.hasTrailingSlash else {
                return notFoundResponse(&request)
            }
            guard request.isGetOrHead else {
                return staticMethodResponse(file, &request)
            }
            return prepared(preparedID, delay: 0, outcome: .staticFile(file))
        }
    }

    private func prepared(_ id: Int, delay: Int, outcome: MatchOutcome) -> MockResponse {
        let response = preparedResponses[id]
        return MockResponse(status: response.status, headers: response.headers, body: response.body,
                            delayMilliseconds: delay, preparedID: id, outcome: outcome)
    }

    static func isAdminKey(_ key: Substring) -> Bool {
        let prefix = "__admin".utf8
        let utf8 = key.utf8
        guard utf8.starts(with: prefix) else { return false }
        let rest = utf8.dropFirst(prefix.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }

    private func adminResponse(_ request: inout IncomingRequest) -> MockResponse {
        switch request.target.lookupKey {
        case "__admin/health" where request.isGetOrHead:
            return prepared(healthPreparedID, delay: 0, outcome: .health)
        case "__admin/reset" where equalsIgnoringASCIICase(request.method, "POST"):
            // Never a prepared answer alone: the reset is the point, and it happens here on every call.
            let count = resetCounters()
            return MockResponse(
                status: 200, headers: Self.diagnosticHeaders,
                body: JSONValue.makeObject([("status", .string("reset")), ("counters", .number(JSONNumber(count)))]).serializedBytes(),
                outcome: .countersReset(count))
        case "__admin/reset":
            let error = "/__admin/reset answers POST only, \(request.method) is not allowed; send POST /__admin/reset to reset the \"times\" counters"
            return diagnosticResponse(status: 404, outcome: .noMatch(summary: error), [
                ("error", .string(error)),
                ("method", .string(request.method)),
                ("path", .string(String(request.target.path))),
            ])
        default:
            break
        }
        let error = "no admin endpoint answers \(request.method) \(request.target.path); the server has GET /__admin/health, POST /__admin/reset and (mockserver only) POST /__admin/reload"
        return diagnosticResponse(status: 404, outcome: .noMatch(summary: error), [
            ("error", .string(error)),
            ("method", .string(request.method)),
            ("path", .string(String(request.target.path))),
        ])
    }
}
