import Foundation
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JSONSession {
    func logRequest(_ outgoing: OutgoingRequest) {
        guard logLevel >= .request else { return }
        let url = outgoing.urlRequest.url?.absoluteString ?? ""
        logger.info("→ \(outgoing.method.rawValue) \(url)")
        logger.debug("\(CurlCommand.make(for: outgoing, masksCredentials: true))")
        if logLevel >= .response, let body = outgoing.body {
            logger.debug("→ \(BodySnippet.sentence(for: body))")
        }
    }

    func logResponse(_ response: HTTPResponse, for outgoing: OutgoingRequest) {
        guard logLevel >= .response else { return }
        let url = outgoing.urlRequest.url?.absoluteString ?? ""
        let metrics = response.metrics
        logger.info("← \(response.statusCode) \(outgoing.method.rawValue) \(url) in \(HTTPMetrics.milliseconds(metrics.duration)) ms, \(metrics.responseBodyBytes) bytes (sent \(metrics.requestBodyBytes) bytes, \(metrics.attempts) attempt\(metrics.attempts == 1 ? "" : "s"))")
        logger.debug("← \(BodySnippet.sentence(for: response.body))")
    }

    func logRetry(_ outgoing: OutgoingRequest, cause: String, delay: TimeInterval, nextAttempt: Int, of maximumAttempts: Int) {
        guard logLevel >= .request else { return }
        let url = outgoing.urlRequest.url?.absoluteString ?? ""
        logger.info("↻ \(outgoing.method.rawValue) \(url) after \(cause): attempt \(nextAttempt) of at most \(maximumAttempts) in \(Self.format(delay)) s")
    }

    func logRedirect(_ outgoing: OutgoingRequest, status: Int, from request: URLRequest, to next: URLRequest) {
        guard logLevel >= .request else { return }
        let from = "\(request.httpMethod ?? outgoing.method.rawValue) \(request.url?.absoluteString ?? "")"
        let to = "\(next.httpMethod ?? "GET") \(next.url?.absoluteString ?? "")"
        logger.info("↪ \(status) \(from) → \(to)")
    }

    func logFailure(_ description: String, metrics: HTTPMetrics?) {
        guard logLevel >= .request else { return }
        let after = metrics.map { " (after \(HTTPMetrics.milliseconds($0.duration)) ms)" } ?? ""
        logger.info("✕ \(description)\(after)")
    }
}
