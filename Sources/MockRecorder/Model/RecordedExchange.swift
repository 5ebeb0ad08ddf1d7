import MockFixtures

/// One request and the answer it got, as the recorder turns it into a fixture entry.
///
/// ```swift
/// let exchange = RecordedExchange(
///     method: "GET", target: "/api/people?page=2",
///     status: 200, responseHeaders: [HTTPHeader(name: "Content-Type", value: "application/json")],
///     responseBody: Array(#"{"count": 82}"#.utf8))
/// ```
public struct RecordedExchange: Sendable, Equatable {
    /// The request method, e.g. `GET`.
    public var method: String
    /// The raw request target: percent-encoded path and optional `?query`.
    public var target: String
    /// The request headers. Only `Content-Type` is read (to tell JSON, form and multipart bodies
    /// apart); request headers are never written into fixtures.
    public var requestHeaders: [HTTPHeader]
    public var requestBody: [UInt8]
    public var status: Int
    /// The response headers as received (hop-by-hop headers may be included; they are dropped).
    public var responseHeaders: [HTTPHeader]
    /// The response body, already decompressed.
    public var responseBody: [UInt8]

    public init(
        method: String,
        target: String,
        requestHeaders: [HTTPHeader] = [],
        requestBody: [UInt8] = [],
        status: Int,
        responseHeaders: [HTTPHeader] = [],
        responseBody: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }

    /// The first value of request header `name` (case-insensitive).
    func requestHeader(_ name: String) -> String? {
        requestHeaders.first { $0.name.lowercased() == name }?.value
    }

    /// The first value of response header `name` (case-insensitive).
    func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.lowercased() == name }?.value
    }
}
