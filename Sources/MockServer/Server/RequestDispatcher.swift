import Dispatch
import Logging
import MockFixtures

/// Turns MHD's callbacks for one daemon into calls to ``FixtureStore/respond(method:target:headers:body:)``
/// and queues the answers. Shared by every worker thread; its own state is immutable.
final class RequestDispatcher: @unchecked Sendable {
    private let store: FixtureStore
    private let maxBodyBytes: Int
    private let logRequests: Bool
    private let logger: Logger
    private let prepared: MHDResponseTable
    /// The 413 answer, index `prepared.responses.count - 1`, built once like the fixtures' own.
    private let bodyTooLargeIndex: Int
    let suspensions = SuspendedConnections()

    /// A body still arriving past the limit is discarded; past this much more, the upload is
    /// treated as hostile and the connection dropped without waiting for its end.
    private let discardAllowance: Int

    init(store: FixtureStore, maxBodyBytes: Int, logRequests: Bool, logger: Logger) throws(ServerStartError) {
        self.store = store
        self.maxBodyBytes = maxBodyBytes
        self.logRequests = logRequests
        self.logger = logger
        discardAllowance = max(maxBodyBytes, 64 * 1024 * 1024)
        var bodies = store.preparedResponses.map { prepared in
            (headers: prepared.headers.map { (name: $0.name, value: $0.value) }, body: prepared.body)
        }
        bodies.append(Self.bodyTooLargeAnswer(limit: maxBodyBytes))
        guard let table = MHDResponseTable(bodies: bodies) else {
            throw .daemonFailed(details: "libmicrohttpd could not allocate the \(bodies.count) prepared responses.")
        }
        prepared = table
        bodyTooLargeIndex = bodies.count - 1
    }

    /// Frees the prepared responses; only after the daemon has stopped.
    func releaseResponses() {
        prepared.destroy()
    }

    func beginRequest(rawTarget: String) -> RequestContext {
        RequestContext(rawTarget: rawTarget, startNanoseconds: logRequests ? DispatchTime.now().uptimeNanoseconds : 0)
    }

    /// One access-handler call. Returns false to make MHD drop the connection.
    func handle(_ request: RequestContext, on connection: MHDConnection, uploadChunk: UnsafeRawBufferPointer) -> Bool {
        if let pending = request.pendingResponse {
            request.pendingResponse = nil
            return send(pending, for: request, on: connection)
        }
        if !request.headersProcessed {
            // Queueing here would make MHD close the connection after the answer, so only the
            // refusal of an announced oversize body is answered on this first call.
            request.headersProcessed = true
            if let declared = connection.declaredContentLength() {
                if declared > UInt64(maxBodyBytes) {
                    return sendBodyTooLarge(for: request, on: connection)
                }
                request.body.reserveCapacity(min(Int(declared), 64 * 1024))
            }
            return true
        }
        if uploadChunk.count > 0 {
            return accumulate(uploadChunk, into: request)
        }
        if request.bodyTooLarge {
            return sendBodyTooLarge(for: request, on: connection)
        }
        let response = store.respond(
            method: request.method ?? "GET",
            target: request.rawTarget,
            headers: ConnectionHeaders(connection: connection),
            body: request.body
        )
        if response.delayMilliseconds > 0 {
            request.pendingResponse = response
            if let id = suspensions.suspend(connection, forMilliseconds: response.delayMilliseconds) {
                request.suspensionID = id
                return true
            }
            request.pendingResponse = nil
        }
        return send(response, for: request, on: connection)
    }

    func finishRequest(_ request: RequestContext, termination: MHDTermination) {
        if let id = request.suspensionID {
            suspensions.forget(id)
        }
        guard logRequests else { return }
        logCompletion(of: request, termination: termination)
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

    private func send(_ response: MockResponse, for request: RequestContext, on connection: MHDConnection) -> Bool {
        request.answeredStatus = response.status
        if logRequests {
            request.outcomeDescription = response.outcome.logDescription
        }
        if let id = response.preparedID, id >= 0, id < bodyTooLargeIndex {
            return connection.queue(prepared.responses[id], status: response.status)
        }
        guard let built = MHDResponse.copying(response.body) else { return false }
        defer { built.destroy() }
        for header in response.headers {
            built.addHeader(name: header.name, value: header.value)
        }
        return connection.queue(built, status: response.status)
    }

    private func sendBodyTooLarge(for request: RequestContext, on connection: MHDConnection) -> Bool {
        request.answeredStatus = 413
        if logRequests {
            request.outcomeDescription = "request body larger than the \(maxBodyBytes)-byte limit"
        }
        return connection.queue(prepared.responses[bodyTooLargeIndex], status: 413)
    }

    private func logCompletion(of request: RequestContext, termination: MHDTermination) {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- request.startNanoseconds) / 1_000_000
        let milliseconds = (elapsed * 100).rounded() / 100
        let method = request.method ?? "-"
        if let status = request.answeredStatus {
            let interrupted = termination == .completed ? "" : " (\(Self.describe(termination)))"
            logger.info("\(method) \(request.rawTarget) \(status) \(request.outcomeDescription ?? "-") \(milliseconds) ms\(interrupted)")
        } else {
            logger.info("\(method) \(request.rawTarget) - no answer: \(Self.describe(termination)) \(milliseconds) ms")
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
