/// What the engine answers for one request, for a front to send.
///
/// ```swift
/// let response = engine.respond(method: "GET", target: "/api/1.0/people/", headers: NoHeaders(), body: [])
/// if let id = response.preparedID { /* reuse the cached response for store.preparedResponses[id] */ }
/// print(response.status, response.outcome.logDescription)
/// ```
///
/// A front sends it in this order: wait ``delayMilliseconds``; then, if ``fault`` is set, produce
/// that failure instead of a normal answer; else send the status and headers and the body, at
/// ``bytesPerSecond`` when set.
public struct MockResponse: Sendable {
    public let status: Int
    public let headers: [HTTPHeader]
    /// For HEAD the GET body is returned; the sender omits it.
    public let body: [UInt8]
    /// Milliseconds the sender waits before answering (already picked for a random delay); 0
    /// answers at once.
    public let delayMilliseconds: Int
    /// Non-nil when this answer equals `preparedResponses[preparedID]`: never for templated
    /// answers, faults or throttled bodies.
    public let preparedID: Int?
    public let outcome: MatchOutcome
    /// The network failure to produce instead of (or part way through) this answer.
    public let fault: MockFault?
    /// Send the body at about this many bytes per second; `nil` sends it at once.
    public let bytesPerSecond: Int?
    /// The body length an answer sent without its body (HEAD, `304`) states as its
    /// `Content-Length` when ``body`` is not that body: a forwarded HEAD carries no body, but
    /// the upstream stated the length of the one a GET gets. Nil: the size of ``body``.
    public let declaredBodyLength: Int?
    /// False for an answer sent without its body that must not state any length: a forwarded
    /// HEAD whose upstream stated none (a chunked GET answer), where `Content-Length: 0` would be
    /// false (RFC 9110 §8.6). The server then sends neither `Content-Length` nor
    /// `Transfer-Encoding` and closes the connection after the head.
    public let statesBodyLength: Bool

    public init(status: Int, headers: [HTTPHeader], body: [UInt8], delayMilliseconds: Int = 0, preparedID: Int? = nil, outcome: MatchOutcome,
                fault: MockFault? = nil, bytesPerSecond: Int? = nil, declaredBodyLength: Int? = nil, statesBodyLength: Bool = true) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delayMilliseconds = delayMilliseconds
        self.preparedID = preparedID
        self.outcome = outcome
        self.fault = fault
        self.bytesPerSecond = bytesPerSecond
        self.declaredBodyLength = declaredBodyLength
        self.statesBodyLength = statesBodyLength
    }

    /// The value of the first header called `name` (case-insensitive).
    public func headerValue(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The status as the client sees it: 0 when a fault closes the connection before any status line.
    public var sentStatus: Int {
        if let fault, !fault.sendsStatusLine { return 0 }
        return status
    }

    /// How long sending the body takes at ``bytesPerSecond`` (the part a fault lets through),
    /// in nanoseconds; 0 without a limit.
    public func transferNanoseconds(forBodyCount count: Int) -> Int64 {
        guard let bytesPerSecond, bytesPerSecond > 0 else { return 0 }
        let sent = fault.map { $0.bytesSent(ofBodyCount: count) } ?? count
        return Int64(sent) * 1_000_000_000 / Int64(bytesPerSecond)
    }
}
