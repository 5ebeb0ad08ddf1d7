import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A second hand-written baseline: `URLSession.dataTask(with:completionHandler:)` bridged with a
/// continuation, the call ResonanceKit's default transport makes. On Linux, FoundationNetworking's
/// async `data(for:)` is a different code path from `dataTask`, so this row separates what the
/// client library costs from what the choice of URLSession call costs.
struct DataTaskClient: BenchClient {
    let name = "hand-written `URLSession.dataTask` + `JSONDecoder`"
    private let url: URL
    private let session: URLSession

    init(url: URL) {
        self.url = url
        session = URLSession(configuration: .benchmarkBaseline)
    }

    func fetchPage() async throws -> PeoplePage {
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }.resume()
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw UnexpectedResponse(url: url, status: (response as? HTTPURLResponse)?.statusCode, body: data)
        }
        return try JSONDecoder().decode(PeoplePage.self, from: data)
    }
}
