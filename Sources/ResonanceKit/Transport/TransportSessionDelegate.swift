import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of every `URLSession` that ``URLSessionTransport`` creates.
///
/// - It refuses every redirect, so the 3xx response itself comes back: ``JSONSession`` follows
///   redirects by its ``RedirectPolicy``. (Left to itself, Linux URLSession drops the body of a
///   POST it re-sends after 307 or 308.)
/// - On Linux, URLSession waits forever on a 401 or 407 carrying a `WWW-Authenticate: Basic` (or
///   Digest…) challenge when no delegate answers it. This delegate refuses such challenges at
///   once and remembers the challenged response, so the transport can return that status with
///   its headers instead of hanging. (Linux URLSession discards the body of that response.)
final class TransportSessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    #if canImport(FoundationNetworking)
    private let refusedResponses = LockedValue([Int: HTTPURLResponse]())
    #endif

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    #if canImport(FoundationNetworking)
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // Only HTTP authentication challenges carry the server's response; Linux has no
        // server-trust challenges, so anything else keeps the default handling.
        guard let response = challenge.failureResponse as? HTTPURLResponse else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        refusedResponses.withLock { $0[task.taskIdentifier] = response }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// The response whose challenge was refused for this task, removed so nothing accumulates.
    func takeRefusedResponse(forTask taskIdentifier: Int) -> HTTPURLResponse? {
        refusedResponses.withLock { $0.removeValue(forKey: taskIdentifier) }
    }
    #endif
}
