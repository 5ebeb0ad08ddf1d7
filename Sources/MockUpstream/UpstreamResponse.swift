import MockFixtures

/// What the upstream answered, with its body decoded.
///
/// ```swift
/// let response = try client.forward(request)
/// if response.status == 200, response.header("Content-Type")?.hasPrefix("application/json") == true { … }
/// ```
public struct UpstreamResponse: Sendable, Equatable {
    /// The final status (a `100 Continue` before it is not reported).
    public let status: Int
    /// The end-to-end headers in the order received, names as the upstream spelled them (HTTP/2
    /// sends them in lower case). Hop-by-hop headers are removed, and so are `Content-Length`
    /// and `Content-Encoding`: the body below is complete and already decompressed.
    public let headers: [HTTPHeader]
    /// The complete body, decompressed when the upstream sent it gzip- or deflate-encoded (the
    /// only codings asked for; any other is a `.badResponse`).
    public let body: [UInt8]
    /// The HTTP version used, e.g. `HTTP/1.1` or `HTTP/2`.
    public let httpVersion: String
    /// For a HEAD request, the `Content-Length` the upstream stated for the body it did not send:
    /// the length of the decoded body a GET gets (HEAD is forwarded with `Accept-Encoding:
    /// identity`). Nil when it stated none, stated it for an encoded body, or for other requests.
    public let statedBodyLength: Int?

    public init(status: Int, headers: [HTTPHeader], body: [UInt8], httpVersion: String = "HTTP/1.1", statedBodyLength: Int? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
        self.statedBodyLength = statedBodyLength
    }

    /// The first value of header `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
