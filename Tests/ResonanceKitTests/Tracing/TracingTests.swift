import Foundation
import InMemoryTracing
import ResonanceKit
import Testing
import Tracing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Spans through swift-distributed-tracing, with a per-session tracer (the process-wide
/// `InstrumentationSystem` can be bootstrapped only once, so tests never touch it) against the
/// real mockserver.
@Suite("Tracing", .timeLimit(.minutes(1)))
struct TracingTests {
    struct PersonByID: Endpoint {
        struct Person: Decodable, Sendable { let name: String }
        typealias Response = Person
        let id: Int
        var path: String { "api/1.0/people/\(id)" }
        var pathTemplate: String? { "api/1.0/people/{id}" }
    }

    struct Flaky: Endpoint {
        struct Status: Decodable, Sendable { let status: String }
        typealias Response = Status
        var path: String { "api/1.0/flaky/" }
    }

    /// Runs `body` with a `FixtureTransport` session traced by `tracer`.
    static func withFixtures<Result: Sendable>(tracedBy tracer: W3CTestTracer, _ body: (JSONSession) async throws -> Result) async throws -> Result {
        try await MockBackend.fixtureTransport.withSession { base in
            var session = base
            session.tracer = tracer
            return try await body(session)
        }
    }

    @Test("a request is one client span named by its template, with method, URL, status and attempts; traceparent goes out",
          arguments: MockBackend.allCases)
    func requestSpan(backend: MockBackend) async throws {
        let tracer = W3CTestTracer()
        let capture = LockedBox<HeaderCapturingTransport?>(nil)
        let person = try await backend.withSession(wrapping: capture.capturingHeaders) { base in
            var session = base
            session.tracer = tracer
            return try await session.send(PersonByID(id: 1))
        }
        #expect(person.name == "Luke Skywalker")
        let span = try #require(tracer.finishedSpans.only)
        #expect(span.operationName == "GET api/1.0/people/{id}")
        #expect(span.kind == .client)
        #expect(span.attributes.get("http.request.method") == "GET")
        #expect(span.attributes.get("url.template") == "api/1.0/people/{id}")
        #expect(span.attributes.get("url.path") == "/api/1.0/people/1")
        #expect(span.attributes.get("http.response.status_code") == 200)
        #expect(span.attributes.get("resonancekit.attempts") == 1)
        #expect(span.attributes.get("http.request.resend_count") == nil)
        #expect(span.status == nil)
        let sent = try #require(capture.value?.headers.only)
        #expect(HTTPHeaders(sent)["traceparent"] == "00-\(span.traceID)-\(span.spanID)-01")
        #expect(span.traceID.count == 32 && span.spanID.count == 16)
    }

    @Test("retry waits are span events; the attempt count and resend count are attributes")
    func retryEvents() async throws {
        let tracer = W3CTestTracer()
        let capture = LockedBox<HeaderCapturingTransport?>(nil)
        let status = try await MockBackend.fixtureTransport.withSession(wrapping: capture.capturingHeaders) { base in
            var session = base
            session.tracer = tracer
            session.retryPolicy = RetryPolicy(maximumAttempts: 3, maximumTotalTime: 10)
            return try await session.send(Flaky())
        }
        #expect(status.status == "recovered")
        let span = try #require(tracer.finishedSpans.only)
        #expect(span.attributes.get("resonancekit.attempts") == 2)
        #expect(span.attributes.get("http.request.resend_count") == 1)
        let retry = try #require(span.events.only)
        #expect(retry.name == "retry")
        #expect(retry.attributes.get("retry.delay_seconds") == 1.0)
        #expect(retry.attributes.get("retry.cause") == "status 503")
        let sent = try #require(capture.value?.headers)
        #expect(sent.count == 2)
        let traceparents = sent.map { HTTPHeaders($0)["traceparent"] }
        #expect(traceparents.allSatisfy { $0 == "00-\(span.traceID)-\(span.spanID)-01" }, "every attempt carries the request's span: \(traceparents)")
    }

    @Test("an error status and a transport failure end the span as an error")
    func errorSpans() async throws {
        let tracer = W3CTestTracer()
        try await Self.withFixtures(tracedBy: tracer) { session in
            _ = try? await session.send(HTTPRequest(path: "api/1.0/account", validatesStatus: true))
        }
        var refused = JSONSession(baseURL: URL(string: "http://127.0.0.1:1")!)
        refused.tracer = tracer
        _ = try? await refused.send(HTTPRequest(path: "x"))

        let spans = tracer.finishedSpans
        #expect(spans.count == 2)
        let unauthorized = try #require(spans.first)
        #expect(unauthorized.attributes.get("http.response.status_code") == 401)
        #expect(unauthorized.attributes.get("error.type") == "401")
        #expect(unauthorized.status?.code == .error)
        let transport = try #require(spans.last)
        #expect(transport.attributes.get("error.type") == "transport")
        #expect(transport.status?.code == .error)
        #expect(transport.status?.message?.contains("nothing is listening on 127.0.0.1:1") == true)
        #expect(transport.errors.count == 1)
    }

    @Test("a followed redirect is an event")
    func redirectEvent() async throws {
        let tracer = W3CTestTracer()
        try await Self.withFixtures(tracedBy: tracer) { session in
            _ = try await session.send(HTTPRequest(path: "api/1.0/redirect/307"))
        }
        let span = try #require(tracer.finishedSpans.only)
        let redirect = try #require(span.events.only)
        #expect(redirect.name == "redirect")
        #expect(redirect.attributes.get("http.response.status_code") == 307)
        #expect(span.attributes.get("http.response.status_code") == 200)
    }

    @Test("a token refresh started by an interceptor is a child span of the request's")
    func nestedSpans() async throws {
        struct TokenResponse: Decodable, Sendable { let accessToken: String }
        struct Refresh: Endpoint {
            struct Body: Encodable, Sendable { let refresh_token: String }
            typealias Response = TokenResponse
            var method: HTTPMethod { .post }
            var path: String { "api/1.0/auth/refresh/" }
            var body: RequestBody? { .json(Body(refresh_token: "refresh-1")) }
        }
        struct AccountEndpoint: Endpoint {
            struct Account: Decodable, Sendable { let username: String }
            typealias Response = Account
            var path: String { "api/1.0/account/" }
        }
        let tracer = W3CTestTracer()
        let account = try await MockBackend.fixtureTransport.withSession { base in
            var plain = base
            plain.tracer = tracer
            var session = plain
            let refresher = plain
            session.interceptors = [AuthenticationInterceptor(token: "expired-token") {
                try await refresher.send(Refresh()).accessToken
            }]
            return try await session.send(AccountEndpoint())
        }
        #expect(account.username == "luke")
        let spans = tracer.finishedSpans
        let request = try #require(spans.first { $0.operationName == "GET api/1.0/account/" })
        let refresh = try #require(spans.first { $0.operationName == "POST api/1.0/auth/refresh/" })
        #expect(refresh.parentSpanID == request.spanID)
        #expect(refresh.traceID == request.traceID)
    }

    @Test("with no tracer bootstrapped, no span is made and nothing is injected")
    func noTracer() async throws {
        let capture = LockedBox<HeaderCapturingTransport?>(nil)
        try await MockBackend.fixtureTransport.withSession(wrapping: capture.capturingHeaders) { session in
            #expect(session.tracer == nil)
            _ = try await session.send(HTTPRequest(path: "api/1.0/ping"))
            var explicit = session
            explicit.tracer = NoOpTracer()
            _ = try await explicit.send(HTTPRequest(path: "api/1.0/ping"))
        }
        let sent = try #require(capture.value?.headers)
        #expect(sent.count == 2)
        #expect(sent.allSatisfy { $0.keys.allSatisfy { $0.lowercased() != "traceparent" } })
    }
}

extension Array {
    /// The single element, or `nil` when there are none or several.
    fileprivate var only: Element? {
        count == 1 ? first : nil
    }
}
