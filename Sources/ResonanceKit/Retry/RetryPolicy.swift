import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how often a failed attempt is sent again (``JSONSession/retryPolicy``).
///
/// By default: only idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS, TRACE); after a lost
/// or refused connection or a transport-level timeout, and after 408, 429, 502, 503 and 504;
/// waiting as `Retry-After` says (seconds or an HTTP date) or else with exponential back-off
/// and full jitter; at most 3 attempts and 60 seconds in all. A wait that would pass the
/// total budget or the request's timeout is not started: the request fails at once and
/// its error says why.
///
/// ```swift
/// session.retryPolicy = RetryPolicy(maximumAttempts: 4, maximumTotalTime: 20, baseDelay: 0.25)
/// ```
public struct RetryPolicy: RequestInterceptor {
    /// How a back-off delay is randomised, so clients rejected together do not return together.
    public enum Jitter: Sendable, Equatable {
        /// Exactly the exponential delay.
        case none
        /// Anywhere from 0 to the exponential delay (AWS "full jitter").
        case full
        /// Half the exponential delay plus up to half again (AWS "equal jitter").
        case equal
    }

    /// The attempt cap an interceptor's retries run into when the session has no policy.
    public static let defaultMaximumAttempts = 3

    /// The most attempts in all, the first included. At least 1.
    public var maximumAttempts: Int
    /// The most seconds from the first attempt's start that waiting may reach.
    public var maximumTotalTime: TimeInterval
    /// The delay before the first retry, before jitter; it doubles for each later retry.
    public var baseDelay: TimeInterval
    /// The longest single back-off delay, before jitter.
    public var maximumDelay: TimeInterval
    /// How back-off delays are randomised.
    public var jitter: Jitter
    /// Methods that may be retried, stored in upper case however they are given, so
    /// `policy.retryableMethods.insert("post")` retries POST.
    public var retryableMethods: Set<String> {
        didSet {
            if retryableMethods.contains(where: { $0 != $0.uppercased() }) {
                retryableMethods = Set(retryableMethods.map { $0.uppercased() })
            }
        }
    }
    /// Statuses that are retried.
    public var retryableStatusCodes: Set<Int>
    /// Transport errors that are retried.
    public var retryableErrorCodes: Set<URLError.Code>
    /// Whether a `Retry-After` header sets the wait (instead of the back-off).
    public var honorsRetryAfter: Bool
    /// A random number in `0..<1`, for jitter; inject a fixed source in tests.
    public var random: @Sendable () -> Double

    public init(
        maximumAttempts: Int = 3,
        maximumTotalTime: TimeInterval = 60,
        baseDelay: TimeInterval = 0.5,
        maximumDelay: TimeInterval = 30,
        jitter: Jitter = .full,
        retryableMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"],
        retryableStatusCodes: Set<Int> = [408, 429, 502, 503, 504],
        retryableErrorCodes: Set<URLError.Code> = [.networkConnectionLost, .cannotConnectToHost, .timedOut],
        honorsRetryAfter: Bool = true,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maximumAttempts = maximumAttempts
        self.maximumTotalTime = maximumTotalTime
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.jitter = jitter
        self.retryableMethods = Set(retryableMethods.map { $0.uppercased() })
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableErrorCodes = retryableErrorCodes
        self.honorsRetryAfter = honorsRetryAfter
        self.random = random
    }

    /// The back-off before retry number `retry` (1 for the first retry), jitter applied.
    ///
    /// ```swift
    /// RetryPolicy(baseDelay: 1, jitter: .none).backoff(beforeRetry: 3)   // 4 seconds
    /// ```
    public func backoff(beforeRetry retry: Int) -> TimeInterval {
        let exponent = Double(min(max(retry - 1, 0), 62))
        let exponential = min(max(maximumDelay, 0), max(baseDelay, 0) * pow(2, exponent))
        let unit = min(max(random(), 0), 1)
        switch jitter {
        case .none: return exponential
        case .full: return exponential * unit
        case .equal: return exponential / 2 + exponential / 2 * unit
        }
    }

    public func retry(_ request: URLRequest, after outcome: AttemptOutcome, context: RetryContext) async -> RetryDecision {
        decision(method: request.httpMethod ?? "GET", outcome: outcome, attempt: context.attempt, now: Date())
    }

    /// The decision for an attempt of `method` that ended with `outcome`; `now` dates `Retry-After`.
    func decision(method: String, outcome: AttemptOutcome, attempt: Int, now: Date) -> RetryDecision {
        guard retryableMethods.contains(method.uppercased()) else { return .doNotRetry }
        switch outcome {
        case .response(let response):
            guard retryableStatusCodes.contains(response.statusCode) else { return .doNotRetry }
            if honorsRetryAfter, let header = response.headers["Retry-After"],
               let delay = RetryAfter.delay(from: header, now: now) {
                return .retryAfter(delay)
            }
        case .failure(let error):
            guard let urlError = error as? URLError, retryableErrorCodes.contains(Self.retryCode(of: urlError)) else { return .doNotRetry }
        }
        return .retryAfter(backoff(beforeRetry: attempt))
    }

    /// The code a retry is decided on. A connection closed before any answer is reported as
    /// `.networkConnectionLost` by Apple's URLSession and the AsyncHTTPClient transport, but as
    /// `.badServerResponse` ("Empty reply from server") by URLSession on Linux; both are the lost
    /// connection ``TransportFailure`` calls them, so both transports retry it alike.
    static func retryCode(of error: URLError) -> URLError.Code {
        if case .connectionLost = TransportFailure(error, url: nil) { return .networkConnectionLost }
        return error.code
    }
}
