import Foundation
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JSONRequest {
    func logRequest(_ outgoing: OutgoingRequest) {
        guard session.logLevel >= .request else { return }
        let logger = session.logger
        let url = outgoing.urlRequest.url?.absoluteString ?? ""
        logger.info("→ \(method.rawValue) \(url)")
        logger.debug("\(CurlCommand.make(for: outgoing, masksAuthorization: true))")
        if session.logLevel >= .response, let body = outgoing.body {
            logger.debug("→ body: \(BodySnippet.make(from: body))")
        }
    }

    func logResponse(_ response: HTTPURLResponse, data: Data, for outgoing: OutgoingRequest, after duration: Duration) {
        guard session.logLevel >= .response else { return }
        let logger = session.logger
        let url = outgoing.urlRequest.url?.absoluteString ?? ""
        logger.info("← \(response.statusCode) \(method.rawValue) \(url) in \(Self.milliseconds(duration)) ms, \(data.count) bytes")
        logger.debug("← body: \(BodySnippet.make(from: data))")
    }

    func logFailure(_ failure: RequestError<ErrorResponse>, after duration: Duration) {
        guard session.logLevel >= .request else { return }
        session.logger.info("✕ \(failure) (after \(Self.milliseconds(duration)) ms)")
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
