#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// Linux URLSession waits forever on a 401 or 407 carrying a `WWW-Authenticate: Basic` (or
/// Digest…) challenge when no delegate answers it. This delegate refuses such challenges at
/// once and remembers the challenged response, so the transport can return that status with
/// its headers instead of hanging. (Linux URLSession discards the body of that response.)
final class ChallengeRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let refusedResponses = LockedValue([Int: HTTPURLResponse]())

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
}
#endif
