import Foundation

/// A complete response from the untyped path, ``JSONSession/send(_:)-(HTTPRequest)``, or
/// alongside a typed value from ``JSONSession/sendWithResponse(_:)`` and
/// ``JSONRequest/performWithResponse(parameters:)``.
///
/// ```swift
/// let response = try await session.send(HTTPRequest(path: "api/1.0/motd.txt"))
/// print(response.statusCode, response.headers["content-type"] ?? "", try response.text())
/// let people = try response.decode(People.self)       // with the session's strategies
/// ```
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public let statusCode: Int
    /// The response headers, looked up case-insensitively.
    public let headers: HTTPHeaders
    /// The body bytes (empty for HEAD and 204).
    public let body: Data
    /// The URL of the final request.
    public let url: URL?
    /// Timings, sizes and attempt count measured by the client.
    public let metrics: HTTPMetrics

    /// Builds `decode`'s decoder; kept as a closure because decoders are not `Sendable`.
    let makeDecoder: @Sendable () -> JSONDecoder

    /// A response built by hand, e.g. to unit-test an interceptor's `retry` decision or code that
    /// reads responses; `decode` uses `session`'s decoding strategies.
    ///
    /// ```swift
    /// let unauthorized = HTTPResponse(statusCode: 401, headers: HTTPHeaders(["WWW-Authenticate": "Bearer"]))
    /// ```
    public init(
        statusCode: Int,
        headers: HTTPHeaders = HTTPHeaders([:]),
        body: Data = Data(),
        url: URL? = nil,
        metrics: HTTPMetrics? = nil,
        session: JSONSession = JSONSession(baseURL: URL(fileURLWithPath: "/"))
    ) {
        let now = Date()
        self.init(
            statusCode: statusCode,
            headers: headers,
            body: body,
            url: url,
            metrics: metrics ?? HTTPMetrics(
                startDate: now, endDate: now, duration: .zero, lastAttemptDuration: .zero,
                requestBodyBytes: 0, responseBodyBytes: body.count, attempts: 1
            ),
            makeDecoder: { session.makeDecoder() }
        )
    }

    init(statusCode: Int, headers: HTTPHeaders, body: Data, url: URL?, metrics: HTTPMetrics, makeDecoder: @escaping @Sendable () -> JSONDecoder) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        self.metrics = metrics
        self.makeDecoder = makeDecoder
    }

    /// The body bytes, for images and other binary content.
    public var data: Data { body }

    /// Whether the status is 200–299.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The `Content-Type` without parameters, lowercased: `application/json`.
    public var mediaType: String? {
        headers["Content-Type"].map { MediaType.essence(of: MediaType.firstValue(ofHeader: $0)) }
    }
}
