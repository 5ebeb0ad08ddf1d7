extension MockEngine {
    /// Answers one request from the current store. `target` is the raw request target:
    /// percent-encoded path plus optional `?query`.
    ///
    /// ```swift
    /// let response = engine.respond(method: "POST", target: "/api/1.0/people/",
    ///                               headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Rey"}"#.utf8))
    /// response.status    // 201
    /// response.outcome   // .matched(file: "api/1.0/people.json", entry: 3)
    /// ```
    public func respond<Headers: RequestHeaderLookup>(method: String, target: String, headers: Headers, body: [UInt8]) -> MockResponse {
        respond(method: method, target: target, headerLookup: headers, body: body, store: store)
    }

    /// Answers one request from `store`, the generation a server captured when the request
    /// began, so ``MockResponse/preparedID`` refers to that store's prepared responses even when a
    /// reload happens meanwhile.
    public func respond<Headers: RequestHeaderLookup>(method: String, target: String, headers: Headers, body: [UInt8], store: FixtureStore) -> MockResponse {
        respond(method: method, target: target, headerLookup: headers, body: body, store: store)
    }

    /// As ``respond(method:target:headers:body:store:)``, for a front whose answer head must fit
    /// in `answerHeaderBytesLimit` bytes of header lines (mockserver: what libmicrohttpd's memory
    /// per connection leaves beside the request's head): a fixture answer over it becomes a 431
    /// saying so (``fittingHeaderRoom(_:limit:status:)``), journaled as such.
    package func respond<Headers: RequestHeaderLookup>(method: String, target: String, headers: Headers, body: [UInt8], store: FixtureStore,
                                                       answerHeaderBytesLimit: Int) -> MockResponse {
        respond(method: method, target: target, headerLookup: headers, body: body, store: store, answerHeaderBytesLimit: answerHeaderBytesLimit)
    }

    /// The non-generic body of `respond`: called from another module, a generic body would run
    /// unspecialised, with a runtime type lookup in every helper (measured: half the hot path).
    ///
    /// `journalsNoMatch` false leaves a `.noMatch` answer out of the journal: a front that
    /// forwards such requests journals the forwarded exchange instead.
    func respond(method: String, target: String, headerLookup headers: any RequestHeaderLookup, body: [UInt8], store: FixtureStore,
                 journalsNoMatch: Bool = true, answerHeaderBytesLimit: Int = .max) -> MockResponse {
        let parsedTarget: RequestTarget
        switch RequestTarget.parse(target) {
        case .success(let parsed) where Self.isCommonMethod(method) || HTTPToken.isValid(method):
            parsedTarget = parsed
        case .success:
            let response = allowingCrossOrigin(invalidMethodResponse(method: method, target: target), method: method, headers: headers)
            record(method: method, target: target, headers: headers, body: body, response: response)
            return response
        case .failure(let rejection):
            let refusal = method == "OPTIONS" && target == "*"
                ? serverOptionsResponse()
                : rejectedPathResponse(method: IncomingRequest.methodNamedInBodies(method), target: target, rejection: rejection)
            let response = allowingCrossOrigin(refusal, method: method, headers: headers)
            record(method: method, target: target, headers: headers, body: body, response: response)
            return response
        }
        var request = IncomingRequest(method: method, target: parsedTarget, headers: headers, body: body)
        request.answerHeaderBytesLimit = answerHeaderBytesLimit
        if Self.isAdminKey(parsedTarget.lookupKey) {
            return allowingCrossOrigin(adminResponse(&request, store: store), method: method, headers: headers)
        }
        resetGate.enter()
        defer { resetGate.leave() }
        var response = answer(&request, store: store)
        if addsAnswerHeaders {
            // Before CORS, which merges `Origin` into an added `Vary` (audit R21: it hid one).
            // The server's prepared copies carry them too (preparedAnswerHeaders).
            response = response.replacingHeaders(withAnswerHeaders(response.headers), keepingPreparedID: true)
        }
        if options.cors {
            response = crossOriginResponse(response, method: method, headers: headers)
            if addsAnswerHeaders, case .corsPreflight = response.outcome {
                // The preflight CORS made itself gets them too (audit D4).
                response = response.replacingHeaders(withAnswerHeaders(response.headers))
            }
        }
        // After CORS, which answers a preflight itself: that answer waits too (audit R18). A
        // forward takes the API's time instead (its webhooks go out as it is forwarded; D4).
        if globalDelay.isActive, !response.outcome.isForwardRequested {
            response = response.adding(delayMilliseconds: globalDelay.pick())
        }
        if let webhooks = request.webhooks {
            sendWebhooks(webhooks, of: request, after: response)
        }
        // A prepared answer fits any room as large as the store's largest: no copy, no sum.
        if answerHeaderBytesLimit < store.largestPreparedHeaderLineBytes + preparedAnswerExtraHeaderBytes
            || (response.preparedID == nil && answerHeaderBytesLimit != .max) {
            response = fittingHeaderRoom(response, limit: answerHeaderBytesLimit)
        }
        if response.outcome.isJournaledByEngine(journalsNoMatch: journalsNoMatch) {
            record(method: method, target: target, headers: headers, body: body, response: response)
        }
        return response
    }

    private func answer(_ request: inout IncomingRequest, store: FixtureStore) -> MockResponse {
        let key = request.target.lookupKey
        let runtime = runtimeFixtures.fixtures(forKey: key)
        if runtime.isEmpty, resources.isEmpty {
            // The usual case: files alone, and no less specific file ranks above the most
            // specific one's entries (nobody wrote priorities across files), so the most specific
            // file answers what it can without looking for the others.
            guard let (route, parameters) = store.route(forKey: key) else { return notFoundResponse(&request, store: store) }
            switch route {
            case .fixture(let file) where file.outranksFallbacks:
                request.pathParameters = parameters
                if let entry = EntryMatcher.select(from: file.entries, priorityGroups: file.priorityGroups, for: &request, scenarios: scenarios) {
                    return response(entry, &request, outcome: .matched(file: file.relativePath, entry: entry.index), store: store)
                }
            case .broken(let file, let preparedID) where store.defaultOutranksFallbacks:
                return prepared(preparedID, in: store, outcome: .brokenFixture(file: file))
            case .staticFile(let file, let preparedID)
                where request.isGetOrHead && !request.target.hasTrailingSlash && store.defaultOutranksFallbacks:
                return staticFileResponse(preparedID: preparedID, file: file, request, store: store)
            default:
                break
            }
        }
        return answerByPriority(key, runtime: runtime, &request, store: store)
    }

    /// Everything serving the path, in one `priority` order (``choose(from:_:counting:)``), and
    /// the 404 saying why when nothing answers.
    private func answerByPriority(_ key: Substring, runtime: [RuntimeFixtureMatch], _ request: inout IncomingRequest, store: FixtureStore) -> MockResponse {
        let primary = store.route(forKey: key)
        let sources = answerSources(forKey: key, runtime: runtime, resource: resources.resource(forKey: key), primary: primary, store: store)
        switch choose(from: sources, &request, counting: true) {
        case .entry(let entry, let outcome)?:
            return response(entry, &request, outcome: outcome, store: store)
        case .resource(let resource, let itemID)?:
            return resourceAnswer(resource, itemID: itemID, &request)
        case .broken(let file, let preparedID)?:
            return prepared(preparedID, in: store, outcome: .brokenFixture(file: file))
        case .staticFile(let file, let preparedID)?:
            return staticFileResponse(preparedID: preparedID, file: file, request, store: store)
        case .answer(let answer)?:
            return answer
        case .unknown?, nil:
            break
        }
        // Nothing answers: the near misses of every file tried, and what a static file takes.
        request.pathParameters = primary?.parameters ?? .none
        // The less specific files tried, and the static file with where it stood among them, for
        // the 404's order.
        var fallbacks: [(file: FixtureFile, parameters: PathParameters)] = []
        var staticFile: String?
        var staticFileAfter: Int?
        for source in sources {
            switch source {
            case .file(let file, let parameters, isFallback: true):
                fallbacks.append((file, parameters))
            case .staticFile(let file, _) where staticFile == nil:
                (staticFile, staticFileAfter) = (file, fallbacks.count)
            default:
                continue
            }
        }
        switch primary?.route {
        case .fixture(let file)?:
            return noMatchResponse(runtime: runtime, file: file, fallbacks: fallbacks, staticFile: staticFile, staticFileAfter: staticFileAfter, &request)
        case .staticFile(let file, _)?:
            if !fallbacks.isEmpty { return noMatchResponse(runtime: runtime, file: nil, fallbacks: fallbacks, staticFile: file, &request) }
            if !request.target.hasTrailingSlash { return staticMethodResponse(file, &request) }
        case .broken?, nil:
            break
        }
        return runtime.isEmpty ? notFoundResponse(&request, store: store) : noMatchResponse(runtime: runtime, file: nil, &request)
    }

    /// The chosen entry's answer: prepared, or rendered from its template, with its fault,
    /// throttling and (possibly random) delay. A `304` states the length of the `200` it stands for.
    private func response(_ entry: FixtureEntry, _ request: inout IncomingRequest, outcome: MatchOutcome, store: FixtureStore) -> MockResponse {
        let answer = response(entry, &request, outcome: outcome)
        if answer.status == 304 {
            // The length of the 200 to the same request without its conditions, or none.
            let plain = IncomingRequest(method: request.method, target: request.target, headers: UnconditionalHeaders(base: request.headers), body: request.body)
            return answer.stating(bodyLength: bodyLength(of: plain, withStatus: 200, store: store))
        }
        if entry.method == "HEAD", answer.body.isEmpty, answer.sendsBody(toMethod: "GET") {
            // An entry written for HEAD has no body to measure: the length is that of what a
            // GET with the same status gets, or none (a false `Content-Length: 0` is worse), and
            // so is the type, unless the entry states one (RFC 9110 §9.3.2: the same headers).
            let get = IncomingRequest(method: "GET", target: request.target, headers: request.headers, body: request.body)
            let standIn = answerStoodFor(get, withStatus: answer.status, store: store)
            let stated = answer.stating(bodyLength: standIn?.bodyLength)
            guard let contentType = standIn?.contentType, answer.headerValue("Content-Type") == nil else {
                return stated
            }
            return stated.replacingHeaders([contentType] + answer.headers)
        }
        return answer
    }

    /// The size of the body `request` would get, when its answer has `status`; see ``answerStoodFor(_:withStatus:store:)``.
    private func bodyLength(of request: IncomingRequest, withStatus status: Int, store: FixtureStore) -> Int? {
        answerStoodFor(request, withStatus: status, store: store)?.bodyLength
    }

    /// The body size and `Content-Type` of the answer `request` would get, when that answer has
    /// `status` (RFC 9110 §8.6: a HEAD's or 304's `Content-Length` must be that of the answer it
    /// stands for, or absent). The entry is chosen as for a request, but uses up nothing and moves
    /// no scenario; `nil` when the answer would be anything else (another status, a fault, no
    /// entry), and then no length is stated.
    private func answerStoodFor(_ request: IncomingRequest, withStatus status: Int, store: FixtureStore) -> (bodyLength: Int, contentType: HTTPHeader?)? {
        var plain = request
        let key = plain.target.lookupKey
        let sources = answerSources(forKey: key, runtime: runtimeFixtures.fixtures(forKey: key), resource: resources.resource(forKey: key),
                                    primary: store.route(forKey: key), store: store)
        let contentType = { (headers: [HTTPHeader]) in headers.first { $0.name.lowercased() == "content-type" } }
        switch choose(from: sources, &plain, counting: false) {
        case .entry(let chosen, _)?:
            // A fault sends no such answer, and a forward's is the API's, unknown here.
            guard chosen.response.status == status, chosen.delivery?.fault == nil, chosen.delivery?.forward == nil else { return nil }
            if chosen.method == "HEAD", chosen.response.body.isEmpty {
                // A HEAD entry has no body: what it stands for is what a GET gets (a GET never
                // chooses a HEAD entry, so this asks once). Its empty body made a 304 say 0.
                return plain.isHead ? answerStoodFor(plain.asGET(), withStatus: status, store: store) : nil
            }
            var get = plain.asGET()
            let (headers, body) = chosen.delivery?.template.map { $0.render(for: &get) } ?? (chosen.response.headers, chosen.response.body)
            return (body.count, contentType(headers))
        case .resource(let resource, let itemID)?:
            // A GET changes nothing in a resource.
            var get = plain.asGET()
            let answer = resourceAnswer(resource, itemID: itemID, &get)
            return answer.status == status ? (answer.body.count, contentType(answer.headers)) : nil
        case .staticFile(let file, let preparedID)?:
            let answer = staticFileResponse(preparedID: preparedID, file: file, plain.asGET(), store: store)
            return answer.status == status ? (answer.body.count, contentType(answer.headers)) : nil
        case .broken?, .answer?, .unknown?, nil:
            // A broken file's 500 states no length of a 200.
            return nil
        }
    }

    private func response(_ entry: FixtureEntry, _ request: inout IncomingRequest, outcome: MatchOutcome) -> MockResponse {
        let response = entry.response
        guard let delivery = entry.delivery else {
            return MockResponse(status: response.status, headers: response.headers, body: response.body, delayMilliseconds: entry.delay.pick(),
                                preparedID: entry.isPrepared ? response.id : nil, outcome: outcome)
        }
        if !delivery.webhooks.isEmpty {
            renderWebhooks(delivery.webhooks, for: &request, entry: entry, outcome: outcome)
        }
        if let forward = delivery.forward {
            // The front forwards it; its 502 is for a front that cannot.
            return MockResponse(status: response.status, headers: response.headers, body: response.body, delayMilliseconds: 0,
                                preparedID: nil, outcome: .forwardRequested(forward, entry: outcome))
        }
        var headers = response.headers
        var body = response.body
        var declaredBodyLength: Int?
        if let template = delivery.template {
            (headers, body) = template.render(for: &request)
            if request.isHead {
                // Headers keep HEAD's `{{method}}`; the stated length is that of GET's body.
                var get = request.asGET()
                declaredBodyLength = template.render(for: &get).body.count
            }
        }
        return MockResponse(status: response.status, headers: headers, body: body, delayMilliseconds: entry.delay.pick(),
                            preparedID: delivery.keepsPreparedAnswer && entry.isPrepared ? response.id : nil,
                            outcome: delivery.fault.map { .fault($0, entry: outcome) } ?? outcome,
                            fault: delivery.fault, bytesPerSecond: delivery.bytesPerSecond, declaredBodyLength: declaredBodyLength)
    }

    func prepared(_ id: Int, in store: FixtureStore, outcome: MatchOutcome) -> MockResponse {
        let response = store.preparedResponses[id]
        return MockResponse(status: response.status, headers: response.headers, body: response.body,
                            delayMilliseconds: 0, preparedID: id, outcome: outcome)
    }

    /// The methods most requests use, compared before the token check (cheaper for short strings).
    @inline(__always)
    private static func isCommonMethod(_ method: String) -> Bool {
        method == "GET" || method == "POST" || method == "HEAD" || method == "PUT" || method == "DELETE"
    }

    /// Whether the lookup key is `__admin` or below it. Runs on every request, so it compares
    /// bytes: `UTF8View.starts(with:)` cost about 280 instructions a request (callgrind).
    static func isAdminKey(_ key: Substring) -> Bool {
        if let answer = key.utf8.withContiguousStorageIfAvailable(isAdminKey(bytes:)) {
            return answer
        }
        return Array(key.utf8).withUnsafeBufferPointer(isAdminKey(bytes:))
    }

    private static func isAdminKey(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix: StaticString = "__admin"
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for index in 0..<count where bytes[index] != prefix.utf8Start[index] {
            return false
        }
        return bytes.count == count || bytes[count] == UInt8(ascii: "/")
    }

    /// Journals an exchange a front forwarded (see `journalForwarded`); `record` itself stays
    /// private so the serving path keeps its specialised form.
    func recordForwarded(method: String, target: String, headers: any RequestHeaderLookup, body: [UInt8], response: MockResponse) {
        record(method: method, target: target, headers: headers, body: body, response: response)
    }

    /// Adds the exchange to the journal, if it is on.
    private func record(method: String, target: String, headers: any RequestHeaderLookup, body: [UInt8], response: MockResponse) {
        guard let journal else { return }
        let time = WallClock.millisecondsSince1970()
        journal.record { id, bodyLimit in
            // The answer's body is kept whole (to the limit); how much of it went out (none for a
            // HEAD, half for a `truncatedBody` fault) is worked out when the journal is read.
            JournalRecord(
                id: id, timeMilliseconds: time, method: method, target: target, packedHeaders: PackedHeaders(copying: headers),
                body: JournalRecord.kept(body, limit: bodyLimit), bodySize: body.count,
                status: response.sentStatus, outcome: response.outcome, responseHeaders: response.headers,
                responseBody: JournalRecord.kept(response.body, limit: bodyLimit), responseBodySize: response.body.count)
        }
    }
}
