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

    /// Request headers `forward.headers` may not set: they frame the message or name the
    /// connection, which the upstream client writes itself.
    static let refusedHeaderNames: Set<String> = ["host", "content-length", "transfer-encoding", "connection", "keep-alive", "te", "trailer", "upgrade"]
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
