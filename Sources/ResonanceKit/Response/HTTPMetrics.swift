import Foundation

/// Timings and sizes measured by the client itself, so they exist on Linux too (where
/// URLSession never delivers task metrics).
///
/// After redirects, the per-response values (``responseBodyBytes``, ``timeToFirstByte``, and the
/// response's `url` and status) describe the hop that answered; ``lastAttemptDuration`` spans the
/// whole last attempt, its redirects included, and ``redirectCount`` says how many there were.
///
/// ```swift
/// let response = try await session.send(HTTPRequest(path: "api/1.0/people/"))
/// print(response.metrics.duration, response.metrics.attempts, response.metrics.responseBodyBytes)
/// ```
public struct HTTPMetrics: Sendable, Equatable, CustomStringConvertible {
    /// Wall-clock time the first attempt started.
    public let startDate: Date
    /// Wall-clock time the final response (or failure) arrived.
    public let endDate: Date
    /// Monotonic time from the first attempt's start to the end, back-off waits included.
    public let duration: Duration
    /// Monotonic time of the final attempt alone.
    public let lastAttemptDuration: Duration
    /// Bytes in the request body (per attempt; every attempt sends the same body).
    public let requestBodyBytes: Int
    /// Bytes in the final response body.
    public let responseBodyBytes: Int
    /// How many times the request was sent: 1 without retries. Redirects are not attempts.
    public let attempts: Int
    /// From the start of the hop that answered to the arrival of its response head, when the
    /// transport can see it: `AsyncHTTPClientTransport` can; ``URLSessionTransport`` and transports
    /// that hand over only complete responses cannot, and the client does not guess (`nil`).
    public let timeToFirstByte: Duration?
    /// How many redirects the last attempt followed before the response that answered.
    public let redirectCount: Int

    /// Metrics built by hand, e.g. for a hand-made ``HTTPResponse`` in a unit test.
    public init(
        startDate: Date,
        endDate: Date,
        duration: Duration,
        lastAttemptDuration: Duration,
        requestBodyBytes: Int,
        responseBodyBytes: Int,
        attempts: Int,
        timeToFirstByte: Duration? = nil,
        redirectCount: Int = 0
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.duration = duration
        self.lastAttemptDuration = lastAttemptDuration
        self.requestBodyBytes = requestBodyBytes
        self.responseBodyBytes = responseBodyBytes
        self.attempts = attempts
        self.timeToFirstByte = timeToFirstByte
        self.redirectCount = redirectCount
    }

    /// `12 ms, 1 attempt, sent 0 bytes, received 4211 bytes`, plus the first byte and redirects
    /// when there is something to say: `…, first byte after 3 ms, 1 redirect`.
    public var description: String {
        var text = "\(Self.milliseconds(duration)) ms, \(attempts) attempt\(attempts == 1 ? "" : "s"), sent \(requestBodyBytes) bytes, received \(responseBodyBytes) bytes"
        if let timeToFirstByte {
            text += ", first byte after \(Self.milliseconds(timeToFirstByte)) ms"
        }
        if redirectCount > 0 {
            text += ", \(redirectCount) redirect\(redirectCount == 1 ? "" : "s")"
        }
        return text
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
