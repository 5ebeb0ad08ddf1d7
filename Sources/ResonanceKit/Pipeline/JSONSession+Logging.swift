import Foundation
import Logging

extension JSONSession {
    func logRequest(_ outgoing: OutgoingRequest) {
        guard logLevel >= .request else { return }
        let url = outgoing.urlRequest.url?.absoluteString ?? ""
        logger.info("→ \(outgoing.method.rawValue) \(url)")
        logger.debug("\(CurlCommand.make(for: outgoing, masksAuthorization: true))")
        if logLevel >= .response, let body = outgoing.body {
            logger.debug("→ body: \(BodySnippet.make(from: body))")
        }
    }

    func logResponse(_ response: HTTPResponse, for outgoing: OutgoingRequest) {
        guard logLevel >= .response else { return }
        let url = outgoing.urlRequest.url?.absoluteString ?? ""
        let metrics = response.metrics
        logger.info("← \(response.statusCode) \(outgoing.method.rawValue) \(url) in \(HTTPMetrics.milliseconds(metrics.duration)) ms, \(metrics.responseBodyBytes) bytes (sent \(metrics.requestBodyBytes) bytes, \(metrics.attempts) attempt\(metrics.attempts == 1 ? "" : "s"))")
        logger.debug("← body: \(BodySnippet.make(from: response.body))")
    }

    func logRetry(_ outgoing: OutgoingRequest, outcome: AttemptOutcome, delay: TimeInterval, nextAttempt: Int, of maximumAttempts: Int) {
        guard logLevel >= .request else { return }
        let url = outgoing.urlRequest.url?.absoluteString ?? ""
        let cause = switch outcome {
        case .response(let response): "status \(response.statusCode)"
        case .failure(let error): "\(error)"
        }
        logger.info("↻ \(outgoing.method.rawValue) \(url) after \(cause): attempt \(nextAttempt) of at most \(maximumAttempts) in \(Self.format(delay)) s")
    }

    func logFailure(_ description: String, metrics: HTTPMetrics?) {
        guard logLevel >= .request else { return }
        let after = metrics.map { " (after \(HTTPMetrics.milliseconds($0.duration)) ms)" } ?? ""
        logger.info("✕ \(description)\(after)")
    }
}
