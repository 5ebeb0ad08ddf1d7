/// What an interceptor knows about the request's attempts so far.
///
/// ```swift
/// if context.statusCodes.dropLast().contains(401) { return .giveUp(reason: "the new token was rejected too") }
/// ```
public struct RetryContext: Sendable {
    /// The number of the attempt that just ended: 1 for the first.
    public let attempt: Int
    /// The status of every attempt so far, oldest first, including the one that just ended;
    /// `nil` for an attempt that failed without a response.
    public let statusCodes: [Int?]
    /// Time since the first attempt started.
    public let elapsed: Duration

    /// For testing interceptors directly.
    public init(attempt: Int, statusCodes: [Int?], elapsed: Duration) {
        self.attempt = attempt
        self.statusCodes = statusCodes
        self.elapsed = elapsed
    }
}
