import MockFixtures

extension RequestDispatcher {
    /// With forwarding: the fixtures answer first; a request none answers (`.noMatch`) is
    /// forwarded. Only servers that forward come here, so plain serving pays one nil check.
    @inline(never)
    func respondOrForward(_ request: RequestContext, on connection: MHDConnection) -> Bool {
        guard let forwarder = forwarding?.forwarder else { return false }
        let headers = ConnectionHeaders(connection: connection)
        let response = engine.respondForwardingUnmatched(
            method: request.method ?? "GET", target: request.rawTarget, headers: headers, body: request.body, store: request.generation.store,
            answerHeaderBytesLimit: request.answerHeaderBytesLimit)
        guard response.outcome.isNoMatch else {
            return deliver(response, for: request, on: connection)
        }
        let fields = headers.headerFields()
        if MaxForwards.value(method: request.method ?? "GET", headers: fields) == 0 {
            // An OPTIONS or TRACE that may pass no more proxies is answered here, as its final
            // recipient (RFC 9110 §7.6.2).
            let answer = engine.maxForwardsAnswer(method: request.method ?? "GET", target: request.rawTarget, headers: headers, body: request.body)
            return deliver(answer, for: request, on: connection)
        }
        return forward(request, on: connection, headers: fields, sending: fields, through: forwarder)
    }

    /// An entry with `"forward"` matched: the request goes to its API, with the entry's headers
    /// set, through ``entryForwarders``, and is journaled as `.forwarded(…, entry:)`. Without
    /// forwarders (an in-process server made without them) the entry's `502` says so.
    @inline(never)
    func forwardEntry(_ forward: EntryForward, entry: MatchOutcome, unforwarded: MockResponse, _ request: RequestContext, on connection: MHDConnection) -> Bool {
        let method = request.method ?? "GET"
        let headers = ConnectionHeaders(connection: connection)
        guard let entryForwarders else {
            let failed = MockResponse(status: unforwarded.status, headers: unforwarded.headers, body: unforwarded.body,
                                      outcome: .forwarded(.proxyFailed(upstream: forward.target.description,
                                                                       error: "this server was started without entry forwarders (MockHTTPServer's entryForwarders)"),
                                                          entry: entry))
            let sent = engine.allowingCrossOrigin(failed, method: method, headers: headers)
            engine.journalForwarded(method: method, target: request.rawTarget, headers: headers, body: request.body, response: sent)
            return send(sent, for: request, on: connection)
        }
        let fields = headers.headerFields()
        if MaxForwards.value(method: method, headers: fields) == 0 {
            // As for an unmatched request: its last allowed hop is this server.
            return deliver(engine.maxForwardsAnswer(method: method, target: request.rawTarget, headers: headers, body: request.body, entry: entry),
                           for: request, on: connection)
        }
        request.forwardingEntry = entry
        return self.forward(request, on: connection, headers: fields, sending: forward.forwardedHeaders(fields),
                            through: entryForwarders.forwarder(to: forward.target))
    }

    /// Parks the connection and hands the request to `forwarder` with the headers `sending`; its
    /// answer is sent when it completes (``sendForwarded(_:for:on:)``), so the worker thread goes
    /// on serving meanwhile. `headers`, as received, are what the journal keeps.
    private func forward(_ request: RequestContext, on connection: MHDConnection, headers: [HTTPHeader], sending: [HTTPHeader],
                         through forwarder: any RequestForwarder) -> Bool {
        let deferred = DeferredAdminAnswer(forwarding: true)
        request.deferredAnswer = deferred
        request.forwardedHeaders = headers
        let descriptor = connection.socketDescriptor
        if descriptor >= 0, ClientHangUpWatch.hasHungUp(descriptor) {
            // A request pipelined behind one whose client then left: nobody is there to answer.
            deferred.fulfil(Self.clientGoneAnswer(method: request.method ?? "GET", target: request.rawTarget, forwarded: false))
            return sendForwarded(deferred, for: request, on: connection)
        }
        guard let id = suspensions.suspend(connection) else {
            return sendForwarded(deferred, for: request, on: connection)
        }
        request.suspensionID = id
        let forwarded = ForwardedRequest(method: request.method ?? "GET", target: request.rawTarget, headers: sending, body: request.body)
        let suspensions = suspensions
        // libmicrohttpd does not watch a parked connection: a client that gives up would
        // otherwise leave its exchange running, recorded and journaled as delivered.
        let hangUps = hangUps
        let watch = descriptor >= 0 ? hangUps.watch(descriptor) { deferred.cancelForwarding() } : nil
        let cancel = forwarder.forward(forwarded) { answer in
            // Before the resume: once resumed, libmicrohttpd may close the socket.
            if let watch { hangUps.forget(watch) }
            deferred.fulfil(answer)
            suspensions.resume(id)
        }
        deferred.setCancel(cancel)
        return true
    }

