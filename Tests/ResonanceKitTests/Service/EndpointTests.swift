import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Endpoints, services and the untyped path")
struct EndpointTests {
    struct PersonEndpoint: Endpoint {
        typealias Response = APIError.Detail
        typealias ErrorResponse = APIError
        let id: Int
        var path: String { "people/\(id)" }
        var queryItems: [URLQueryItem] { [URLQueryItem(name: "format", value: "wookiee & more"), URLQueryItem(name: "flag", value: nil)] }
        var headers: [String: String] { ["X-Endpoint": "person"] }
    }

    struct StarWars: APIService {
        var session: JSONSession
    }

    @Test("an endpoint builds method, path, ordered query and headers, and decodes its typed response")
    func typedEndpoint() async throws {
        let transport = RecordingTransport(body: #"{"code": "c", "message": "m"}"#)
        let service = StarWars(session: makeSession(transport))
        let detail = try await service.send(PersonEndpoint(id: 1))
        #expect(detail == APIError.Detail(code: "c", message: "m"))
        let request = try #require(transport.lastRequest)
        #expect(request.url?.absoluteString == "http://api.test/v2/people/1?format=wookiee%20%26%20more&flag")
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "X-Endpoint") == "person")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test("an endpoint's error body decodes as its ErrorResponse")
    func typedError() async throws {
        let transport = RecordingTransport(status: 404, body: #"{"error": {"code": "not_found", "message": "no"}}"#)
        let error = await #expect(throws: RequestError<APIError>.self) { try await makeSession(transport).send(PersonEndpoint(id: 9)) }
        #expect(error?.statusCode == 404)
        #expect(error?.errorResponse?.error.code == "not_found")
    }

    @Test("sendWithResponse returns headers and client-measured metrics")
    func metrics() async throws {
        // A server that takes a while, so that there is a duration to measure: this sleep waits
        // for nothing to happen, and no check depends on how long it really took.
        let transport = TimingTransport(RecordingTransport { _ in
            try await Task.sleep(for: .milliseconds(30))
            return .init(status: 200, headers: ["Content-Type": "application/json", "X-Trace": "t1"], body: Data(#"{"code": "c", "message": "m"}"#.utf8))
        })
        let before = Date()
        let clock = ContinuousClock()
        let started = clock.now
        let (_, response) = try await makeSession(transport).sendWithResponse(PersonEndpoint(id: 1))
        let elapsed = clock.now - started
        #expect(response.statusCode == 200)
        #expect(response.headers["x-trace"] == "t1")
        #expect(response.metrics.attempts == 1)
        #expect(response.metrics.responseBodyBytes == 29)
        #expect(response.metrics.requestBodyBytes == 0)
        let exchange = try #require(transport.exchanges.first)
        #expect(response.metrics.duration >= exchange.end - exchange.start, "the client measured less than the server took")
        #expect(response.metrics.duration <= elapsed, "the client measured more than the call took")
        #expect(response.metrics.startDate >= before.addingTimeInterval(-1))
        #expect(response.metrics.endDate >= response.metrics.startDate)
    }

    @Test("JSONRequest.performWithResponse shares the pipeline and reports request bytes")
    func jsonRequestMetrics() async throws {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: .post, path: "people/", session: makeSession(transport))
        let (_, response) = try await request.performWithResponse(body: NewPerson(name: "Rey", birthYear: nil))
        #expect(response.metrics.requestBodyBytes == transport.lastRequest?.httpBody?.count)
        #expect(response.metrics.requestBodyBytes > 0)
    }

    @Test("the untyped path returns non-2xx without throwing unless validatesStatus is set")
    func untypedStatus() async throws {
        let transport = RecordingTransport(status: 404, headers: ["Content-Type": "application/json"], body: #"{"error": {"code": "nf", "message": "m"}}"#)
        let session = makeSession(transport)
        let response = try await session.send(HTTPRequest(path: "missing"))
        #expect(response.statusCode == 404)
        #expect(!response.isSuccess)
        #expect(try response.decode(APIError.self).error.code == "nf")
        let error = await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "missing", validatesStatus: true)) }
        #expect(error?.statusCode == 404)
        #expect(error?.errorResponse == response.body)
    }

    @Test("text uses the charset from Content-Type, UTF-8 by default", arguments: [
        ("text/plain; charset=ISO-8859-1", Data([0x63, 0x61, 0x66, 0xE9]), "café"),
        ("text/plain", Data("café".utf8), "café"),
        ("text/plain; charset=\"utf-8\"", Data("ok".utf8), "ok"),
    ])
    func text(contentType: String, body: Data, expected: String) async throws {
        let transport = RecordingTransport { _ in .init(status: 200, headers: ["Content-Type": contentType], body: body) }
        #expect(try await makeSession(transport).send(HTTPRequest(path: "t")).text() == expected)
    }

    @Test("invalid text and unknown charsets are decoding failures, not crashes")
    func badText() async throws {
        let invalid = RecordingTransport { _ in .init(status: 200, headers: ["Content-Type": "text/plain"], body: Data([0xFF, 0xFE, 0xFD])) }
        let response = try await makeSession(invalid).send(HTTPRequest(path: "t"))
        #expect(throws: DecodingFailure.self) { try response.text() }
        let unknown = RecordingTransport { _ in .init(status: 200, headers: ["Content-Type": "text/plain; charset=klingon"], body: Data("x".utf8)) }
        let error = try await #require(throws: DecodingFailure.self) { try await makeSession(unknown).send(HTTPRequest(path: "t")).text() }
        #expect(error.description.contains("klingon"))
    }

    @Test("decode uses the session's strategies and names the failing path")
    func decodeStrategies() async throws {
        let transport = RecordingTransport(body: SampleJSON.person())
        var session = makeSession(transport)
        session.keyDecodingStrategy = .convertFromSnakeCase
        session.dateDecodingStrategy = .iso8601WithFractionalSeconds
        let response = try await session.send(HTTPRequest(path: "people/1"))
        #expect(try response.decode(Person.self).birthYear == "19BBY")
        let failure = try #require(throws: DecodingFailure.self) { try response.decode(People.self) }
        #expect(failure.typeName == "People")
    }
}
