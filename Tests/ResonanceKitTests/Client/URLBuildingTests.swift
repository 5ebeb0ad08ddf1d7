import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URL building")
struct URLBuildingTests {
    private func sentURL(base: String, path: String, method: HTTPMethod = .get, parameters: [String: String] = [:]) async throws -> String {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: method, path: path, session: makeSession(transport, base: base))
        _ = try await request.perform(parameters: parameters)
        return try #require(transport.lastRequest?.url?.absoluteString)
    }

    @Test("the base URL's path prefix is kept", arguments: [
        ("https://host/v2", "people/", "https://host/v2/people/"),
        ("https://host/v2/", "people/", "https://host/v2/people/"),
        ("https://host/v2", "/people/", "https://host/v2/people/"),
        ("https://host/v2/", "//people", "https://host/v2/people"),
        ("https://host", "people", "https://host/people"),
        ("https://host:8443/a/b", "c/d/", "https://host:8443/a/b/c/d/"),
        ("http://127.0.0.1:8080", "api/1.0/people/", "http://127.0.0.1:8080/api/1.0/people/"),
    ])
    func prefixKept(base: String, path: String, expected: String) async throws {
        #expect(try await sentURL(base: base, path: path) == expected)
    }

    @Test("an empty path or a lone slash addresses the base URL itself")
    func emptyPath() async throws {
        #expect(try await sentURL(base: "https://host/v2", path: "") == "https://host/v2")
        #expect(try await sentURL(base: "https://host/v2", path: "/") == "https://host/v2/")
        #expect(try await sentURL(base: "https://host", path: "") == "https://host/")
    }

    @Test("path characters outside a URL path are percent-encoded; existing escapes are kept")
    func pathEncoding() async throws {
        #expect(try await sentURL(base: "https://host", path: "people/luke skywalker") == "https://host/people/luke%20skywalker")
        #expect(try await sentURL(base: "https://host", path: "tags/café") == "https://host/tags/caf%C3%A9")
        #expect(try await sentURL(base: "https://host", path: "files/a%2Fb") == "https://host/files/a%2Fb")
        #expect(try await sentURL(base: "https://host", path: "rates/100%") == "https://host/rates/100%25")
        #expect(try await sentURL(base: "https://host", path: "what?x=1") == "https://host/what%3Fx=1")
    }

    @Test("a base URL query is kept and parameters follow it")
    func baseQueryKept() async throws {
        let url = try await sentURL(base: "https://host/v2?api_key=k1", path: "people/", parameters: ["page": "2"])
        #expect(url == "https://host/v2/people/?api_key=k1&page=2")
    }

    /// Linux URLSession resolved `..` and left the base URL's path (`…/people` + `../ping` reached
    /// `/api/1.0/ping`), while FixtureTransport answered 404: refused before sending, everywhere.
    @Test("a path with . or .. segments is refused before anything is sent", arguments: ["../ping", "a/./b", "a/..", "."])
    func dotSegmentsRefused(path: String) async throws {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: .get, path: path, session: makeSession(transport, base: "https://host/api/1.0/people"))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("has a '") && reason.contains("segment"), "\(reason)")
        #expect(transport.requests.isEmpty)
        #expect(try await sentURL(base: "https://host", path: "files/..config/.well-known/a.b") == "https://host/files/..config/.well-known/a.b", "dots inside names are fine")
    }

    @Test("a relative base URL is rejected with an actionable error")
    func relativeBase() async throws {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: makeSession(transport, base: "just/a/path"))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("just/a/path"))
        #expect(transport.requests.isEmpty)
    }
}
