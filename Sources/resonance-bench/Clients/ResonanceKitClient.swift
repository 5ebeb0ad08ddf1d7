import Foundation
import ResonanceKit

/// Fetches the page the way an app does: `JSONRequest.perform` on a `JSONSession` with its
/// default transport (the shared URLSession-backed one).
struct ResonanceKitClient: BenchClient {
    let name = "ResonanceKit `JSONRequest.perform`"
    private let request: JSONRequest<PeoplePage, ServerErrorBody>

    init(baseURL: URL, path: String) {
        let session = JSONSession(baseURL: baseURL)
        request = JSONRequest(method: .get, path: path, session: session)
    }

    func fetchPage() async throws -> PeoplePage {
        try await request.perform()
    }
}
