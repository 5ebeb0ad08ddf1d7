import Foundation
import ResonanceKit

/// Fetches the page the way an app does: `JSONRequest.perform` on a `JSONSession` with the given
/// transport (the shared URLSession-backed one by default).
struct ResonanceKitClient: BenchClient {
    let name: String
    private let request: JSONRequest<PeoplePage, ServerErrorBody>

    init(baseURL: URL, path: String, transport: any HTTPTransport = URLSessionTransport.shared, name: String = "`JSONRequest.perform` over `URLSessionTransport`") {
        let session = JSONSession(baseURL: baseURL, transport: transport)
        request = JSONRequest(method: .get, path: path, session: session)
        self.name = name
    }

    func fetchPage() async throws -> PeoplePage {
        try await request.perform()
    }
}
