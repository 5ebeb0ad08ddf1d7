import Foundation

/// The final response of the pipeline, with why retrying stopped if it stopped early.
struct Execution: Sendable {
    var response: HTTPResponse
    var retryNote: String?
}

/// A pipeline failure without a usable response, before it is typed as a ``RequestError``.
struct ExecutionFailure: Error {
    enum Kind {
        case transport(any Error)
        case timeout(TimeInterval)
        case cancelled
        case invalidRequest(String)
    }

    var kind: Kind
    var metrics: HTTPMetrics?
    var retryNote: String?
    /// For a transport failure: the URL of the hop that failed, which after a redirect is not the
    /// request's own.
    var failingURL: URL?

    func requestError<ErrorResponse>(method: HTTPMethod, url: URL?, as errorType: ErrorResponse.Type = ErrorResponse.self) -> RequestError<ErrorResponse> {
        let requestKind: RequestError<ErrorResponse>.Kind = switch kind {
        case .transport(let error): .transport(error)
        case .timeout(let seconds): .timeout(seconds)
        case .cancelled: .cancelled
        case .invalidRequest(let reason): .invalidRequest(reason)
        }
        return RequestError(requestKind, method: method, url: url, metrics: metrics, retryNote: retryNote, failingURL: failingURL)
    }
}
