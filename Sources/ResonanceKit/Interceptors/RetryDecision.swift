import Foundation

/// An interceptor's answer after an attempt.
///
/// ```swift
/// return response.statusCode == 503 ? .retryAfter(2) : .doNotRetry
/// ```
public enum RetryDecision: Sendable, Equatable {
    /// Not my business: ask the next interceptor (and finally the retry policy).
    case doNotRetry
    /// Send again at once.
    case retry
    /// Send again after waiting this many seconds.
    case retryAfter(TimeInterval)
    /// Stop now, even if a later interceptor or the retry policy would retry; `reason` is
    /// added to the error's description.
    case giveUp(reason: String)
}
