import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Headers and credentials")
struct HeaderTests {
    private func sentHeaders(session configure: (inout JSONSession) -> Void, request headers: [String: String] = [:]) async throws -> [String: String] {
        let transport = RecordingTransport()
        var session = makeSession(transport)
        configure(&session)
        _ = try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session, headers: headers).perform()
        return try #require(transport.lastRequest?.allHTTPHeaderFields)
    }

    private func value(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    @Test("session headers are sent with every request, even without an auth token")
    func sessionHeaders() async throws {
        let headers = try await sentHeaders { $0.headers["X-Client"] = "demo" }
        #expect(value("X-Client", in: headers) == "demo")
        #expect(value("Accept", in: headers) == "application/json")
        #expect(value("Authorization", in: headers) == nil)
    }

    @Test("request headers override session headers case-insensitively")
    func precedence() async throws {
        let headers = try await sentHeaders(
            session: { $0.headers = ["X-Client": "session", "X-Other": "kept"] },
            request: ["x-client": "request"]
        )
        #expect(value("X-Client", in: headers) == "request")
        #expect(value("X-Other", in: headers) == "kept")
        #expect(headers.keys.filter { $0.lowercased() == "x-client" }.count == 1)
    }

    @Test("Accept and Content-Type defaults give way to explicit values")
    func defaultsOverridable() async throws {
        let transport = RecordingTransport()
        var session = makeSession(transport)
        session.headers["accept"] = "application/vnd.api+json"
        let request = JSONRequest<EmptyResponse, APIError>(method: .post, path: "x", session: session, headers: ["content-type": "application/merge-patch+json"])
        _ = try await request.perform(parameters: ["a": "b"])
        let sent = try #require(transport.lastRequest)
        #expect(sent.value(forHTTPHeaderField: "Accept") == "application/vnd.api+json")
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
    }

    @Test("authToken forms", arguments: [
        ("good-token", "Bearer good-token"),
        ("  good-token \n", "Bearer good-token"),
        ("Bearer abc", "Bearer abc"),
        ("Basic dXNlcjpwYXNz", "Basic dXNlcjpwYXNz"),
        ("Token xyz", "Token xyz"),
    ])
    func authTokenForms(token: String, expected: String) async throws {
        let headers = try await sentHeaders { $0.authToken = token }
        #expect(value("Authorization", in: headers) == expected)
    }

    @Test("a blank or nil authToken sends no Authorization", arguments: [nil, "", "   "] as [String?])
    func blankToken(token: String?) async throws {
        let headers = try await sentHeaders { $0.authToken = token }
        #expect(value("Authorization", in: headers) == nil)
    }

    @Test("a request's Authorization header overrides the session's authToken")
    func requestAuthorizationWins() async throws {
        let headers = try await sentHeaders(session: { $0.authToken = "session-token" }, request: ["authorization": "Basic cmVxOnJlcQ=="])
        #expect(value("Authorization", in: headers) == "Basic cmVxOnJlcQ==")
    }

    @Test("header values with line breaks are refused")
    func headerInjection() async throws {
        let transport = RecordingTransport()
        var session = makeSession(transport)
        session.headers["X-Evil"] = "a\r\nX-Injected: 1"
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
        }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("X-Evil"))
        #expect(transport.requests.isEmpty)
    }

    @Test("the URLRequest timeout is a minute beyond the session timeout, so the client's deadline is the only timer")
    func urlRequestTimeout() async throws {
        let transport = RecordingTransport()
        var session = makeSession(transport)
        session.timeout = 0.5
        // The answer is not the point: on a machine busy with the rest of the suite the 0.5 s may
        // pass before it is read, but the request was handed to the transport first either way.
        _ = try? await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
        // Linux URLSession cuts timeoutInterval to whole seconds: 0.5 would fire at once.
        #expect(transport.lastRequest?.timeoutInterval == 60.5)
    }
}
