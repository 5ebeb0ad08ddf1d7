extension MockEngine {
    /// `response` as answered to a request with these headers under ``MockEngineOptions/cors``:
    /// unchanged when CORS is off; with `Origin` added to its `Vary` when the request has no
    /// usable `Origin` (an empty one, or one with control characters, is not a browser's; a
    /// prepared answer stays prepared, see ``preparedAnswerHeaders(_:)``); the `204` preflight
    /// answer when the request is a preflight no fixture entry answered; else `response` with
    /// the origin allowed and its headers exposed.
    ///
    /// ``respond(method:target:headers:body:)`` applies it to every answer; a front applies it to
    /// answers it makes itself (the reload answer, a proxied answer).
    ///
    /// ```swift
    /// let answer = engine.reloadAnswer(engine.reload())
    /// let sent = engine.allowingCrossOrigin(answer, method: "POST", headers: ["Origin": "http://localhost:5173"])
    /// ```
    ///
    /// `response` is consumed, so with CORS off it is handed back without a copy.
    @inline(__always)
    public func allowingCrossOrigin<Headers: RequestHeaderLookup>(_ response: consuming MockResponse, method: String, headers: Headers) -> MockResponse {
        guard options.cors else { return response }
        return crossOriginResponse(response, method: method, headers: headers)
    }

    /// Called only with CORS on; one header lookup for requests without `Origin`.
    func crossOriginResponse(_ response: MockResponse, method: String, headers: any RequestHeaderLookup) -> MockResponse {
        guard let origin = CrossOriginHeaders.origin(in: headers) else {
            guard let varied = CrossOriginHeaders.varyingOnOrigin(response.headers) else { return response }
            // Its prepared copy says the same (preparedAnswerHeaders), so it stays prepared.
            return response.replacingHeaders(varied, keepingPreparedID: true)
        }
        if CrossOriginHeaders.isPreflight(method: method, headers: headers), !response.outcome.isFixtureEntry {
            return CrossOriginHeaders.preflight(origin: origin, headers: headers)
        }
        guard let allowed = CrossOriginHeaders.allowing(origin: origin, in: response.headers) else { return response }
        return response.replacingHeaders(allowed)
    }
}

extension MockEngine {
    /// The headers of an answer a front makes before the engine sees the request (a refusal of a
    /// malformed head, a body over the limit), with the CORS headers added when
    /// ``MockEngineOptions/cors`` is on and the request has `Origin`; never turned into a
    /// preflight answer.
    package func crossOriginHeaders<Headers: RequestHeaderLookup>(_ headers: [HTTPHeader], requestHeaders: Headers) -> [HTTPHeader] {
        guard options.cors else { return headers }
        guard let origin = CrossOriginHeaders.origin(in: requestHeaders) else { return CrossOriginHeaders.varyingOnOrigin(headers) ?? headers }
        return CrossOriginHeaders.allowing(origin: origin, in: headers) ?? headers
    }

    /// The headers a front gives its prepared copy of the store's prepared answer with
    /// `headers`: with `Origin` added to `Vary` under ``MockEngineOptions/cors``, as
    /// ``allowingCrossOrigin(_:method:headers:)`` adds it for requests without `Origin`, which
    /// keeps such an answer prepared. Requests with `Origin` get a copy made for them.
    ///
    /// ```swift
    /// let sent = store.preparedResponses.map { engine.preparedAnswerHeaders($0.headers) }
    /// ```
    /// ``MockEngineOptions/answerHeaders`` are added first, as ``respond(method:target:headers:body:)`` adds them.
    package func preparedAnswerHeaders(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        varyingOnOriginUnderCORS(withAnswerHeaders(headers))
    }

    /// The headers a front gives its copy of `response`, one of `store`'s prepared answers
    /// (``preparedAnswerHeaders(_:)``): the health answer, an admin one, gets no
    /// ``MockEngineOptions/answerHeaders`` (audit R21), as no admin answer does.
    package func preparedAnswerHeaders(of response: PreparedResponse, in store: FixtureStore) -> [HTTPHeader] {
        guard response.id == store.healthPreparedID else { return preparedAnswerHeaders(response.headers) }
        return varyingOnOriginUnderCORS(response.headers)
    }

    /// `headers` with `Origin` in their `Vary` under ``MockEngineOptions/cors``, as
    /// ``allowingCrossOrigin(_:method:headers:)`` sends an answer to a request without `Origin`.
    private func varyingOnOriginUnderCORS(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        options.cors ? CrossOriginHeaders.varyingOnOrigin(headers) ?? headers : headers
    }

    /// `headers` with each of ``MockEngineOptions/answerHeaders`` whose name they lack (any case).
    func withAnswerHeaders(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        let added = options.answerHeaders.filter { extra in !headers.contains { equalsIgnoringASCIICase($0.name, extra.name) } }
        return added.isEmpty ? headers : headers + added
    }

    /// `response` without the headers ``allowingCrossOrigin(_:method:headers:)`` adds
    /// (`Access-Control-*`, `Vary: Origin`): for a front that cannot send them all (the echoed
    /// `Origin` too long for the room it has).
    package func withoutCrossOriginHeaders(_ response: MockResponse) -> MockResponse {
        response.replacingHeaders(response.headers.filter { header in
            !header.name.lowercased().hasPrefix("access-control-")
                && !(equalsIgnoringASCIICase(header.name, CrossOriginHeaders.vary) && header.value == "Origin")
        })
    }
}

extension MatchOutcome {
    /// Answered by a fixture entry (from a file or added at runtime), also one producing a fault
    /// or forwarding to an API (whose answer to a preflight is the API's).
    var isFixtureEntry: Bool {
        switch self {
        case .matched, .matchedRuntime: true
        case .fault(_, let entry), .forwardRequested(_, let entry), .forwarded(_, let entry): entry.isFixtureEntry
        default: false
        }
    }
}
