/// An entry's `"forward"`: the requests it matches go to a real API, whose answer is sent back
/// (WireMock's `proxyBaseUrl`, MockServer's `httpForward`), with `headers` set on the way.
///
/// ```json
/// {"method": "GET", "requestHeaders": {"X-Live": "1"}, "forward": "https://api.example.com/v1"}
/// {"forward": {"to": "https://api.example.com", "headers": {"Authorization": "Bearer real-token"}}}
/// ```
///
/// The request target is appended to the target's base path as received (`/people?page=2` goes
/// to `https://api.example.com/v1/people?page=2`).
public struct EntryForward: Sendable, Equatable {
    /// Where the request goes.
    public let target: UpstreamTarget
    /// Set on the forwarded request, replacing the client's headers of the same names.
    public let headers: [HTTPHeader]

    public init(target: UpstreamTarget, headers: [HTTPHeader] = []) {
        self.target = target
        self.headers = headers
    }

    /// The request's headers as forwarded: those of ``headers`` replace the client's of the same
    /// name (any case), and are added after the others.
    public func forwardedHeaders(_ received: [HTTPHeader]) -> [HTTPHeader] {
        guard !headers.isEmpty else { return received }
        let replaced = Set(headers.map { $0.name.lowercased() })
        return received.filter { !replaced.contains($0.name.lowercased()) } + headers
    }

    /// Request headers `forward.headers` may not set, and why: the upstream client writes them
    /// itself (they frame the message, name the connection or the encodings it can decode), or
    /// they carry the loop check (audit R20: a `Via` set here hid the request's own, and an entry
    /// forwarding to its own server looped until every forward in the process hung).
    static let refusedHeaderReasons: [String: String] = [
        "host": "the Host is the one of \"to\"; forward to the host you want",
        "content-length": "the client frames the body itself",
        "transfer-encoding": "the client frames the body itself",
        "connection": "the client manages its own connections",
        "keep-alive": "the client manages its own connections",
        "proxy-connection": "the client manages its own connections",
        "te": "the client manages its own connections",
        "trailer": "the client sends no trailers",
        "upgrade": "the client never switches protocols",
        "expect": "the client sends the body without waiting for 100 Continue",
        "accept-encoding": "the client asks for the encodings it can decode (gzip, deflate) and decodes the answer",
        "via": "Via carries the loop check: the client adds this server to the app's own entries",
        "max-forwards": "Max-Forwards is the client's, one lower at each hop",
    ]
}

extension EntryForward {
    /// The `502` body of a front that cannot forward (a ``MockEngine`` answered by a front of
    /// one's own): the server and `FixtureTransport` forward instead of sending it.
    var unforwardedAnswer: JSONValue {
        .makeObject([
            ("error", .string("this entry forwards requests to \(target), and the front that received this one cannot forward")),
            ("hint", .string("serve it with mockserver or FixtureTransport, which forward an entry's requests; or remove \"forward\" and answer from the fixture")),
        ])
    }
}
