import Atomics
import Dispatch
import Logging
import MockFixtures

/// Answers the requests of one daemon: implements the ``MHDResponder`` its callbacks call, turns
/// each request into a call to ``MockEngine/respond(method:target:headers:body:store:)`` and
/// queues the answer. Shared by every worker thread.
///
/// The fixtures live in a ``ServingGeneration`` that a reload replaces as a whole; each request
/// keeps the generation it started with, so one answer never mixes two loads.
final class RequestDispatcher: MHDResponder {
    let maxBodyBytes: Int
    /// Request line plus headers; libmicrohttpd itself answers 431 to heads that do not fit its
    /// per-connection memory, this limit keeps room there for the answer's own header block.
    let maxHeadBytes: Int
    private let logRequests: Bool
    let logger: Logger
    let generations: GenerationSlot
    /// The 413 answer, built once like the fixtures' own and shared by every generation.
    private let bodyTooLargeTable: MHDResponseTable
    let suspensions = SuspendedConnections()
    /// Runs reloads one at a time, never on an MHD worker thread.
    let reloads = DispatchQueue(label: "mockserver.reload")
    /// Raised by ``stopReloading()`` before it waits: a reload reading a large tree then gives up
    /// between two files instead of keeping the stop waiting for seconds.
    let reloadsAbandoned = ManagedAtomic<Bool>(false)
    let rootPath: String
    /// Answers every request and holds the state tests change (journal, runtime fixtures, scenarios).
    let engine: MockEngine
    /// Runs after each successful reload (the command line returns freed heap to the OS there).
    let afterReload: @Sendable (ReloadSummary) -> Void
    /// Where requests no fixture answers go (`--proxy-unmatched`, `record`); nil answers them 404.
    let forwarding: Forwarding?
    /// The forwarders of entries with `"forward"`; nil answers them 502.
    let entryForwarders: (any EntryForwarderFactory)?
    /// Clients that close their connection while their request is forwarded.
    let hangUps = ClientHangUpWatch()
    /// `forwarding != nil`, as a plain flag: testing the optional itself copies its existential
    /// (about 90 instructions a request, measured), this is one load.
    private let forwards: Bool

    /// A body still arriving past the limit is discarded; past this much more, the upload is
    /// treated as hostile and the connection dropped without waiting for its end.
    private let discardAllowance: Int

    init(
        engine: MockEngine,
        maxBodyBytes: Int,
        maxHeadBytes: Int,
        logRequests: Bool,
        logger: Logger,
        forwarding: Forwarding? = nil,
        entryForwarders: (any EntryForwarderFactory)? = nil,
        afterReload: @escaping @Sendable (ReloadSummary) -> Void
    ) throws(ServerStartError) {
        let store = engine.store
        self.engine = engine
        self.forwarding = forwarding
        self.entryForwarders = entryForwarders
        forwards = forwarding != nil
        self.maxBodyBytes = maxBodyBytes
        self.maxHeadBytes = maxHeadBytes
        self.logRequests = logRequests
        self.logger = logger
        self.afterReload = afterReload
        rootPath = store.configuredRoot
        discardAllowance = max(maxBodyBytes, 64 * 1024 * 1024)
        guard let generation = ServingGeneration(store: store, answerHeaders: engine.preparedAnswerHeaders(of:in:), refused: Self.headerRefusalLogger(logger)) else {
            throw .daemonFailed(details: "libmicrohttpd could not allocate the \(store.preparedResponses.count) prepared responses.")
        }
        guard let table = MHDResponseTable.build([Self.bodyTooLargeAnswer(limit: maxBodyBytes)], refused: { _, name, value in
            logger.warning("\(Self.headerRefusal(name: name, value: value, answer: "the 413 answer"))")
        }) else {
            throw .daemonFailed(details: "libmicrohttpd could not allocate the 413 response.")
        }
        generations = GenerationSlot(generation)
        bodyTooLargeTable = table
    }

