import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `Authorization: Bearer <token>` with every request and, when a response is 401,
/// refreshes the token once and retries with the new one.
///
/// Concurrent requests that are rejected together share one refresh. A request that was
/// rejected with an older token retries with the current one without refreshing again.
/// A failed refresh, or a 401 for the refreshed token, ends the request with the 401 and
/// says why; nothing loops.
///
/// ```swift
/// let refresher = session   // a session without this interceptor
/// session.interceptors = [
///     AuthenticationInterceptor(token: "expired-token") {
///         try await refresher.send(RefreshToken(refreshToken: "refresh-1")).accessToken
///     },
/// ]
/// let account = try await session.send(AccountEndpoint())
/// ```
public struct AuthenticationInterceptor: RequestInterceptor {
    /// The token and its single-flight refresh, shared by every copy of this interceptor.
    public let store: AuthenticationTokenStore

    /// Uses an existing store, for example one shared by several sessions.
    public init(store: AuthenticationTokenStore) {
        self.store = store
    }

    /// Starts with `token` and refreshes with `refresh`.
    public init(token: String?, refresh: @escaping @Sendable () async throws -> String) {
        self.store = AuthenticationTokenStore(token: token, refresh: refresh)
    }

    public func adapt(_ request: URLRequest) async throws -> URLRequest {
        guard let value = AuthorizationValue.make(from: await store.token) else { return request }
        var request = request
        request.setValue(value, forHTTPHeaderField: "Authorization")
        return request
    }

    public func retry(_ request: URLRequest, after outcome: AttemptOutcome, context: RetryContext) async -> RetryDecision {
        guard outcome.statusCode == 401 else { return .doNotRetry }
        if context.statusCodes.dropLast().contains(401) {
            return .giveUp(reason: "the server rejected the refreshed token too")
        }
        let rejected = request.value(forHTTPHeaderField: "Authorization").map(Self.credentials(of:))
        do {
            _ = try await store.token(replacing: rejected)
            return .retry
        } catch {
            return .giveUp(reason: "refreshing the token failed: \(error)")
        }
    }

    /// `Bearer abc` → `abc`: the store holds bare tokens.
    private static func credentials(of headerValue: String) -> String {
        let prefix = "bearer "
        if headerValue.lowercased().hasPrefix(prefix) {
            return String(headerValue.dropFirst(prefix.count)).trimmingWhitespace
        }
        return headerValue
    }
}
