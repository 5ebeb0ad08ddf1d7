import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: a `URLSession` without cookies or URL cache, so responses
/// are exactly what the server sent and connections are reused across requests.
///
/// ```swift
/// let session = JSONSession(baseURL: url)                       // uses URLSessionTransport.shared
/// let custom = JSONSession(baseURL: url, transport: URLSessionTransport(configuration: myConfiguration))
/// ```
public final class URLSessionTransport: HTTPTransport {
    /// One transport for the whole process, created on first use, so every session shares
    /// its connection pool.
    public static let shared = URLSessionTransport()

    /// The underlying session.
    public let urlSession: URLSession

    /// Creates a transport with its own `URLSession`. By default: ephemeral, no cookies,
    /// no URL cache.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {
        self.urlSession = URLSession(configuration: configuration)
    }

    /// Wraps an existing session, for example one with a delegate for certificate pinning.
    public init(urlSession: URLSession) {
        self.urlSession = urlSession
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
        let exchange = PendingExchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = urlSession.dataTask(with: request) { data, response, error in
                    if let error {
                        exchange.finish(.failure(error))
                    } else if let response = response as? HTTPURLResponse {
                        exchange.finish(.success((data ?? Data(), response)))
                    } else {
                        exchange.finish(.failure(URLError(.badServerResponse)))
                    }
                }
                exchange.start(task, continuation: continuation)
            }
        } onCancel: {
            exchange.cancel()
        }
    }
}

/// One request in flight. Resumes its continuation exactly once: with the response, or with
/// `CancellationError` the moment the task is cancelled, even if URLSession never calls back
/// (Linux URLSession can hang on a 401 carrying `WWW-Authenticate: Basic`).
private final class PendingExchange: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        var task: URLSessionDataTask?
        var isCancelled = false
    }

    private let state = LockedValue(State())

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) {
        let alreadyCancelled = state.withLock { state in
            if state.isCancelled { return true }
            state.continuation = continuation
            state.task = task
            return false
        }
        if alreadyCancelled {
            continuation.resume(throwing: CancellationError())
        } else {
            task.resume()
        }
    }

    func finish(_ result: Result<(Data, HTTPURLResponse), any Error>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil; state.task = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    func cancel() {
        let (continuation, task) = state.withLock { state in
            state.isCancelled = true
            defer { state.continuation = nil; state.task = nil }
            return (state.continuation, state.task)
        }
        task?.cancel()
        continuation?.resume(throwing: CancellationError())
    }
}
