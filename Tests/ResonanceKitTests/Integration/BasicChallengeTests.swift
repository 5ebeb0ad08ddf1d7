import Foundation
import Logging
import MockFixtures
import MockServer
import ResonanceKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("401 with a Basic challenge", .timeLimit(.minutes(1)))
struct BasicChallengeTests {
    /// Linux URLSession waits forever on a 401 carrying `WWW-Authenticate: Basic` unless the
    /// challenge is answered; the default transport must hand back the 401 at once.
    @Test("a 401 Basic challenge over loopback comes back as the 401, promptly")
    func basicChallengeReturns() async throws {
        let fixture = #"""
        [{"method": "GET", "status": 401,
          "headers": {"WWW-Authenticate": "Basic realm=\"mock\""},
          "response": {"error": {"code": "unauthorized", "message": "send credentials"}}}]
        """#
        let root = try TemporaryFolder(["secret.json": fixture])
        defer { root.remove() }
        let store = try FixtureStore.load(root: root.path)
        #expect(store.fixtureFileCount == 1, "fixture problems: \(store.problems)")
        let server = try MockHTTPServer(store: store, configuration: ServerConfiguration(port: 0, logRequests: false), logger: Logger(label: "test"))
        defer { server.stop() }

        var session = JSONSession(baseURL: server.url)
        session.timeout = 5
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "secret", session: session).perform()
        }
        // A hang would end in the 5 s deadline (.timeout), not in the 401.
        #expect(error?.statusCode == 401, "got \(String(describing: error))")
        #expect(error?.headerValue(for: "WWW-Authenticate") == #"Basic realm="mock""#)
    }
}
