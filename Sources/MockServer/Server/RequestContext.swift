import MockFixtures

/// Per-request state, created when MHD reports the request line and freed when MHD reports
/// the request complete. Only the MHD worker thread owning the connection touches it.
final class RequestContext {
    /// The target exactly as sent: percent-encoded path plus optional `?query`.
    let rawTarget: String
    /// Monotonic start time in nanoseconds; 0 when requests are not logged.
    let startNanoseconds: UInt64
    var method: String?
    var headersProcessed = false
    var body: [UInt8] = []
    var receivedBodyBytes = 0
    var bodyTooLarge = false
    /// An answer waiting for its delay to pass while the connection is suspended.
    var pendingResponse: MockResponse?
    var suspensionID: UInt64?
    var answeredStatus: Int?
    var outcomeDescription: String?

    init(rawTarget: String, startNanoseconds: UInt64) {
        self.rawTarget = rawTarget
        self.startNanoseconds = startNanoseconds
    }
}
