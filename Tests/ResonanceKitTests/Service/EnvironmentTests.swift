import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Environments and per-request settings")
struct EnvironmentTests {
    private struct Ping: Endpoint {
        typealias Response = EmptyResponse
        var timeout: TimeInterval? = nil
        var cachePolicy: URLRequest.CachePolicy? = nil
        var headers: [String: String] = [:]
        var path: String { "api/1.0/ping/" }
    }

    @Test("one assignment switches base URL, headers, timeout and cache policy")
    func switching() async throws {
        let transport = RecordingTransport()
        var session = JSONSession(environment: APIEnvironment(name: "staging", baseURL: URL(string: "https://staging.test/v2")!), transport: transport)
        _ = try await session.send(Ping())
        #expect(transport.lastRequest?.url?.absoluteString == "https://staging.test/v2/api/1.0/ping/")

        session.environment = APIEnvironment(
            name: "mock",
            baseURL: URL(string: "http://127.0.0.1:8080")!,
            headers: ["X-Env": "mock"],
            timeout: 5,
            cachePolicy: .reloadIgnoringLocalCacheData
        )
        _ = try await session.send(Ping())
        let request = try #require(transport.lastRequest)
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/api/1.0/ping/")
        #expect(request.value(forHTTPHeaderField: "X-Env") == "mock")
        #expect(request.timeoutInterval == 5 + 60, "the deadline plus a minute: the client's deadline is the only timer")
        #expect(request.cachePolicy == .reloadIgnoringLocalCacheData)
        #expect(session.baseURL == URL(string: "http://127.0.0.1:8080")!)
    }

    @Test("request settings beat the environment's, which beat the session's")
    func precedence() async throws {
        let transport = RecordingTransport()
        var session = makeSession(transport)
        session.timeout = 30
        session.headers["X-Env"] = "session"
        session.environment.headers = ["X-Env": "environment", "X-Only-Env": "e"]
        session.environment.timeout = 20
        _ = try await session.send(Ping())
        #expect(transport.lastRequest?.timeoutInterval == 80, "the environment's 20 s deadline plus a minute")
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "X-Env") == "session")
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "X-Only-Env") == "e")

        _ = try await session.send(Ping(timeout: 3, cachePolicy: .returnCacheDataElseLoad, headers: ["x-env": "request"]))
        #expect(transport.lastRequest?.timeoutInterval == 63, "the request's 3 s deadline plus a minute")
        #expect(transport.lastRequest?.cachePolicy == .returnCacheDataElseLoad)
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "X-Env") == "request")
    }

    @Test("a per-request timeout is the deadline the client enforces")
    func requestTimeoutEnforced() async throws {
        var session = makeSession(SilentTransport())
        session.timeout = 60
        let error = await #expect(throws: RequestError<Data>.self) { try await session.send(Ping(timeout: 0.2)) }
        guard case .timeout(let seconds) = error?.kind else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(seconds == 0.2)
    }

    @Test("an invalid environment timeout names the environment")
    func invalidEnvironmentTimeout() async throws {
        var session = makeSession(RecordingTransport())
        session.environment = APIEnvironment(name: "broken", baseURL: URL(string: "http://x.test")!, timeout: 0)
        let error = await #expect(throws: RequestError<Data>.self) { try await session.send(Ping()) }
        #expect(error?.description.contains("APIEnvironment.timeout (broken)") == true)
    }
}
