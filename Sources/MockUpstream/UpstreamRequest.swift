import MockFixtures

/// One request to forward to an upstream API.
///
/// ```swift
/// let request = UpstreamRequest(method: "POST", url: "https://api.example.com/v1/people",
///                               headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
///                               body: Array(#"{"name":"Rey"}"#.utf8))
/// ```
public struct UpstreamRequest: Sendable, Equatable {
    /// The method as the client sent it, e.g. `GET`.
    public var method: String
    /// The absolute `http://` or `https://` URL, path and query percent-encoded as sent
    /// (``UpstreamTarget/url(forRequestTarget:)`` builds it from the incoming request target).
    public var url: String
    /// The client's headers. Hop-by-hop headers, `Host`, `Content-Length`, `Expect` and
    /// `Accept-Encoding` are not forwarded (see ``ForwardedHeaders``).
    public var headers: [HTTPHeader]
    /// The request body; empty for none.
    public var body: [UInt8]

    public init(method: String, url: String, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
