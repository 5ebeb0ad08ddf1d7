import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

/// The hand-written AsyncHTTPClient baseline: `HTTPClient.execute`, a status check, the body
/// collected and decoded with `JSONDecoder`, on a client configured like the transport's (no
/// redirects, decompression on, no tracing).
struct AsyncHTTPClientClient: BenchClient {
    let name = "raw AsyncHTTPClient `execute` + `JSONDecoder`"
    private let url: URL
    private let client: HTTPClient

    init(url: URL, client: HTTPClient) {
        self.url = url
        self.client = client
    }

    func fetchPage() async throws -> PeoplePage {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 256 << 20)
        guard (200..<300).contains(Int(response.status.code)) else {
            throw UnexpectedResponse(url: url, status: Int(response.status.code), body: Data(buffer: body))
        }
        return try JSONDecoder().decode(PeoplePage.self, from: Data(buffer: body))
    }
}
