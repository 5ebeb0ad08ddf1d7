import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` over AsyncHTTPClient's `HTTPClient`, for server-side Swift (Vapor,
/// Hummingbird) and for Linux, where it avoids URLSession's weak spots: no hang on a Basic
/// challenge, no cancellation deadlock, exact deadlines, and the time to the first byte in
/// ``HTTPMetrics/timeToFirstByte``.
///
/// Give every session that should share connections the same transport: ``shared`` for the
/// whole process, or one you create and shut down yourself.
///
/// ```swift
/// import ResonanceKitAsyncHTTPClient
///
/// let transport = AsyncHTTPClientTransport()          // its own HTTPClient, connection pool and all
/// var session = JSONSession(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: transport)
/// session.timeout = 0.5                               // exact: fails between 0.5 and ~0.55 s
/// let people = try await session.send(HTTPRequest(path: "api/1.0/people/"))
/// try await transport.shutdown()                      // closes its connections; later sends fail
///
/// let sharing = JSONSession(baseURL: url, transport: AsyncHTTPClientTransport.shared)  // never shut down
/// let onVapor = AsyncHTTPClientTransport(client: app.http.client.shared)              // the app's client
/// ```
///
/// Like every transport, it returns 3xx responses untouched and ``JSONSession`` follows them
/// by its ``RedirectPolicy``; it decompresses `gzip` and `deflate` bodies (and asks for them
/// with `Accept-Encoding` unless the request names its own); the session's deadline is its only
/// timer; cancelling the calling task cancels the request at once. Tracing is left to the
/// session, so the client it creates has AsyncHTTPClient's own tracing turned off.
public final class AsyncHTTPClientTransport: HTTPTransport, Sendable {
    /// One transport for the whole process, created on first use; it is never shut down.
    public static let shared = AsyncHTTPClientTransport(configuration: defaultConfiguration(), ownership: .process)

    /// The underlying client.
    public let client: HTTPClient

    /// The most bytes a response body may have once decompressed; a longer one fails the request
    /// instead of filling memory.
    public let maximumResponseBodyBytes: Int

    /// Whether this transport asks for compressed bodies (its client decompresses them).
    let requestsCompression: Bool

    private let ownership: Ownership

    /// Who shuts the client down.
    enum Ownership: Sendable {
        /// Created here: ``shutdown()`` or the transport's end shuts it down.
        case transport
        /// ``AsyncHTTPClientTransport/shared``: lives as long as the process.
        case process
        /// Passed in: its owner shuts it down.
        case caller
    }

    /// Creates a transport with its own `HTTPClient` on the shared event loop group.
    ///
    /// Redirects are never followed by the client (``JSONSession`` follows them) and
    /// AsyncHTTPClient's own tracing is off (the session traces), whatever `configuration` says;
    /// everything else in it is kept. Call ``shutdown()`` when done; a transport that goes away
    /// without it shuts its client down in the background.
    ///
    /// - Parameters:
    ///   - configuration: ``defaultConfiguration()`` unless you need TLS settings, a proxy or
    ///     other connection-pool limits.
    ///   - maximumResponseBodyBytes: the largest (decompressed) body accepted; 256 MiB by default.
    public convenience init(
        configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration(),
        maximumResponseBodyBytes: Int = 256 << 20
    ) {
        self.init(configuration: configuration, ownership: .transport, maximumResponseBodyBytes: maximumResponseBodyBytes)
    }

    /// Uses a client you own, such as Vapor's `app.http.client.shared` or `HTTPClient.shared`; you
    /// shut it down, ``shutdown()`` does not. Such a client follows redirects and traces by its own
    /// configuration before the session sees the response; for the session's ``RedirectPolicy``
    /// to apply, configure it with `redirectConfiguration: .disallow`.
    ///
    /// - Parameter requestsCompression: whether to send `Accept-Encoding: gzip, deflate`; say
    ///   `true` only when `client` was configured with `decompression: .enabled`, or the body
    ///   arrives compressed.
    public init(client: HTTPClient, requestsCompression: Bool = false, maximumResponseBodyBytes: Int = 256 << 20) {
        self.client = client
        self.ownership = .caller
        self.maximumResponseBodyBytes = maximumResponseBodyBytes
        self.requestsCompression = requestsCompression
    }

