import Foundation

/// Why a ``JSONRequest`` failed: an unsuccessful status, an undecodable body, a transport
/// failure, a timeout, a cancellation, or a request that could not be built.
///
/// ```swift
/// do {
///     let person = try await request.perform()
/// } catch {
///     if error.statusCode == 422, let apiError = error.errorResponse {
///         show(apiError.error.message)
///     } else if case .timeout = error.kind {
///         retryLater()
///     } else {
///         print(error)            // a description saying what happened and what to check
///     }
/// }
/// ```
public struct RequestError<ErrorResponse: Sendable>: Error, Sendable {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The server answered with a status outside 200–299.
        case httpStatus(Int)
        /// A 2xx body could not be decoded as the response type.
        case decoding(DecodingFailure)
        /// The request body could not be encoded.
        case encoding(String)
        /// The request could not be built: bad base URL, method, header or timeout.
        case invalidRequest(String)
        /// The transport failed before a response arrived (connection refused, DNS, TLS…).
        case transport(any Error)
        /// No response within the session's `timeout`, in seconds.
        case timeout(TimeInterval)
        /// The calling task was cancelled.
        case cancelled
    }

    /// What went wrong.
    public let kind: Kind
    /// The request's method.
    public let method: HTTPMethod
    /// The request's full URL, when it could be built.
    public let url: URL?
    /// For an unsuccessful status: the body decoded as `ErrorResponse`, or `nil` if it does not decode.
    public let errorResponse: ErrorResponse?
    /// The raw response body, when a response arrived.
    public let data: Data?
    /// The response headers, when a response arrived.
    public let headers: [String: String]

    /// The HTTP status for ``Kind/httpStatus(_:)``; `nil` for every other kind.
    public var statusCode: Int? {
        if case .httpStatus(let status) = kind { status } else { nil }
    }

    /// A response header, looked up case-insensitively.
    ///
    /// ```swift
    /// let retryAfter = error.headerValue(for: "retry-after")
    /// ```
    public func headerValue(for name: String) -> String? {
        let lowercasedName = name.lowercased()
        return headers.first { $0.key.lowercased() == lowercasedName }?.value
    }

    init(
        _ kind: Kind,
        method: HTTPMethod,
        url: URL?,
        errorResponse: ErrorResponse? = nil,
        data: Data? = nil,
        headers: [String: String] = [:]
    ) {
        self.kind = kind
        self.method = method
        self.url = url
        self.errorResponse = errorResponse
        self.data = data
        self.headers = headers
    }
}
