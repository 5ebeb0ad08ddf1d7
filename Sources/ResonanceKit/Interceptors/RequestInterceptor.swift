import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One link in a session's interceptor chain (``JSONSession/interceptors``): it may change
/// each attempt before it is sent, and decide after each attempt whether to send it again.
///
/// Both methods have defaults that do nothing, so implement only what you need.
///
/// ```swift
/// struct RequestIDInterceptor: RequestInterceptor {
///     func adapt(_ request: URLRequest) async throws -> URLRequest {
///         var request = request
///         request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
///         return request
///     }
/// }
/// session.interceptors.append(RequestIDInterceptor())
/// ```
public protocol RequestInterceptor: Sendable {
    /// Returns the request to send. Called for every attempt, always starting from the
    /// request as built, so adapting twice never stacks changes. Throwing fails the request
    /// with ``RequestError/Kind/invalidRequest(_:)`` naming your error.
    func adapt(_ request: URLRequest) async throws -> URLRequest

    /// Decides whether to send the request again after `outcome`. The first interceptor
    /// that answers anything but ``RetryDecision/doNotRetry`` decides; the session's
    /// ``RetryPolicy`` is asked last. The attempt and time caps still apply.
    func retry(_ request: URLRequest, after outcome: AttemptOutcome, context: RetryContext) async -> RetryDecision
}

extension RequestInterceptor {
    public func adapt(_ request: URLRequest) async throws -> URLRequest {
        request
    }

    public func retry(_ request: URLRequest, after outcome: AttemptOutcome, context: RetryContext) async -> RetryDecision {
        .doNotRetry
    }
}
