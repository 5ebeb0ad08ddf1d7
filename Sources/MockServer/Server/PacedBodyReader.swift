import Dispatch

/// Hands libmicrohttpd the body of an answer with `bytesPerSecond` or `"fault": "truncatedBody"`:
/// only the bytes the client may have (the whole body, or the half a truncated body lets
/// through), each only once it is due, then the end of the body or an abort.
///
/// Paced bodies go out in chunks of about a twentieth of the rate (at least one byte), each
/// when the time the rate allows for its last byte has come, so the last byte leaves
/// `sent ÷ bytesPerSecond` after the headers: the wait ``MockResponse/transferNanoseconds(forBodyCount:)``
/// gives `FixtureTransport`. Between chunks the connection is suspended with a timer to resume
/// it, so no worker thread waits and nothing polls.
final class PacedBodyReader: MHDContentReader {
    /// About this many chunks a second; the chunk size follows from the rate.
    static let chunksPerSecond = 20
    /// The largest piece handed to libmicrohttpd at once (its per-response buffer).
    static let largestBlock = 64 * 1024

    private let body: [UInt8]
    /// Bytes sent before the body ends or, when fewer than the body, the connection is closed.
    private let sentCount: Int
    private let pacing: Pacing?
    /// Safe to keep: the reader lives in the connection's response, which libmicrohttpd frees
    /// when the request ends, and it is only called while libmicrohttpd sends that response.
    private let connection: MHDConnection
    private let suspensions: SuspendedConnections

    /// The rate, and when the first byte was allowed to go (the answer was queued).
    private struct Pacing {
        let bytesPerSecond: UInt64
        let chunk: Int
        let startNanoseconds: UInt64

        /// How many bytes the rate allows by `now`.
        func allowedBytes(at now: UInt64) -> Int {
            let elapsed = now &- startNanoseconds
            let product = elapsed.multipliedFullWidth(by: bytesPerSecond)
            let (bytes, _) = UInt64(1_000_000_000).dividingFullWidth(product)
            return bytes > UInt64(Int.max) ? .max : Int(bytes)
        }

        /// When the rate allows `count` bytes, in uptime nanoseconds (rounded up).
        func time(allowing count: Int) -> UInt64 {
            let product = UInt64(count).multipliedFullWidth(by: 1_000_000_000)
            let (quotient, remainder) = bytesPerSecond.dividingFullWidth(product)
            return startNanoseconds &+ quotient &+ (remainder > 0 ? 1 : 0)
        }
    }

    /// `sentCount` bytes of `body` go out (all of it unless a fault cuts it), at `bytesPerSecond`
    /// when given, counted from now.
    init(body: [UInt8], sentCount: Int, bytesPerSecond: Int?, connection: MHDConnection, suspensions: SuspendedConnections) {
        self.body = body
        self.sentCount = min(sentCount, body.count)
        self.connection = connection
        self.suspensions = suspensions
        pacing = bytesPerSecond.map { rate in
            Pacing(bytesPerSecond: UInt64(max(1, rate)), chunk: max(1, rate / Self.chunksPerSecond),
                   startNanoseconds: DispatchTime.now().uptimeNanoseconds)
        }
    }

    /// The buffer libmicrohttpd should allocate for this body: one chunk, or the whole part sent.
    var blockSize: Int {
        max(1, min(pacing?.chunk ?? sentCount, Self.largestBlock))
    }

    func read(at position: Int, into buffer: UnsafeMutableRawBufferPointer) -> MHDContentChunk {
        guard position < sentCount else {
            // Everything the client may have is out, and only a truncated body is asked for
            // more: closing now is the fault, not an error.
            MHDPlannedClose.announce()
            return .abort
        }
        var available = sentCount - position
        if let pacing {
            let wanted = min(pacing.chunk, available)
            let allowed = min(pacing.allowedBytes(at: DispatchTime.now().uptimeNanoseconds), sentCount)
            guard allowed - position >= wanted else {
                let due = DispatchTime(uptimeNanoseconds: pacing.time(allowing: position + wanted))
                // Once the server is stopping nothing may be suspended: the connection closes.
                return suspensions.suspend(connection, until: due) == nil ? .abort : .suspended
            }
            available = allowed - position
        }
        let count = min(available, buffer.count)
        body.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)]))
        }
        return .bytes(count)
    }
}
