import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fully built request: what is sent, and what `curlCommand` and the logs describe.
struct OutgoingRequest: Sendable {
    var urlRequest: URLRequest
    /// Final headers in a stable order (sorted by lowercased name) for logs and `curl`.
    var headers: [(name: String, value: String)]
    var body: Data?
}
