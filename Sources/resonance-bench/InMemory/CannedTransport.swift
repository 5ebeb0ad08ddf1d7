import Foundation
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers every request at once with the same response, so the in-memory
/// benchmark measures ResonanceKit's own pipeline and nothing of sockets or URLSession.
///
/// ```swift
/// let transport = CannedTransport(body: BenchPage.body(targetBytes: 1024), url: URL(string: "http://bench.invalid/bench/small")!)
/// let session = JSONSession(baseURL: URL(string: "http://bench.invalid")!, transport: transport)
/// ```
struct CannedTransport: HTTPTransport {
    let body: Data
    /// Built once: making an `HTTPURLResponse` is transport work, not part of the library's cost.
    private let response: HTTPURLResponse

    init(body: Data, url: URL) {
        self.body = body
        response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                   headerFields: ["Content-Type": "application/json", "Content-Length": "\(body.count)"])!
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        (body, response)
    }
}
