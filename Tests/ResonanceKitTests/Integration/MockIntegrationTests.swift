import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client against the `Mocks/` tree, once over loopback through the real daemon and
/// once in-process through `FixtureTransport`, with the same expectations for both.
@Suite("Client against Mocks/", .timeLimit(.minutes(1)))
struct MockIntegrationTests {
    private static let peoplePath = "api/1.0/people/"

    @Test("the people list decodes with snake_case keys and fractional ISO-8601 dates", arguments: MockBackend.allCases)
    func peopleList(backend: MockBackend) async throws {
        let people = try await backend.withSession { session in
            try await JSONRequest<People, APIError>(method: .get, path: Self.peoplePath, session: session).perform()
        }
        #expect(people.count == 82)
        #expect(people.previous == nil)
        #expect(people.next == URL(string: "http://swapi.dev/api/people/?page=2"))
        let luke = try #require(people.results.first)
        #expect(luke.name == "Luke Skywalker")
        #expect(luke.birthYear == "19BBY")
        #expect(abs(luke.created.timeIntervalSince1970 - 1_418_133_051.644) < 0.0005)
        #expect(people.results.map(\.name).contains("C-3PO"))
    }

    @Test("pages and search select different fixture entries", arguments: MockBackend.allCases)
    func pagination(backend: MockBackend) async throws {
        let (first, second, search) = try await backend.withSession { session in
            let request = JSONRequest<People, APIError>(method: .get, path: Self.peoplePath, session: session)
            return (
                try await request.perform(parameters: ["page": "1"]),
                try await request.perform(parameters: ["page": "2"]),
                try await request.perform(parameters: ["search": "luke"])
            )
        }
        #expect(first.previous == nil)
        #expect(second.previous == URL(string: "http://swapi.dev/api/people/?page=1"))
        #expect(second.next == URL(string: "http://swapi.dev/api/people/?page=3"))
        #expect(Set(first.results.map(\.name)).isDisjoint(with: second.results.map(\.name)))
        #expect(search.count == 1)
        #expect(search.results.map(\.name) == ["Luke Skywalker"])
    }

    @Test("one person, addressed without a trailing slash", arguments: MockBackend.allCases)
    func person(backend: MockBackend) async throws {
        let luke = try await backend.withSession { session in
            try await JSONRequest<Person, APIError>(method: .get, path: "/api/1.0/people/1", session: session).perform()
        }
        #expect(luke.name == "Luke Skywalker")
        #expect(luke.url == URL(string: "http://swapi.dev/api/people/1/"))
    }

