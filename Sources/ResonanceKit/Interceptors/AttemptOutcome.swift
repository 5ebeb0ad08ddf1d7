/// How one attempt ended: with a response (any status) or an error before a response.
///
/// ```swift
/// if case .response(let response) = outcome, response.statusCode == 401 { … }
/// ```
public enum AttemptOutcome: Sendable {
    /// A response arrived; its status may be anything.
    case response(HTTPResponse)
    /// The transport failed (for example `URLError(.networkConnectionLost)`).
    case failure(any Error)

    /// The status code, when a response arrived.
    public var statusCode: Int? {
        if case .response(let response) = self { response.statusCode } else { nil }
    }
}
