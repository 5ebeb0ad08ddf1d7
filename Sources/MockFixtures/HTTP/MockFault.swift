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
    /// The device is offline: `FixtureTransport` throws `URLError(.notConnectedToInternet)`
    /// (-1009), as OHHTTPStubs suites do to test an offline screen. A server cannot take a
    /// client's network away, so `mockserver` resets the connection, as for ``connectionReset``.
    case notConnectedToInternet
    /// DNS found no such host: `URLError(.cannotFindHost)` (-1003) in-process; a reset on mockserver.
    case cannotFindHost
    /// Nothing listens there: `URLError(.cannotConnectToHost)` (-1004) in-process; a reset on mockserver.
    case cannotConnectToHost
    /// The TLS handshake failed: `URLError(.secureConnectionFailed)` (-1200) in-process; a reset on mockserver.
    case secureConnectionFailed

    public var description: String { rawValue }

    /// The faults that stand for a client-side network error, which only `FixtureTransport` can
    /// raise exactly; `mockserver` resets the connection for them.
    public var isClientNetworkError: Bool {
        switch self {
        case .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .secureConnectionFailed: true
        case .connectionReset, .emptyResponse, .truncatedBody: false
        }
    }

    /// Whether a status line goes out before the connection closes.
    public var sendsStatusLine: Bool { self == .truncatedBody }

    /// How many body bytes go out before the connection closes: half (rounded down) for
    /// `truncatedBody`, none otherwise.
    public func bytesSent(ofBodyCount count: Int) -> Int {
        self == .truncatedBody ? count / 2 : 0
    }
}
