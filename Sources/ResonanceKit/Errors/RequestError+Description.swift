import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RequestError: CustomStringConvertible {
    public var description: String {
        let request = "\(method.rawValue) \(url?.absoluteString ?? "<no URL>")"
        switch kind {
        case .httpStatus(let status):
            let reason = HTTPURLResponse.localizedString(forStatusCode: status)
            var text = "\(request) failed with status \(status) (\(reason))."
            if let errorResponse {
                text += " Error body: \(errorResponse)."
            } else if let data, !data.isEmpty {
                text += " The body did not decode as \(ErrorResponse.self); first bytes: \(BodySnippet.make(from: data))"
            } else {
                text += " The body was empty."
            }
            return text
        case .decoding(let failure):
            return "\(request): \(failure)"
        case .encoding(let reason):
            return "\(request): could not encode the request body: \(reason)"
        case .invalidRequest(let reason):
            return "\(request): invalid request: \(reason)"
        case .transport(let underlying):
            return "\(request) failed before a response arrived: \(underlying). "
                + "Check the base URL, that the server is running and reachable, and the network."
        case .timeout(let seconds):
            return "\(request) got no response within \(seconds) s (JSONSession.timeout). "
                + "Check that the server is reachable, or raise the timeout for slow endpoints."
        case .cancelled:
            return "\(request) was cancelled because its task was cancelled."
        }
    }
}

extension RequestError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` is useful too.
    public var errorDescription: String? { description }
}