    /// Sends a forwarded request's answer (with CORS headers when the engine adds them) and
    /// journals the exchange; without an answer the server is stopping, and the exchange is
    /// cancelled.
    func sendForwarded(_ deferred: DeferredAdminAnswer, for request: RequestContext, on connection: MHDConnection) -> Bool {
        request.deferredAnswer = nil
        request.forwardedHeaders = nil
        let entry = request.forwardingEntry
        request.forwardingEntry = nil
        let method = request.method ?? "GET"
        let answer: MockResponse
        if let forwarded = deferred.take() {
            answer = forwarded
        } else {
            deferred.cancelForwarding()
            // The exchange may be anywhere from connecting to reading the answer: the API may
            // well have the request, so only an idempotent one is safe to send again blindly.
            let idempotent = IdempotentMethods.contains(method)
            answer = MockResponse(
                status: 503, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)],
                body: JSONValue.makeObject([
                    ("error", .string("the server is stopping and cancelled forwarding \(method) \(request.rawTarget) before the API answered; the API may have received it")),
                    ("hint", .string(idempotent
                        ? "send it again once the server is back (\(method) is idempotent, so repeating it is safe)"
                        : "check the API's state before sending it again: a repeated \(method) may act twice")),
                ]).prettyPrintedBytes(),
                outcome: .proxyFailed(upstream: "-", error: "the server is stopping; forwarding was cancelled before the API answered"))
        }
        let headers = ConnectionHeaders(connection: connection)
        let sent = engine.fittingHeaderRoom(engine.allowingCrossOrigin(answer.forwarded(byEntry: entry), method: method, headers: headers),
                                            limit: request.answerHeaderBytesLimit, status: 502)
        engine.journalForwarded(method: method, target: request.rawTarget, headers: headers, body: request.body, response: sent)
        return send(sent, for: request, on: connection)
    }

    /// Journals a forwarded exchange whose request ended without being answered: the client left
    /// and libmicrohttpd closed the connection before calling the access handler again.
    func journalUnanswered(_ request: RequestContext, deferred: DeferredAdminAnswer, headers: [HTTPHeader]) {
        request.forwardedHeaders = nil
        let method = request.method ?? "GET"
        let answer = deferred.take() ?? Self.clientGoneAnswer(method: method, target: request.rawTarget, forwarded: true)
        engine.journalForwarded(method: method, target: request.rawTarget, headerFields: headers, body: request.body,
                                response: answer.forwarded(byEntry: request.forwardingEntry))
        request.forwardingEntry = nil
    }

    /// What a forwarded request whose client has left is journaled with: `proxyFailed`.
    static func clientGoneAnswer(method: String, target: String, forwarded: Bool) -> MockResponse {
        let error = forwarded
            ? "the client closed its connection before the answer"
            : "the client closed its connection before the request was forwarded"
        return MockResponse(
            status: 502, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)],
            body: JSONValue.makeObject([("error", .string("\(method) \(target) was not answered: \(error)"))]).prettyPrintedBytes(),
            outcome: .proxyFailed(upstream: "-", error: error))
    }
}
