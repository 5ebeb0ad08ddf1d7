/// Holds the current access token and refreshes it single-flight: however many requests
/// are rejected at once, one refresh runs and every one of them waits for its result.
///
/// ```swift
/// let store = AuthenticationTokenStore(token: "expired-token") {
///     try await session.send(RefreshToken(refreshToken: "refresh-1")).accessToken
/// }
/// let token = await store.token
/// ```
public actor AuthenticationTokenStore {
    /// The token sent with requests; `nil` sends none.
    public private(set) var token: String?

    private let refresh: @Sendable () async throws -> String
    private var refreshInFlight: Task<String, any Error>?

    /// - Parameters:
    ///   - token: the token to start with, possibly already expired; `nil` for none yet.
    ///   - refresh: fetches a new token. Called by one caller at a time, only when needed.
    public init(token: String?, refresh: @escaping @Sendable () async throws -> String) {
        self.token = token
        self.refresh = refresh
    }

    /// Replaces the token, for example after a sign-in.
    public func setToken(_ token: String?) {
        self.token = token
    }

    /// A token to retry with after `rejected` was refused. Refreshes only when `rejected` is
    /// still the current token; if another request already refreshed, returns its token; if
    /// a refresh is running, waits for it.
    public func token(replacing rejected: String?) async throws -> String {
        if let token, token != rejected {
            return token
        }
        if let refreshInFlight {
            return try await refreshInFlight.value
        }
        let task = Task { try await self.runRefresh() }
        refreshInFlight = task
        return try await task.value
    }

    /// Stores the new token before any waiter resumes, so the retries all see it.
    private func runRefresh() async throws -> String {
        defer { refreshInFlight = nil }
        let newToken = try await refresh()
        token = newToken
        return newToken
    }
}