    @Test("POST {\"name\":\"Rey\"} creates (201); any other POST is a typed 422", arguments: MockBackend.allCases)
    func postBodies(backend: MockBackend) async throws {
        try await backend.withSession { session in
            let create = JSONRequest<Person, APIError>(method: .post, path: Self.peoplePath, session: session)
            let rey = try await create.perform(body: NewPerson(name: "Rey", birthYear: nil))
            #expect(rey.name == "Rey")
            #expect(rey.birthYear == "15ABY")

            let viaParameters = try await create.perform(parameters: ["name": "Rey"])
            #expect(viaParameters == rey)

            let error = await #expect(throws: RequestError<APIError>.self) {
                try await create.perform(body: NewPerson(name: "Jar Jar", birthYear: nil))
            }
            #expect(error?.statusCode == 422)
            let detail = try #require(error?.errorResponse?.error)
            #expect(detail.code == "validation_failed")
            #expect(detail.fields?["name"]?.isEmpty == false)
            #expect(error?.data.map { String(decoding: $0, as: UTF8.self) }?.contains("validation_failed") == true)
        }
    }

    @Test("the account is a typed 401 without a token and 200 with authToken", arguments: MockBackend.allCases)
    func authentication(backend: MockBackend) async throws {
        try await backend.withSession { session in
            let anonymous = JSONRequest<Account, APIError>(method: .get, path: "api/1.0/account", session: session)
            let error = await #expect(throws: RequestError<APIError>.self) { try await anonymous.perform() }
            #expect(error?.statusCode == 401)
            #expect(error?.errorResponse?.error.code == "unauthorized")
            #expect(error?.headerValue(for: "www-authenticate")?.hasPrefix("Bearer") == true)

            var signedIn = session
            signedIn.authToken = "good-token"
            let account = try await JSONRequest<Account, APIError>(method: .get, path: "api/1.0/account", session: signedIn).perform()
            #expect(account.username == "luke")
            #expect(account.displayName == "Luke Skywalker")

            signedIn.authToken = "wrong-token"
            await #expect(throws: RequestError<APIError>.self) {
                try await JSONRequest<Account, APIError>(method: .get, path: "api/1.0/account", session: signedIn).perform()
            }
        }
    }

    @Test("200 parallel requests on one session all get their own correct answer", arguments: MockBackend.allCases)
    func parallelRequests(backend: MockBackend) async throws {
        let expectations: [(parameters: [String: String], names: [String])] = try await backend.withSession { session in
            let request = JSONRequest<People, APIError>(method: .get, path: Self.peoplePath, session: session)
            return try await [["page": "1"], ["page": "2"], ["search": "luke"]].asyncMap { parameters in
                (parameters, try await request.perform(parameters: parameters).results.map(\.name))
            }
        }
        #expect(Set(expectations.map(\.names)).count == 3)
        let mismatches = try await backend.withSession { session in
            let request = JSONRequest<People, APIError>(method: .get, path: Self.peoplePath, session: session)
            return try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<200 {
                    let expected = expectations[index % expectations.count]
                    group.addTask {
                        try await request.perform(parameters: expected.parameters).results.map(\.name) == expected.names
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 0 : 1) }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("cancelling a request waiting on a delayed fixture ends it promptly", arguments: MockBackend.allCases)
    func cancelDelayed(backend: MockBackend) async throws {
        let (error, elapsed) = try await backend.withSession { session in
            // A fixture of its own that answers after 600 s, far past the test's time limit, and a
            // session that waits for it: only the cancel can end the request.
            let mock = MockServerControl(session: session)
            try await mock.addFixture(path: "/api/1.0/never", entries: [
                FixtureEntry(method: .get, response: ["message": "too late"], delayMilliseconds: 600_000),
            ])
            var patient = session
            patient.timeout = 3600
            let never = JSONRequest<EmptyResponse, APIError>(method: .get, path: "api/1.0/never", session: patient)
            let task = Task { () -> RequestError<APIError>? in
                do throws(RequestError<APIError>) {
                    _ = try await never.perform()
                    return nil
                } catch {
                    return error
                }
            }
            // The journal records a request when it is matched, before its delay: once it is
            // there, the request waits on the mock for its answer.
            let arrived = try await eventually { try await mock.count(matching: .get("/api/1.0/never")).count == 1 }
            #expect(arrived, "the request never reached the mock")
            let clock = ContinuousClock()
            let cancelledAt = clock.now
            task.cancel()
            let error = await task.value
            return (error, clock.now - cancelledAt)
        }
        guard case .cancelled = error?.kind else {
            Issue.record("expected cancellation, got \(String(describing: error))")
            return
        }
        #expect(elapsed < .seconds(60), "a hang guard: .cancelled above is the check")
    }

    @Test("a 0.3 s timeout fires against the 1500 ms fixture", arguments: MockBackend.allCases)
    func timeoutDelayed(backend: MockBackend) async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let error = try await backend.withSession { session in
            var impatient = session
            impatient.timeout = 0.3
            return await #expect(throws: RequestError<APIError>.self) {
                try await JSONRequest<SlowAnswer, APIError>(method: .get, path: "api/1.0/slow", session: impatient).perform()
            }
        }
        let elapsed = clock.now - started
        guard case .timeout(let seconds) = error?.kind else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(seconds == 0.3)
        #expect(elapsed < .seconds(60), "a hang guard; exact deadlines are measured by scripts/bench-client.sh")
    }

    @Test("the delayed fixture does answer when given time", arguments: MockBackend.allCases)
    func delayedAnswer(backend: MockBackend) async throws {
        let answer = try await backend.withSession { session in
            try await JSONRequest<SlowAnswer, APIError>(method: .get, path: "api/1.0/slow", session: session).perform()
        }
        #expect(answer.delayMs == 1500)
    }

    @Test("HEAD has no body, DELETE answers 204, PUT matches its JSON body", arguments: MockBackend.allCases)
    func otherMethods(backend: MockBackend) async throws {
        struct Pong: Decodable, Sendable {
            let pong: Bool
            let message: String?
        }
        try await backend.withSession { session in
            let head = try await JSONRequest<Data, APIError>(method: .head, path: "api/1.0/people/1", session: session).perform()
            #expect(head.isEmpty)
            let optional = try await JSONRequest<Person?, APIError>(method: .head, path: "api/1.0/people/1", session: session).perform()
            #expect(optional == nil)

            let deleted = try await JSONRequest<EmptyResponse, APIError>(method: .delete, path: "api/1.0/ping", session: session).perform()
            #expect(deleted == EmptyResponse())

            let put = JSONRequest<Pong, APIError>(method: .put, path: "api/1.0/ping", session: session)
            let pong = try await put.perform(parameters: ["message": "hello"])
            #expect(pong.pong)
            #expect(pong.message == "hello")
        }
    }

    @Test("a wrong POST gets the same 404 near-miss body from both backends")
    func nearMissIdentical() async throws {
        var bodies: [MockBackend: Data] = [:]
        for backend in MockBackend.allCases {
            let error = try await backend.withSession { session in
                await #expect(throws: RequestError<APIError>.self) {
                    try await JSONRequest<Person, APIError>(method: .post, path: "api/1.0/people/1", session: session)
                        .perform(parameters: ["name": "Rey"])
                }
            }
            #expect(error?.statusCode == 404, "\(backend)")
            bodies[backend] = error?.data
        }
        let serverBody = try #require(bodies[.loopbackServer])
        #expect(!serverBody.isEmpty)
        #expect(serverBody == bodies[.fixtureTransport])
    }

    @Test("FixtureTransport keeps the last near miss for readable test failures")
    func lastNearMiss() async throws {
        let transport = try FixtureTransport(root: MocksDirectory.path)
        let session = JSONSession.forMocks(baseURL: URL(string: "http://fixtures.test")!, transport: transport)
        #expect(transport.lastNearMiss == nil)
        _ = try await JSONRequest<Person, APIError>(method: .get, path: "api/1.0/people/1", session: session).perform()
        guard case .matched = transport.lastOutcome else {
            Issue.record("expected a match, got \(String(describing: transport.lastOutcome))")
            return
        }
        await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<Person, APIError>(method: .get, path: "api/1.0/peeple/1", session: session).perform()
        }
        let nearMiss = try #require(transport.lastNearMiss)
        #expect(!nearMiss.isEmpty)
    }

    @Test("FixtureTransport reports an unusable root")
    func missingRoot() {
        #expect(throws: FixtureRootError.self) {
            try FixtureTransport(root: MocksDirectory.path + "/does-not-exist")
        }
    }

    @Test("raw bodies are byte-identical across backends")
    func identicalBytes() async throws {
        let paths = ["api/1.0/people/", "api/1.0/people/1", "api/1.0/account", "images/luke.png"]
        var results: [MockBackend: [Data]] = [:]
        for backend in MockBackend.allCases {
            results[backend] = try await backend.withSession { session in
                var bodies: [Data] = []
                for path in paths {
                    do throws(RequestError<APIError>) {
                        bodies.append(try await JSONRequest<Data, APIError>(method: .get, path: path, session: session).perform())
                    } catch {
                        bodies.append(error.data ?? Data())
                    }
                }
                return bodies
            }
        }
        #expect(results[.loopbackServer] == results[.fixtureTransport])
        #expect(results[.loopbackServer]?.allSatisfy { !$0.isEmpty } == true)
    }
}

extension Array {
    fileprivate func asyncMap<Mapped>(_ transform: (Element) async throws -> Mapped) async rethrows -> [Mapped] {
        var mapped: [Mapped] = []
        for element in self {
            mapped.append(try await transform(element))
        }
        return mapped
    }
}
