import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Response decoding")
struct DecodingTests {
    @Test("snake_case keys and ISO-8601 dates with fractional seconds decode")
    func swapiStyle() async throws {
        let transport = RecordingTransport(body: SampleJSON.people([SampleJSON.person(), SampleJSON.person(name: "C-3PO", birthYear: "\"112BBY\"")]))
        var session = makeSession(transport)
        session.keyDecodingStrategy = .convertFromSnakeCase
        session.dateDecodingStrategy = .iso8601WithFractionalSeconds
        let people = try await JSONRequest<People, APIError>(method: .get, path: "people/", session: session).perform()
        #expect(people.count == 2)
        #expect(people.results.map(\.name) == ["Luke Skywalker", "C-3PO"])
        #expect(people.results[1].birthYear == "112BBY")
        let created = try #require(people.results.first?.created)
        #expect(abs(created.timeIntervalSince1970 - 1_418_133_051.644) < 0.0005)
    }

    @Test("the fractional strategy also accepts whole seconds and offsets; garbage is a decoding error")
    func iso8601Variants() async throws {
        struct Stamp: Decodable, Sendable { let at: Date }
        var session = makeSession(RecordingTransport(body: #"{"at": "2014-12-20T21:17:56+02:00"}"#))
        session.dateDecodingStrategy = .iso8601WithFractionalSeconds
        let stamp = try await JSONRequest<Stamp, APIError>(method: .get, path: "s", session: session).perform()
        #expect(stamp.at.timeIntervalSince1970 == 1_419_103_076)

        session.transport = RecordingTransport(body: #"{"at": "yesterday"}"#)
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<Stamp, APIError>(method: .get, path: "s", session: session).perform()
        }
        guard case .decoding(let failure) = error?.kind else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(failure.codingPath == "at")
        #expect(failure.reason.contains("yesterday"))
    }

    @Test("without convertFromSnakeCase the same body fails on a missing camelCase key")
    func strategyMatters() async throws {
        let session = makeSession(RecordingTransport(body: SampleJSON.person()))
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<Person, APIError>(method: .get, path: "people/1", session: session).perform()
        }
        guard case .decoding(let failure) = error?.kind else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(failure.reason.contains("birthYear"))
        #expect(error?.statusCode == 200, "the status of the response that failed to decode")
    }

    @Test("a decoding error names the type, the coding path and shows at most 200 characters of body")
    func decodingErrorDescription() async throws {
        let people = (0..<5).map { SampleJSON.person(name: "Person \($0)", birthYear: $0 == 0 ? "19" : "\"19BBY\"") }
        let body = SampleJSON.people(people)
        #expect(body.count > 200)
        var session = makeSession(RecordingTransport(body: body))
        session.keyDecodingStrategy = .convertFromSnakeCase
        session.dateDecodingStrategy = .iso8601WithFractionalSeconds
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<People, APIError>(method: .get, path: "people/", session: session).perform()
        }
        let requestError = try #require(error)
        guard case .decoding(let failure) = requestError.kind else {
            Issue.record("expected a decoding error, got \(requestError)")
            return
        }
        #expect(failure.typeName == "People")
        #expect(failure.codingPath == "results[0].birthYear")
        #expect(failure.statusCode == 200)
        #expect(failure.bodySnippet.count <= 200)
        #expect(failure.bodySnippet.hasPrefix(#"{"count": 5"#))
        #expect(requestError.data == Data(body.utf8))
        let description = requestError.description
        #expect(description.contains("People"))
        #expect(description.contains("results[0].birthYear"))
        #expect(description.contains("GET http://api.test/v2/people/"))
        #expect(description.contains("String"))
    }

    @Test("an empty body decodes as EmptyResponse or nil, for 200 and 204", arguments: [200, 204])
    func emptyBodies(status: Int) async throws {
        let transport = RecordingTransport(status: status, headers: [:], body: "")
        let session = makeSession(transport)
        let empty = try await JSONRequest<EmptyResponse, APIError>(method: .delete, path: "people/1", session: session).perform()
        #expect(empty == EmptyResponse())
        let optional = try await JSONRequest<Person?, APIError>(method: .get, path: "people/1", session: session).perform()
        #expect(optional == nil)
    }

    @Test("an empty body for a non-optional type is a decoding error")
    func emptyBodyForRequiredType() async throws {
        let session = makeSession(RecordingTransport(status: 200, headers: [:], body: ""))
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<Person, APIError>(method: .get, path: "people/1", session: session).perform()
        }
        guard case .decoding(let failure) = error?.kind else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(failure.bodySnippet == "")
        #expect(error?.description.hasSuffix("The body was empty.") == true, "\(String(describing: error))")
        #expect(error?.statusCode == 200)
    }

    @Test("EmptyResponse ignores any body; Optional decodes a present body")
    func nonEmptyBodies() async throws {
        let session = makeSession(RecordingTransport(body: #"{"name": "Rey", "birth_year": "15ABY", "eye_color": "hazel", "created": 0, "edited": 0, "url": "https://x/"}"#))
        _ = try await JSONRequest<EmptyResponse, APIError>(method: .post, path: "x", session: session).perform()
        var snake = session
        snake.keyDecodingStrategy = .convertFromSnakeCase
        snake.dateDecodingStrategy = .secondsSince1970
        let person = try await JSONRequest<Person?, APIError>(method: .get, path: "x", session: snake).perform()
        #expect(person?.name == "Rey")
        #expect(person?.created == Date(timeIntervalSince1970: 0))
    }

    @Test("Data as the response type returns the raw body bytes")
    func rawData() async throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let transport = RecordingTransport { _ in .init(status: 200, headers: ["Content-Type": "image/png"], body: bytes) }
        let data = try await JSONRequest<Data, APIError>(method: .get, path: "images/luke.png", session: makeSession(transport)).perform()
        #expect(data == bytes)
    }
}
