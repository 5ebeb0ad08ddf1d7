import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fully built request: what is sent, and what `curlCommand` and the logs describe.
struct OutgoingRequest: Sendable {
    var method: HTTPMethod
    var urlRequest: URLRequest
    /// Final headers in a stable order (sorted by lowercased name) for logs and `curl`.
    var headers: [(name: String, value: String)]
    var body: Data?
    /// The media types a successful response may carry; `nil` checks nothing.
    var acceptedMediaTypes: AcceptedMediaTypes?
    /// The whole request's deadline in seconds, retries and back-off included.
    var timeout: TimeInterval
    /// Whether and how far redirects are followed.
    var redirectPolicy: RedirectPolicy
    /// The path as declared (or its template), for span names.
    var pathForTracing: String
    /// Whether ``pathForTracing`` is a template the caller declared.
    var hasPathTemplate: Bool
}
