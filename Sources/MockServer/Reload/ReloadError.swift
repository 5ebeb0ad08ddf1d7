import MockFixtures

/// Why a reload installed nothing; the server keeps answering from the fixtures it had.
///
/// ```swift
/// do { _ = try server.reload() }
/// catch { print(error) }   // "fixture root /tmp/mocks does not exist; … The server still serves the fixtures loaded before."
/// ```
public enum ReloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The root folder is gone, became a file, or cannot be read.
    case rootUnusable(FixtureRootError)
    /// libmicrohttpd could not allocate the responses of the new load.
    case responsesUnavailable(count: Int)
    /// ``MockHTTPServer/stop()`` ran first; there is nothing to reload into.
    case serverStopped

    public var description: String {
        switch self {
        case .rootUnusable(let error):
            "\(error). The server still serves the fixtures loaded before; fix the folder and reload again."
        case .responsesUnavailable(let count):
            "libmicrohttpd could not allocate the \(count) prepared responses of the new load (out of memory?). "
                + "The server still serves the fixtures loaded before."
        case .serverStopped:
            "the server has stopped; start a new one instead of reloading."
        }
    }
}
