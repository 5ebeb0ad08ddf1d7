import Foundation
import ResonanceKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Redirects against `Mocks/api/1.0/redirect/`, through every backend: each of 301, 302, 303,
/// 307 and 308 points at `target`, whose POST and PUT entries match only the body `{"name":"Rey"}`.
/// Linux URLSession on its own re-sends a POST after 307 without its body, which matched nothing.
@Suite("Redirects against Mocks/", .timeLimit(.minutes(1)))
struct RedirectIntegrationTests {
    struct Echo: Decodable, Sendable, Equatable {
        let method: String
        let name: String?
    }

    struct Body: Encodable, Sendable { let name: String }

    @Test("307 and 308 keep the method and the body", arguments: MockBackend.allCases, ["307", "308"])
    func keepMethodAndBody(backend: MockBackend, status: String) async throws {
        try await backend.withSession { session in
            for method in [HTTPMethod.post, .put] {
                let request = JSONRequest<Echo, APIError>(method: method, path: "api/1.0/redirect/\(status)", session: session)
                let (echo, response) = try await request.performWithResponse(body: Body(name: "Rey"))
                #expect(echo == Echo(method: method.rawValue, name: "Rey"), "\(method) \(status)")
                #expect(response.statusCode == (method == .post ? 201 : 200))
                #expect(response.url?.path == "/api/1.0/redirect/target", "the response describes the hop that answered")
                #expect(response.metrics.redirectCount == 1)
                #expect(response.metrics.attempts == 1)
            }
        }
    }

    @Test("303 turns a POST into a GET without body; 301 and 302 turn a POST into a GET", arguments: MockBackend.allCases, ["301", "302", "303"])
    func postBecomesGet(backend: MockBackend, status: String) async throws {
        let echo = try await backend.withSession { session in
            try await JSONRequest<Echo, APIError>(method: .post, path: "api/1.0/redirect/\(status)", session: session)
                .perform(body: Body(name: "Rey"))
        }
        #expect(echo == Echo(method: "GET", name: nil))
    }

    @Test("doNotFollow on the session returns the 3xx untouched, with its Location", arguments: MockBackend.allCases)
    func sessionDoesNotFollow(backend: MockBackend) async throws {
        try await backend.withSession { base in
            var session = base
            session.redirectPolicy = .doNotFollow
            let response = try await session.send(HTTPRequest(method: .post, path: "api/1.0/redirect/307", body: .json(Body(name: "Rey"))))
            #expect(response.statusCode == 307)
            #expect(response.headers["location"] == "/api/1.0/redirect/target")
            #expect(response.metrics.redirectCount == 0)

            let error = await #expect(throws: RequestError<APIError>.self) {
                try await JSONRequest<Echo, APIError>(method: .post, path: "api/1.0/redirect/308", session: session).perform(body: Body(name: "Rey"))
            }
            #expect(error?.statusCode == 308)
            #expect(error?.headers["LOCATION"] == "/api/1.0/redirect/target")
        }
    }

    @Test("a request's own policy beats the session's, both ways", arguments: MockBackend.allCases)
    func perRequestPolicy(backend: MockBackend) async throws {
        try await backend.withSession { base in
            let untouched = try await base.send(HTTPRequest(path: "api/1.0/redirect/302", redirectPolicy: .doNotFollow))
            #expect(untouched.statusCode == 302)

            var notFollowing = base
            notFollowing.redirectPolicy = .doNotFollow
            var request = JSONRequest<Echo, APIError>(method: .get, path: "api/1.0/redirect/307", session: notFollowing)
            request.redirectPolicy = .follow
            #expect(try await request.perform() == Echo(method: "GET", name: nil))
        }
    }

    @Test("a redirect loop stops at the policy's limit and says so", arguments: MockBackend.allCases)
    func loopStops(backend: MockBackend) async throws {
        let counter = LockedCounter()
        let error = try await backend.withSession(wrapping: { CountingTransport($0, counter: counter) }) { base in
            var session = base
            session.redirectPolicy = .follow(maximumRedirects: 3)
            return await #expect(throws: RequestError<APIError>.self) {
                try await JSONRequest<Echo, APIError>(method: .get, path: "api/1.0/redirect/loop", session: session).perform()
            }
        }
        #expect(counter.value == 4, "the first request and 3 redirects")
        guard case .tooManyRedirects(let count, let lastLocation) = error?.transportFailure else {
            Issue.record("expected tooManyRedirects, got \(String(describing: error))")
            return
        }
        #expect(count == 3)
        #expect(lastLocation.hasSuffix("/api/1.0/redirect/loop"))
        #expect(error?.description.contains("gave up after 3 redirects (RedirectPolicy.maximumRedirects)") == true, "\(String(describing: error))")
    }
}
