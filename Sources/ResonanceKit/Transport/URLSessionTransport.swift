import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: a `URLSession` without cookies or URL cache, so responses
/// are exactly what the server sent and connections are reused across requests.
///
/// A transport created here never follows redirects itself: it returns the 3xx response and
/// ``JSONSession`` follows it by its ``RedirectPolicy`` (keeping method and body on 307/308, which
/// Linux URLSession would drop). Under a session, the session's deadline is the only timer, so
/// fractional timeouts are exact (Linux URLSession would cut `timeoutInterval` to whole seconds).
///
/// ```swift
/// let session = JSONSession(baseURL: url)                       // uses URLSessionTransport.shared
///
/// // A transport with cookies, e.g. for a server that keeps its login in a session cookie:
/// let configuration = URLSessionTransport.defaultConfiguration()
/// configuration.httpCookieStorage = URLSessionConfiguration.ephemeral.httpCookieStorage   // an in-memory jar
/// configuration.httpShouldSetCookies = true
/// configuration.httpCookieAcceptPolicy = .always
/// let withCookies = JSONSession(baseURL: url, transport: URLSessionTransport(configuration: configuration))
/// ```
public final class URLSessionTransport: HTTPTransport {
    /// One transport for the whole process, created on first use, so every session shares
    /// its connection pool.
    public static let shared = URLSessionTransport()

    /// The underlying session.
    public let urlSession: URLSession

    /// Whether `urlSession` was created here and must be invalidated with the transport.
    private let ownsSession: Bool

    /// The delegate of a session created here; `nil` for a session passed in.
    private let delegate: TransportSessionDelegate?

    /// Creates a transport with its own `URLSession` built from `configuration`. By default:
    /// ephemeral, no cookies, no URL cache. Pass a configuration with an `HTTPCookieStorage`
    /// to keep cookies between requests (see the example above). Redirects are returned, not
    /// followed; ``JSONSession`` follows them.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {
        let delegate = TransportSessionDelegate()
        self.delegate = delegate
        self.urlSession = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.ownsSession = true
    }

    /// Wraps an existing session, for example one with a delegate for certificate pinning.
    /// The session stays yours: it is not invalidated when the transport goes away, and it follows
    /// redirects by its own delegate's rules before ``JSONSession``'s ``RedirectPolicy`` sees them.
    public init(urlSession: URLSession) {
        self.urlSession = urlSession
        self.ownsSession = false
        self.delegate = nil
    }

    deinit {
        if ownsSession {
            urlSession.finishTasksAndInvalidate()
        }
    }

    /// Ephemeral, with cookies and the URL cache turned off: a REST client should see every
    /// response the server sends and carry no state between requests.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await send(request, deadline: nil)
    }

    private func send(_ request: URLRequest, deadline: TimeInterval?) async throws -> (Data, HTTPURLResponse) {
        let exchange = PendingExchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = urlSession.dataTask(with: request) { [self] data, response, error in
                    exchange.finish(outcome(data: data, response: response, error: error, exchange: exchange))
                }
                exchange.start(task, continuation: continuation, deadline: deadline)
            }
        } onCancel: {
            exchange.cancel()
        }
    }
}

extension URLSessionTransport: DeadlineEnforcingTransport {
    /// One timer on the data task instead of `withDeadline`'s task: the same contract (cancel the
    /// task, throw `DeadlineExceeded`). The time to the first byte is not visible through a
    /// completion handler, so it is not reported.
    package func exchange(_ request: URLRequest, deadlineSeconds: TimeInterval) async throws -> TransportResponse {
        let (body, head) = try await send(request, deadline: deadlineSeconds)
        return TransportResponse(body: body, head: head)
    }
}

extension URLSessionTransport {
    private func outcome(data: Data?, response: URLResponse?, error: (any Error)?, exchange: PendingExchange) -> Result<(Data, HTTPURLResponse), any Error> {
        #if canImport(FoundationNetworking)
        if let taskIdentifier = exchange.taskIdentifier,
           let refused = delegate?.takeRefusedResponse(forTask: taskIdentifier) {
            return .success((Data(), refused))
        }
        #endif
        if let error {
            return .failure(error)
        }
        guard let response = response as? HTTPURLResponse else {
            return .failure(URLError(.badServerResponse))
        }
        return .success((data ?? Data(), response))
    }
}

/// One request in flight. Resumes its continuation exactly once: with the response, with
/// `CancellationError` the moment the task is cancelled, or with `DeadlineExceeded` when its
/// deadline passes, even if URLSession never calls back.
private final class PendingExchange: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        var task: URLSessionDataTask?
        var taskIdentifier: Int?
        var deadlineTimer: DeadlineTimer?
        var isCancelled = false
    }

    private let state = LockedValue(State())

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>, deadline: TimeInterval?) {
        let alreadyCancelled = state.withLock { state in
            if state.isCancelled { return true }
            state.continuation = continuation
            state.task = task
            state.taskIdentifier = task.taskIdentifier
            if let deadline {
                state.deadlineTimer = DeadlineTimer(seconds: deadline) { [self] in
                    end(throwing: DeadlineExceeded())
                }
            }
            return false
        }
        if alreadyCancelled {
            continuation.resume(throwing: CancellationError())
        } else {
            task.resume()
        }
    }

    var taskIdentifier: Int? {
        state.withLock { $0.taskIdentifier }
    }

    func finish(_ result: Result<(Data, HTTPURLResponse), any Error>) {
        let (continuation, timer) = state.withLock { state in
            defer { state.continuation = nil; state.task = nil; state.deadlineTimer = nil }
            return (state.continuation, state.deadlineTimer)
        }
        timer?.stop()
        continuation?.resume(with: result)
    }

    func cancel() {
        end(throwing: CancellationError())
    }

    /// Cancels the data task and resumes the waiter with `error`, if nothing resumed it yet.
    private func end(throwing error: any Error) {
        let (continuation, task, timer) = state.withLock { state in
            state.isCancelled = true
            defer { state.continuation = nil; state.task = nil; state.deadlineTimer = nil }
            return (state.continuation, state.task, state.deadlineTimer)
        }
        timer?.stop()
        task?.cancel()
        continuation?.resume(throwing: error)
    }
}
