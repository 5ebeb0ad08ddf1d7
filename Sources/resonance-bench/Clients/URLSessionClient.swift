import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The hand-written baseline: `URLSession.data(for:)`, a status check and `JSONDecoder`, with the
/// same session configuration, headers and timeout ResonanceKit uses, and a decoder per request
/// as ResonanceKit makes one per request too.
struct URLSessionClient: BenchClient {
    let name = "hand-written `URLSession.data(for:)` + `JSONDecoder`"
    private let url: URL
    private let session: URLSession

    init(url: URL) {
        self.url = url
        session = URLSession(configuration: .benchmarkBaseline)
    }

    func fetchPage() async throws -> PeoplePage {
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw UnexpectedResponse(url: url, status: (response as? HTTPURLResponse)?.statusCode, body: data)
        }
        return try JSONDecoder().decode(PeoplePage.self, from: data)
    }
}
