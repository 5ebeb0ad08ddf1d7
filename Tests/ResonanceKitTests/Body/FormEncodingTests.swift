import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Form bodies")
struct FormEncodingTests {
    private struct Login: Endpoint {
        typealias Response = EmptyResponse
        let body: RequestBody?
        var method: HTTPMethod { .post }
        var path: String { "login/" }
    }

    private func sent(_ body: RequestBody) async throws -> URLRequest {
        let transport = RecordingTransport()
        _ = try await makeSession(transport).send(Login(body: body))
        return try #require(transport.lastRequest)
    }

    @Test("a dictionary is sorted by name; space is +, reserved and non-ASCII bytes are %XX")
    func dictionaryForm() async throws {
        let request = try await sent(.form(["username": "luke skywalker", "password": "a+b&c=d/é*-._~"]))
        let body = String(decoding: try #require(request.httpBody), as: UTF8.self)
        #expect(body == "password=a%2Bb%26c%3Dd%2F%C3%A9*-._%7E&username=luke+skywalker")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test("ordered pairs keep their order and repeats")
    func orderedForm() async throws {
        let request = try await sent(.form([(name: "b", value: "1"), (name: "a", value: ""), (name: "b", value: "2")]))
        #expect(request.httpBody == Data("b=1&a=&b=2".utf8))
    }

    @Test("raw data is sent byte for byte with its content type")
    func rawData() async throws {
        let bytes = Data([0x25, 0x50, 0x44, 0x46, 0x00, 0xFF])
        let request = try await sent(.data(bytes, contentType: "application/pdf"))
        #expect(request.httpBody == bytes)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/pdf")
    }

    @Test("a JSON body uses the session's encoding strategies")
    func jsonBody() async throws {
        struct Draft: Encodable, Sendable { let birthYear: String }
        let transport = RecordingTransport()
        var session = makeSession(transport)
        session.keyEncodingStrategy = .convertToSnakeCase
        _ = try await session.send(Login(body: .json(Draft(birthYear: "19BBY"))))
        #expect(transport.lastRequest?.httpBody == Data(#"{"birth_year":"19BBY"}"#.utf8))
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("GET with a body is refused before anything is sent")
    func getWithBody() async throws {
        struct Search: Endpoint {
            typealias Response = EmptyResponse
            var path: String { "search" }
            var body: RequestBody? { .form(["q": "x"]) }
        }
        let transport = RecordingTransport()
        let error = await #expect(throws: RequestError<Data>.self) { try await makeSession(transport).send(Search()) }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("queryItems"))
        #expect(transport.requests.isEmpty)
    }
}
