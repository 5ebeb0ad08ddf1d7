import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RequestError: CustomStringConvertible {
    public var description: String {
        var text = summary
        if let retryNote {
            text += " Retries: \(retryNote)."
        } else if attempts > 1 {
            text += " (after \(attempts) attempts)"
        }
        return text
    }

    private var summary: String {
        let request = "\(method.rawValue) \(url?.absoluteString ?? "<no URL>")"
        switch kind {
        case .httpStatus(let status):
            let reason = HTTPURLResponse.localizedString(forStatusCode: status)
            var text = "\(request) failed with status \(status) (\(reason))."
            guard let data, !data.isEmpty else {
                return text + " " + BodySnippet.emptyBodySentence
            }
            if errorResponse is Data {
                text += " " + BodySnippet.sentence(for: data)
            } else if let errorResponse {
                text += " Error body: \(errorResponse)."
            } else {
                text += " The body did not decode as \(ErrorResponse.self). \(BodySnippet.sentence(for: data))"
            }
            return text
        case .decoding(let failure):
            return "\(request): \(failure)"
        case .encoding(let reason):
            return "\(request): could not encode the request body: \(reason)"
        case .invalidRequest(let reason):
            return "\(request): invalid request: \(reason)"
        case .transport(let underlying):
            let failure = TransportFailure(underlying, url: failingURL ?? url)
            let text = failure.description
            let lead: String
            switch failure {
            case .tooManyRedirects:
                // Responses did arrive: redirects, more than the policy allows.
                lead = "\(request) stopped following redirects"
            case .connectionLost, .other:
                // Possibly after the response head (a body cut short), so not "before a response".
                lead = "\(request) failed"
            case .connectionRefused, .hostNotFound, .tlsFailure, .notConnectedToInternet, .badServerResponse:
                lead = "\(request) failed before a response arrived"
            }
            return "\(lead): \(text)" + (text.hasSuffix("?") ? "" : ".")
        case .timeout(let seconds):
            return "\(request) got no response within \(seconds) s (the timeout of the request, its environment or JSONSession). "
                + "Check that the server is reachable, or raise the timeout for slow endpoints."
        case .cancelled:
            return "\(request) was cancelled because its task was cancelled."
        case .unacceptableContentType(let expected, let received):
            return "\(request) answered with Content-Type \(received), but the request accepts only "
                + "\(expected.joined(separator: " or ")). Check the path, or declare the type in `accepts` "
                + "(or use Data / HTTPRequest for any content). \(BodySnippet.sentence(for: data ?? Data()))"
        }
    }
}

extension RequestError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` is useful too.
    public var errorDescription: String? { description }
}
