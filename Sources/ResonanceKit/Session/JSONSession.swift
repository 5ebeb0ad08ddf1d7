import Foundation
import Logging
import Tracing

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
    /// Where requests go and what they share there: base URL, headers, timeout, cache policy.
    /// Assign another environment to switch every later request to it.
    ///
    /// ```swift
    /// session.environment = APIEnvironment(name: "mock", baseURL: URL(string: "http://127.0.0.1:8080")!)
    /// ```
    public var environment: APIEnvironment

    /// The URL every request path is appended to: the ``environment``'s base URL. Its path
    /// prefix is kept: `https://host/v2` plus `people/` is `https://host/v2/people/`.
    public var baseURL: URL {
        get { environment.baseURL }
        set { environment.baseURL = newValue }
    }

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
    /// ``RequestError/Kind/timeout(_:)``: retries and their back-off waits included.
    /// Enforced by the client itself, so it holds even when the transport never answers.
    /// Must be greater than zero. The environment's and a request's own timeout override it.
    public var timeout: TimeInterval = 60

    /// Interceptors, in order: each adapts every attempt before it is sent (the first one
    /// first), and after an attempt they are asked in the same order whether to retry.
    ///
    /// ```swift
    /// session.interceptors = [AuthenticationInterceptor(token: "expired-token") { _ in try await refresh() }]
    /// ```
    public var interceptors: [any RequestInterceptor] = []

    /// Automatic retries of failed attempts; `nil` retries nothing by itself (interceptors
    /// may still ask for a retry, capped at ``RetryPolicy/defaultMaximumAttempts`` attempts).
    ///
    /// ```swift
    /// session.retryPolicy = RetryPolicy(maximumAttempts: 4, maximumTotalTime: 30)
    /// ```
    public var retryPolicy: RetryPolicy?

    /// What happens on a redirect (301, 302, 303, 307, 308): followed by default, with 307 and
    /// 308 keeping method and body, whatever the transport. A request's own policy wins.
    ///
    /// ```swift
    /// session.redirectPolicy = .doNotFollow        // every 3xx comes back as it is
    /// ```
    public var redirectPolicy: RedirectPolicy = .follow

    /// The tracer requests report their spans to; `nil` (the default) uses the one bootstrapped
    /// with `InstrumentationSystem.bootstrap` (swift-distributed-tracing), and when none is,
    /// tracing costs nothing. Set it to trace one session only, for example in tests.
    ///
    /// Each request is one client span named `GET api/1.0/people/{id}` (the request's
    /// `pathTemplate`, else its path) with the method, URL, status, attempt count and body sizes
    /// as attributes and every retry wait and redirect as an event; the span's context is injected
    /// into each attempt's headers (W3C `traceparent` with swift-otel).
    ///
    /// ```swift
    /// session.tracer = InMemoryTracer()
    /// ```
    public var tracer: (any Tracer)?

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
        self.init(environment: APIEnvironment(name: "default", baseURL: baseURL), transport: transport, logger: logger)
    }

    /// Creates a session for a named environment.
    ///
    /// ```swift
    /// var session = JSONSession(environment: .init(name: "mock", baseURL: URL(string: "http://127.0.0.1:8080")!))
    /// ```
    public init(
        environment: APIEnvironment,
        transport: any HTTPTransport = URLSessionTransport.shared,
        logger: Logger = Logger(label: "ResonanceKit")
    ) {
        self.environment = environment
        self.transport = transport
        self.logger = logger
    }
}
