/// Misuse of an ``AsyncHTTPClientTransport``, said in words.
///
/// ```swift
/// do { try await AsyncHTTPClientTransport.shared.shutdown() } catch { print(error) }
/// ```
public enum AsyncHTTPClientTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A request was sent after ``AsyncHTTPClientTransport/shutdown()``.
    case shutDown
    /// ``AsyncHTTPClientTransport/shutdown()`` was called on the shared transport or on one
    /// wrapping a client it does not own.
    case notOwned(isShared: Bool)
    /// The response body was longer than ``AsyncHTTPClientTransport/maximumResponseBodyBytes``.
    case responseBodyTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .shutDown:
            "the AsyncHTTPClientTransport was shut down; create a new one, or send through AsyncHTTPClientTransport.shared"
        case .notOwned(let isShared):
            isShared
                ? "AsyncHTTPClientTransport.shared lives as long as the process and cannot be shut down; create your own AsyncHTTPClientTransport to control its lifetime"
                : "this AsyncHTTPClientTransport wraps an HTTPClient it does not own; shut that client down where it was created"
        case .responseBodyTooLarge(let limit):
            "the response body is longer than \(limit) bytes (AsyncHTTPClientTransport.maximumResponseBodyBytes); raise the limit for this endpoint's transport"
        }
    }
}
