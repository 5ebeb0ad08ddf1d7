import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A named configuration of one service: where it lives and what every request to it shares.
/// A session switches between staging, production and a local `mockserver` with one assignment.
///
/// ```swift
/// extension APIEnvironment {
///     static let mock = APIEnvironment(name: "mock", baseURL: URL(string: "http://127.0.0.1:8080")!)
///     static let production = APIEnvironment(
///         name: "production", baseURL: URL(string: "https://api.example.com")!,
///         headers: ["X-Client": "demo"], timeout: 20)
/// }
/// session.environment = .mock
/// ```
public struct APIEnvironment: Sendable, Hashable {
    /// A name for logs and error messages, such as `staging`.
    public var name: String
    /// The URL every request path is appended to; its own path prefix is kept.
    public var baseURL: URL
    /// Headers sent with every request in this environment; the session's ``JSONSession/headers``
    /// and each request's headers override them (names compare case-insensitively).
    public var headers: [String: String]
    /// Replaces ``JSONSession/timeout`` in this environment; a request's own timeout wins.
    public var timeout: TimeInterval?
    /// The cache policy of requests in this environment; a request's own policy wins.
    public var cachePolicy: URLRequest.CachePolicy?

    public init(
        name: String,
        baseURL: URL,
        headers: [String: String] = [:],
        timeout: TimeInterval? = nil,
        cachePolicy: URLRequest.CachePolicy? = nil
    ) {
        self.name = name
        self.baseURL = baseURL
        self.headers = headers
        self.timeout = timeout
        self.cachePolicy = cachePolicy
    }
}