    /// Logs a response header of a fixture that MHD refused (so it is never silently missing).
    static func headerRefusalLogger(_ logger: Logger) -> (PreparedResponse, String, String) -> Void {
        { response, name, value in
            logger.warning("\(headerRefusal(name: name, value: value, answer: "a fixture's \(response.status) answer"))")
        }
    }

    /// Logs a response header of a request's answer that MHD refused (so it is never silently missing).
    func headerRefusalWarning(for request: RequestContext, _ response: MockResponse) -> (String, String) -> Void {
        { [logger] name, value in
            let answer = "\(request.method ?? "-") \(request.rawTarget) (\(response.outcome.logDescription))"
            logger.warning("\(Self.headerRefusal(name: name, value: value, answer: answer))")
        }
    }

    /// The warning for a response header MHD refused, e.g. `… 'Connection: keep-alive' of a fixture's 503 answer …`.
    static func headerRefusal(name: String, value: String, answer: String) -> String {
        "libmicrohttpd refused the response header '\(name): \(value)' of \(answer); it is not sent"
    }

    /// Refuses further reloads; only after the daemon has stopped. Runs on the reload queue, so a
    /// reload in progress finishes first. The responses themselves are released with the last
    /// reference to their generation.
    func stopReloading() {
        reloadsAbandoned.store(true, ordering: .relaxed)
        reloads.sync { generations.close() }
    }

    func beginRequest(rawTarget: String) -> RequestContext {
        RequestContext(
            rawTarget: rawTarget,
            generation: generations.current,
            startNanoseconds: logRequests ? DispatchTime.now().uptimeNanoseconds : 0
        )
    }

    /// One access-handler call. Returns false to make MHD drop the connection.
    func handle(_ request: RequestContext, _ call: MHDAccessCall) -> Bool {
        let connection = call.connection
        if let pending = request.pendingResponse {
            request.pendingResponse = nil
            // Woken by a stop before its delay ran out: sent now, the answer would come early
            // (a test of the app's timeout would see a fast 200), so the connection closes
            // without one, every time.
            guard !suspensions.isClosed else { return false }
            return send(pending, for: request, on: connection)
        }
        if let deferred = request.deferredAnswer {
            request.deferredAnswer = nil
            if deferred.isForwarding {
                return sendForwarded(deferred, for: request, on: connection)
            }
            let answer = engine.allowingCrossOrigin(deferred.take() ?? stoppingAnswer, method: request.method ?? "POST",
                                                    headers: ConnectionHeaders(connection: connection))
            return send(answer, for: request, on: connection)
        }
        if !request.headersProcessed {
            request.headersProcessed = true
            return checkHead(of: request, call)
        }
        if call.uploadChunk.count > 0 {
            return accumulate(call.uploadChunk, into: request)
        }
        if request.bodyTooLarge {
            return sendBodyTooLarge(for: request, on: connection)
        }
        if forwards {
            return respondOrForward(request, on: connection)
        }
        let response = engine.respond(
            method: request.method ?? "GET",
            target: request.rawTarget,
            headers: ConnectionHeaders(connection: connection),
            body: request.body,
            store: request.generation.store,
            answerHeaderBytesLimit: request.answerHeaderBytesLimit
        )
        return deliver(response, for: request, on: connection)
    }

    /// Sends the engine's answer: after its delay (the connection parked meanwhile), or as a
    /// reload the server performs itself.
    func deliver(_ response: MockResponse, for request: RequestContext, on connection: MHDConnection) -> Bool {
        switch response.outcome {
        case .reloadRequested:
            return handleReloadRequest(request, on: connection)
        case .forwardRequested(let forward, let entry):
            return forwardEntry(forward, entry: entry, unforwarded: response, request, on: connection)
        default:
            break
        }
        if response.delayMilliseconds > 0 {
            request.pendingResponse = response
            guard let id = suspensions.suspend(connection, forMilliseconds: response.delayMilliseconds) else {
                // The server is stopping: no delay can run its course, and no answer comes early.
                request.pendingResponse = nil
                return false
            }
            request.suspensionID = id
            return true
        }
        return send(response, for: request, on: connection)
    }

    /// The first call of a request: every header has arrived, no body has been read. Queueing an
    /// answer here makes MHD close the connection after it, so only refusals are answered: heads
    /// too large or with ambiguous framing, and announced oversize bodies.
    private func checkHead(of request: RequestContext, _ call: MHDAccessCall) -> Bool {
        let connection = call.connection
        let method = HTTPMethodName.string(call.method)
        request.method = method
        // The request line as sent: method, target, version, two spaces and CRLF.
        let requestLineBytes = method.utf8.count + request.rawTarget.utf8.count + 12
        let head = connection.head(method: call.method, version: call.version)
        request.answerHeaderBytesLimit = MockHTTPServer.answerHeadRoomBytes - head.poolBytes(requestLineBytes: requestLineBytes)
        if let violation = head.violation(requestLineBytes: requestLineBytes, maxBytes: maxHeadBytes) {
            return send(AdminAnswer(refusing: violation), for: request, on: connection)
        }
        if let declared = connection.declaredContentLength() {
            if declared > UInt64(maxBodyBytes) {
                return sendBodyTooLarge(for: request, on: connection)
            }
            request.body.reserveCapacity(min(Int(declared), 64 * 1024))
        }
        return true
    }

    /// Ends a request and drops the reference `mhdRequestStarted` retained.
    ///
    /// The last request of a replaced generation frees that generation (thousands of responses
    /// and a whole store, possibly); that is reload work, so it is moved off the worker thread.
    func finishRequest(_ request: Unmanaged<RequestContext>, termination: MHDTermination) {
        // Every other reference to the context ends inside `finish`, so the release below is the last one.
        // A reload racing with this check may leave the freeing here, rarely; it stays correct.
        let generationReplaced = finish(request.takeUnretainedValue(), termination: termination)
        if generationReplaced {
            let last = FinishedRequest(context: request)
            reloads.async { last.context.release() }
        } else {
            request.release()
        }
    }

    /// Returns whether a reload has replaced the request's generation meanwhile.
    @inline(never)
    private func finish(_ request: RequestContext, termination: MHDTermination) -> Bool {
        if let id = request.suspensionID {
            suspensions.forget(id)
            // A client gone while its request was forwarded: the upstream exchange is not needed.
            request.deferredAnswer?.cancelForwarding()
        }
        if let headers = request.forwardedHeaders, let deferred = request.deferredAnswer {
            journalUnanswered(request, deferred: deferred, headers: headers)
        }
        if logRequests {
            logCompletion(of: request, termination: termination)
        }
        if request.fault != nil {
            // A planned close libmicrohttpd did not log (a build without messages) is over.
            _ = MHDPlannedClose.take()
        }
        return request.generation.isReplaced
    }

    private func accumulate(_ chunk: UnsafeRawBufferPointer, into request: RequestContext) -> Bool {
        request.receivedBodyBytes += chunk.count
        if request.bodyTooLarge {
            if request.receivedBodyBytes - maxBodyBytes > discardAllowance {
                logger.warning("dropped connection: \(request.method ?? "?") \(request.rawTarget) kept uploading \(request.receivedBodyBytes) bytes past the \(maxBodyBytes)-byte limit")
                return false
            }
            return true
        }
        if request.receivedBodyBytes > maxBodyBytes {
            // MHD accepts no answer while a body is still arriving, so the rest is discarded
            // and the 413 goes out once the upload ends.
            request.bodyTooLarge = true
            request.body = []
            return true
        }
        request.body.append(contentsOf: chunk)
        return true
    }

    func send(_ response: MockResponse, for request: RequestContext, on connection: MHDConnection) -> Bool {
        request.answeredStatus = response.sentStatus
        if logRequests {
            request.outcomeDescription = response.outcome.logDescription
        }
        if response.fault != nil || response.bytesPerSecond != nil {
            return sendUnderNetworkConditions(response, for: request, on: connection)
        }
        if let id = response.preparedID, let prepared = request.generation.response(forPreparedID: id) {
            return connection.queue(prepared, status: response.status)
        }
        if request.answerHeaderBytesLimit != .max, response.headerLineBytes > request.answerHeaderBytesLimit {
            // The engine checked fixture answers; this catches the rest (an admin answer or a
            // refusal echoing a long Origin), which libmicrohttpd would close without a byte:
            // sent without its CORS headers when that is enough, as a 431 saying why otherwise.
            let plain = engine.withoutCrossOriginHeaders(response)
            let fitting = plain.headerLineBytes <= request.answerHeaderBytesLimit
                ? plain : engine.fittingHeaderRoom(plain, limit: request.answerHeaderBytesLimit)
            return send(fitting, for: request, on: connection)
        }
        let refused = headerRefusalWarning(for: request, response)
        let headers = response.headers.lazy.map { (name: $0.name, value: $0.value) }
        // HEAD and 304 answers go out without their body: it is not copied, only its size stated.
        let built = response.sendsBody(toMethod: request.method ?? "GET")
            ? MHDResponse.make(body: response.body, headers: headers, refused: refused)
            : MHDResponse.make(declaredSize: response.statesBodyLength ? response.declaredBodyLength ?? response.body.count : nil,
                               headers: headers, refused: refused)
        guard let built else { return false }
        defer { built.destroy() }
        return connection.queue(built, status: response.status)
    }

    private func sendBodyTooLarge(for request: RequestContext, on connection: MHDConnection) -> Bool {
        request.answeredStatus = 413
        if logRequests {
            request.outcomeDescription = "request body larger than the \(maxBodyBytes)-byte limit"
        }
        guard engine.options.cors else {
            return connection.queue(bodyTooLargeTable.responses[0], status: 413)
        }
        let answer = Self.bodyTooLargeAnswer(limit: maxBodyBytes)
        return sendServerAnswer(status: 413, headers: answer.headers, body: answer.body, room: request.answerHeaderBytesLimit, on: connection)
    }

    /// Writes an answer the server made itself before the engine saw the request (a refusal).
    func send(_ answer: AdminAnswer, for request: RequestContext, on connection: MHDConnection) -> Bool {
        request.answeredStatus = answer.status
        if logRequests {
            request.outcomeDescription = answer.logDescription
        }
        return sendServerAnswer(status: answer.status, headers: answer.headers, body: answer.body, room: request.answerHeaderBytesLimit, on: connection)
    }

    /// Queues an answer the server wrote itself, with the CORS headers the engine adds for this
    /// request (a browser page then reads the refusal instead of a CORS error).
    ///
    /// The CORS headers echo the request's `Origin`: when they would not fit the `room` its head
    /// leaves (see ``MockHTTPServer/answerHeadRoomBytes``), the answer goes without them, read
    /// by no browser page but sent, rather than closed without a byte by libmicrohttpd.
    private func sendServerAnswer(status: Int, headers: [(name: String, value: String)], body: [UInt8], room: Int, on connection: MHDConnection) -> Bool {
        let own = headers.map { HTTPHeader(name: $0.name, value: $0.value) }
        let withCrossOrigin = engine.crossOriginHeaders(own, requestHeaders: ConnectionHeaders(connection: connection))
        let sent = HTTPHeader.lineBytes(withCrossOrigin) <= room ? withCrossOrigin : own
        let built = MHDResponse.make(body: body, headers: sent.lazy.map { (name: $0.name, value: $0.value) }) { [logger] name, value in
            logger.warning("\(Self.headerRefusal(name: name, value: value, answer: "the server's \(status) answer"))")
        }
        guard let built else { return false }
        defer { built.destroy() }
        return connection.queue(built, status: status)
    }

    private func logCompletion(of request: RequestContext, termination: MHDTermination) {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- request.startNanoseconds) / 1_000_000
        let milliseconds = (elapsed * 100).rounded() / 100
        let method = request.method ?? "-"
        let target = request.rawTarget.escapingControlCharacters()
        if let status = request.answeredStatus {
            // A fault fixture's close is the answer it asked for, not an interruption.
            let interrupted = termination == .completed || request.fault != nil ? "" : " (\(Self.describe(termination)))"
            // The explanation quotes the decoded path, where `%0A` is a line break: escaped, a
            // client cannot write a line of its own into the log.
            let outcome = (request.outcomeDescription ?? "-").escapingControlCharacters()
            logger.info("\(method) \(target) \(status) \(outcome) \(milliseconds) ms\(interrupted)")
        } else {
            logger.info("\(method) \(target) - no answer: \(Self.describe(termination)) \(milliseconds) ms")
        }
    }

    private static func describe(_ termination: MHDTermination) -> String {
        switch termination {
        case .completed: return "completed"
        case .failed(let reason): return reason
        }
    }

    private static func bodyTooLargeAnswer(limit: Int) -> (headers: [(name: String, value: String)], body: [UInt8]) {
        let body = """
            {
              "error": "request body is larger than the \(limit)-byte limit (--max-body)",
              "limit": \(limit),
              "hint": "send a smaller body or restart mockserver with a larger --max-body"
            }

            """
        return (
            headers: [
                (name: "Content-Type", value: "application/json"),
                (name: "Connection", value: "close"),
            ],
            body: Array(body.utf8)
        )
    }
}

/// Carries a finished request's last reference to the queue that releases it; nothing reads
/// the context any more, so handing it across threads is safe.
private struct FinishedRequest: @unchecked Sendable {
    let context: Unmanaged<RequestContext>
}
