import Foundation

/// Timings and sizes measured by the client itself, so they exist on Linux too (where
/// URLSession never delivers task metrics).
///
/// The time to the first byte is not reported: ``HTTPTransport`` hands over complete
/// responses, so the client cannot observe it and does not guess.
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
    /// How many times the request was sent: 1 without retries.
    public let attempts: Int

    /// Metrics built by hand, e.g. for a hand-made ``HTTPResponse`` in a unit test.
    public init(
        startDate: Date,
        endDate: Date,
        duration: Duration,
        lastAttemptDuration: Duration,
        requestBodyBytes: Int,
        responseBodyBytes: Int,
        attempts: Int
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.duration = duration
        self.lastAttemptDuration = lastAttemptDuration
        self.requestBodyBytes = requestBodyBytes
        self.responseBodyBytes = responseBodyBytes
        self.attempts = attempts
    }

    public var description: String {
        "\(Self.milliseconds(duration)) ms, \(attempts) attempt\(attempts == 1 ? "" : "s"), sent \(requestBodyBytes) bytes, received \(responseBodyBytes) bytes"
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
