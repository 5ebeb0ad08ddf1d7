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
        /// The transport failed before a complete response arrived (connection refused, DNS, TLS,
        /// a connection lost mid-body, more redirects than the ``RedirectPolicy`` allows…): the
        /// underlying error, usually a `URLError`. ``RequestError/transportFailure`` says in words
        /// what happened.
        case transport(any Error)
        /// No response within the session's `timeout`, in seconds.
        case timeout(TimeInterval)
        /// The calling task was cancelled.
        case cancelled
        /// A successful response's `Content-Type` (`received`, without parameters) is not one
        /// the request accepts (`expected`, from its `Accept` header).
        case unacceptableContentType(expected: [String], received: String)
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
    /// The response headers, when a response arrived; looked up case-insensitively, like
    /// ``HTTPResponse/headers`` (`error.headers["retry-after"]`). Empty otherwise.
    public let headers: HTTPHeaders
    /// Timings, sizes and the number of attempts, when at least one attempt was sent.
    public let metrics: HTTPMetrics?
    /// Why retrying stopped, when it did so early: attempts exhausted, the time budget or
    /// the timeout would be passed, or an interceptor gave up (such as a failed token refresh).
    public let retryNote: String?
    /// The status of the response the failure is about, whatever the kind.
    private let responseStatusCode: Int?
    /// For a transport failure after a redirect: the URL of the hop that failed.
    let failingURL: URL?

    /// How many times the request was sent: 0 when it failed before sending.
    public var attempts: Int {
        metrics?.attempts ?? 0
    }

    /// The HTTP status of the response, when one arrived: for ``Kind/httpStatus(_:)``, and also
    /// for ``Kind/decoding(_:)`` and ``Kind/unacceptableContentType(expected:received:)``, whose
    /// response was a success that could not be used. `nil` when no response arrived (transport
    /// failure, timeout, cancellation) or nothing was sent.
    ///
    /// ```swift
    /// if error.statusCode == 200, case .decoding(let failure) = error.kind { report(failure) }
    /// ```
    public var statusCode: Int? {
        switch kind {
        case .httpStatus(let status): status
        case .decoding(let failure): responseStatusCode ?? failure.statusCode
        default: responseStatusCode
        }
    }

    /// For a ``Kind/transport(_:)`` error: what happened, in words, with the usual cause.
    /// The underlying error stays in ``kind``.
    ///
    /// ```swift
    /// if case .connectionRefused = error.transportFailure { print("start mockserver first") }
    /// ```
    public var transportFailure: TransportFailure? {
        if case .transport(let underlying) = kind {
            return TransportFailure(underlying, url: failingURL ?? url)
        }
        return nil
    }

    /// A response header, looked up case-insensitively; the same as `headers[name]`.
    ///
    /// ```swift
    /// let retryAfter = error.headerValue(for: "retry-after")
    /// ```
    public func headerValue(for name: String) -> String? {
        headers[name]
    }

    init(
        _ kind: Kind,
        method: HTTPMethod,
        url: URL?,
        errorResponse: ErrorResponse? = nil,
        data: Data? = nil,
        headers: HTTPHeaders = HTTPHeaders([:]),
        statusCode: Int? = nil,
        metrics: HTTPMetrics? = nil,
        retryNote: String? = nil,
        failingURL: URL? = nil
    ) {
        self.responseStatusCode = statusCode
        self.failingURL = failingURL
        self.metrics = metrics
        self.retryNote = retryNote
        self.kind = kind
        self.method = method
        self.url = url
        self.errorResponse = errorResponse
        self.data = data
        self.headers = headers
    }
}
