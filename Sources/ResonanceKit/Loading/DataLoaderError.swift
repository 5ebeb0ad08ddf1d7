import Foundation

/// Why a ``DataLoader`` (or `ImageLoader`) could not deliver a URL's bytes.
///
/// ```swift
/// do { data = try await loader.data(from: url) }
/// catch { if case .httpStatus(_, 404) = error { showPlaceholder() } }
/// ```
public enum DataLoaderError: Error, Sendable, CustomStringConvertible {
    /// The server answered with a status outside 200–299.
    case httpStatus(URL, Int)
    /// The transport failed before a complete response arrived (see ``TransportFailure``).
    case transport(URL, any Error)
    /// No response within the loader's timeout, in seconds.
    case timeout(URL, TimeInterval)
    /// This caller's task was cancelled; other callers waiting for the same URL are unaffected.
    case cancelled(URL)
    /// The bytes arrived but are not an image the platform can decode.
    case undecodableImage(URL)

    public var description: String {
        switch self {
        case .httpStatus(let url, let status):
            "loading \(url.absoluteString) failed with status \(status); \(Self.advice(forStatus: status))"
        case .transport(let url, let underlying):
            "loading \(url.absoluteString) failed: \(TransportFailure(underlying, url: url))"
        case .timeout(let url, let seconds):
            "loading \(url.absoluteString) got no response within \(seconds) s; raise the loader's timeout or check the server"
        case .cancelled(let url):
            "loading \(url.absoluteString) was cancelled by its task"
        case .undecodableImage(let url):
            "the data at \(url.absoluteString) is not an image this platform can decode"
        }
    }
}

extension DataLoaderError {
    /// What to check for a status outside 200–299, by what the status says.
    static func advice(forStatus status: Int) -> String {
        switch status {
        case 404, 410:
            "check that the URL exists on the server"
        case 401, 403, 407:
            "the server wants credentials it did not get or refused them; a DataLoader sends none, so load it with a JSONSession (HTTPRequest) that authenticates"
        case 500..<600:
            "the server failed to answer; try again later or check the server's logs"
        case 300..<400:
            "the redirect could not be followed (no usable Location); check the URL"
        default:
            "the server refused the request; check the URL and what the server expects"
        }
    }
}

extension DataLoaderError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` is useful too.
    public var errorDescription: String? { description }
}
