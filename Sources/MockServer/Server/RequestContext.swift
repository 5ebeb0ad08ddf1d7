import MockFixtures

/// Per-request state, created when MHD reports the request line and freed when MHD reports
/// the request complete. Only the MHD worker thread owning the connection touches it.
final class RequestContext {
    /// The target exactly as sent: percent-encoded path plus optional `?query`.
    let rawTarget: String
    /// The fixtures this request is answered from, whatever reloads happen meanwhile.
    let generation: ServingGeneration
    /// Monotonic start time in nanoseconds; 0 when requests are not logged.
    let startNanoseconds: UInt64
    var method: String?
    var headersProcessed = false
    var body: [UInt8] = []
    var receivedBodyBytes = 0
    var bodyTooLarge = false
    /// An answer waiting for its delay to pass while the connection is suspended.
    var pendingResponse: MockResponse?
    /// The answer of work running off the worker threads (an admin reload) while the connection is suspended.
    var deferredAnswer: DeferredAdminAnswer?
    /// The headers of a request being forwarded, until its exchange is journaled: when the
    /// client leaves first, libmicrohttpd may end the request without calling the access
    /// handler again, and the exchange is journaled from here instead.
    var forwardedHeaders: [HTTPHeader]?
    /// The entry whose `"forward"` sent the request on (its outcome), for the journal.
    var forwardingEntry: MatchOutcome?
    var suspensionID: UInt64?
    var answeredStatus: Int?
    /// How many bytes of header lines the answer may have: what libmicrohttpd's memory per
    /// connection leaves beside this request's head (set once the head has arrived).
    var answerHeaderBytesLimit = Int.max
    /// The network fault the answer produces: the connection's end is planned, not an error.
    var fault: MockFault?
    var outcomeDescription: String?

    init(rawTarget: String, generation: ServingGeneration, startNanoseconds: UInt64) {
        self.rawTarget = rawTarget
        self.generation = generation
        self.startNanoseconds = startNanoseconds
    }
}