    private init(configuration: HTTPClient.Configuration, ownership: Ownership, maximumResponseBodyBytes: Int = 256 << 20) {
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        configuration.tracing.tracer = nil
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.ownership = ownership
        self.maximumResponseBodyBytes = maximumResponseBodyBytes
        if case .enabled = configuration.decompression {
            self.requestsCompression = true
        } else {
            self.requestsCompression = false
        }
    }

    deinit {
        // `HTTPClient` traps in debug builds when released while running; shutting down keeps
        // it alive until its connections are closed. Fails harmlessly if already shut down.
        if ownership == .transport {
            client.shutdown { _ in }
        }
    }

    /// The configuration a transport created here starts from: decompression of any ratio (the
    /// body limit caps the result), no connect or read timeout of its own (the session's deadline
    /// is the only timer), and a refused connection failing at once instead of being retried until
    /// a connect timeout, so "nothing is listening" is reported as such; ``RetryPolicy`` retries it
    /// if you want.
    ///
    /// ```swift
    /// var configuration = AsyncHTTPClientTransport.defaultConfiguration()
    /// configuration.tlsConfiguration = myTLSConfiguration
    /// let transport = AsyncHTTPClientTransport(configuration: configuration)
    /// ```
    public static func defaultConfiguration() -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .hours(1), read: nil),
            decompression: .enabled(limit: .none)
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.tracing.tracer = nil
        return configuration
    }

    /// Closes the client's connections and waits until they are closed. Requests sent later fail
    /// with ``AsyncHTTPClientTransportError/shutDown``.
    ///
    /// - Throws: ``AsyncHTTPClientTransportError/notOwned`` for ``shared`` and for a transport
    ///   wrapping a client you passed in (shut that client down yourself).
    public func shutdown() async throws {
        guard ownership == .transport else {
            throw AsyncHTTPClientTransportError.notOwned(isShared: ownership == .process)
        }
        do {
            try await client.shutdown()
        } catch let error as HTTPClientError where error == .alreadyShutdown {
            return
        }
    }

    /// Sends `request` and returns the whole response, whatever its status; 3xx responses are
    /// returned, not followed. Used on its own, `request.timeoutInterval` is the deadline of the
    /// whole exchange, and passing it throws `URLError(.timedOut)` (under a ``JSONSession``, the
    /// session's deadline is the deadline).
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let seconds = request.timeoutInterval > 0 ? request.timeoutInterval : 60
        do {
            let exchange = try await exchange(request, deadlineSeconds: seconds)
            return (exchange.body, exchange.head)
        } catch is DeadlineExceeded {
            throw URLError(.timedOut)
        }
    }
}

extension AsyncHTTPClientTransport: DeadlineEnforcingTransport {
    /// One AsyncHTTPClient request whose deadline is the session's, to the nanosecond, for the
    /// whole exchange (head and body): AsyncHTTPClient's delegate-based `execute` arms one timer
    /// on its event loop, so no task of our own is needed. Notes when the response head arrived.
    package func exchange(_ request: URLRequest, deadlineSeconds: TimeInterval) async throws -> TransportResponse {
        let clamped = deadlineSeconds.isNaN ? 0 : min(max(deadlineSeconds, 0), maximumDeadlineSeconds)
        let deadline = NIODeadline.now() + .nanoseconds(Int64(clamped * 1_000_000_000))
        do {
            let outgoing = try makeClientRequest(from: request)
            let task = client.execute(request: outgoing, delegate: ResponseCollector(limit: maximumResponseBodyBytes), deadline: deadline)
            let collected = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            let head = try makeResponse(collected.head, url: request.url)
            return TransportResponse(body: Data(buffer: collected.body), head: head, firstByteAt: collected.firstByteAt)
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            throw DeadlineExceeded()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Self.translate(error, limit: maximumResponseBodyBytes)
        }
    }
}
