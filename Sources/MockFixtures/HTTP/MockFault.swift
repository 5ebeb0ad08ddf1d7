/// A network failure an entry asks for with `"fault"`, instead of (or part way through) a normal
/// answer. The engine only names it; each front produces it: `mockserver` on the socket,
/// `FixtureTransport` as the `URLError` a real `URLSession` would report.
///
/// ```swift
/// let response = engine.respond(method: "GET", target: "/api/flaky", headers: NoHeaders(), body: [])
/// if let fault = response.fault { print(fault) }   // connectionReset
/// ```
public enum MockFault: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// Close the connection with a TCP reset (RST) after reading the request, sending nothing.
    case connectionReset
    /// Close the connection normally (FIN) after reading the request, sending nothing.
    case emptyResponse
    /// Send the status line and headers (with the full `Content-Length`), then the first half of
    /// the body, then close the connection.
    case truncatedBody

    public var description: String { rawValue }

    /// Whether a status line goes out before the connection closes.
    public var sendsStatusLine: Bool { self == .truncatedBody }

    /// How many body bytes go out before the connection closes: half (rounded down) for
    /// `truncatedBody`, none otherwise.
    public func bytesSent(ofBodyCount count: Int) -> Int {
        self == .truncatedBody ? count / 2 : 0
    }
}
