import Foundation
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything requests against one REST service share: base URL, coding strategies, headers,
/// credentials, timeout, transport and logging.
///
/// `JSONSession` is a value type: configure a `var`, then hand it to any number of
/// ``JSONRequest``s, which may run concurrently from many tasks.
///
/// ```swift
/// var session = JSONSession(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// session.keyDecodingStrategy = .convertFromSnakeCase
/// session.dateDecodingStrategy = .iso8601WithFractionalSeconds
/// session.headers["X-Client"] = "demo"
/// session.authToken = "good-token"            // sent as "Authorization: Bearer good-token"
/// ```
public struct JSONSession: Sendable {
    /// The URL every request path is appended to. Its path prefix is kept:
    /// `https://host/v2` plus `people/` is `https://host/v2/people/`.
    public var baseURL: URL

    /// How JSON object keys map to property names when decoding responses.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// How dates in responses are decoded.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
    /// How binary data in responses is decoded.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// How property names map to JSON object keys when encoding request bodies.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// How dates in request bodies are encoded.
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
    /// How binary data in request bodies is encoded.
    public var dataEncodingStrategy: DataEncodingStrategy = .base64

    /// Headers sent with every request. A request's own headers override these
    /// (names compare case-insensitively).
    public var headers: [String: String] = [:]

    /// A credential sent as the `Authorization` header.
    ///
    /// A bare token is sent as `Bearer <token>`; a value that already names a scheme
    /// (`Basic dXNlcjpwYXNz`, `Bearer abc`) is sent unchanged. `nil` or blank sends nothing.
    public var authToken: String?

    /// The longest a request may take, in seconds, before it fails with
    /// ``RequestError/Kind/timeout(_:)``. Enforced by the client itself, so it holds even
    /// when the transport never answers. Must be greater than zero.
    public var timeout: TimeInterval = 60

    /// What actually sends requests. Defaults to the shared ``URLSessionTransport``;
    /// tests inject fakes or `FixtureTransport` from ResonanceKitTesting.
    public var transport: any HTTPTransport

    /// Where request and response logs go; see ``logLevel``.
    public var logger: Logger

    /// How much is logged per request. Defaults to ``LogLevel/none``.
    public var logLevel: LogLevel = .none

    /// Creates a session for the service at `baseURL`.
    ///
    /// ```swift
    /// let production = JSONSession(baseURL: URL(string: "https://api.example.com/v2")!)
    /// let mock = JSONSession(baseURL: URL(string: "http://127.0.0.1:8080/v2")!)
    /// ```
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport.shared,
        logger: Logger = Logger(label: "ResonanceKit")
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.logger = logger
    }
}
