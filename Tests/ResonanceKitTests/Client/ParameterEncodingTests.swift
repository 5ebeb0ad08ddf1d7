import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Parameters and bodies")
struct ParameterEncodingTests {
    @Test("GET parameters are sorted by name and fully percent-encoded")
    func queryEncoding() async throws {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: .get, path: "search", session: makeSession(transport))
        _ = try await request.perform(parameters: [
            "q": "a+b & c=d",
            "page": "1",
            "name": "Łukasz ✓",
            "empty": "",
            "tilde-_.~": "x/y?z",
        ])
        let query = try #require(transport.lastRequest?.url?.query(percentEncoded: true))
        #expect(query == "empty=&name=%C5%81ukasz%20%E2%9C%93&page=1&q=a%2Bb%20%26%20c%3Dd&tilde-_.~=x%2Fy%3Fz")
        let sentURL = try #require(transport.lastRequest?.url)
        let decoded = try #require(URLComponents(url: sentURL, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(decoded.first { $0.name == "q" }?.value == "a+b & c=d")
        #expect(decoded.first { $0.name == "name" }?.value == "Łukasz ✓")
        #expect(transport.lastRequest?.httpBody == nil)
    }

    @Test("no parameters means no question mark")
    func noBareQuestionMark() async throws {
        let transport = RecordingTransport()
        _ = try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "people/", session: makeSession(transport)).perform()
        let url = try #require(transport.lastRequest?.url?.absoluteString)
        #expect(url == "http://api.test/v2/people/")
    }

    @Test("HEAD and DELETE also send parameters in the query", arguments: [HTTPMethod.head, .delete])
    func queryMethods(method: HTTPMethod) async throws {
        let transport = RecordingTransport(body: "")
        _ = try await JSONRequest<EmptyResponse, APIError>(method: method, path: "people/1", session: makeSession(transport))
            .perform(parameters: ["force": "true"])
        #expect(transport.lastRequest?.url?.query == "force=true")
        #expect(transport.lastRequest?.httpMethod == method.rawValue)
        #expect(transport.lastRequest?.httpBody == nil)
    }

    @Test("other methods send parameters as a JSON object body", arguments: [HTTPMethod.post, .put, .patch, .custom("PURGE")])
    func bodyMethods(method: HTTPMethod) async throws {
        let transport = RecordingTransport()
        _ = try await JSONRequest<EmptyResponse, APIError>(method: method, path: "people/", session: makeSession(transport))
            .perform(parameters: ["name": "Rey", "note": "a \"quote\""])
        let sent = try #require(transport.lastRequest)
        #expect(sent.url?.query == nil)
        #expect(sent.httpMethod == method.rawValue)
        let body = try #require(sent.httpBody)
        let object = try JSONDecoder().decode([String: String].self, from: body)
        #expect(object == ["name": "Rey", "note": "a \"quote\""])
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("POST without parameters sends no body and no Content-Type")
    func emptyPost() async throws {
        let transport = RecordingTransport()
        _ = try await JSONRequest<EmptyResponse, APIError>(method: .post, path: "ping", session: makeSession(transport)).perform()
        #expect(transport.lastRequest?.httpBody == nil)
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test("an Encodable body uses the session's encoding strategies; parameters go to the query")
    func encodableBody() async throws {
        let transport = RecordingTransport()
        var session = makeSession(transport)
        session.keyEncodingStrategy = .convertToSnakeCase
        _ = try await JSONRequest<EmptyResponse, APIError>(method: .post, path: "people/", session: session)
            .perform(body: NewPerson(name: "Rey", birthYear: "15ABY"), parameters: ["dry_run": "1"])
        let sent = try #require(transport.lastRequest)
        #expect(sent.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"birth_year":"15ABY","name":"Rey"}"#)
        #expect(sent.url?.query == "dry_run=1")
    }

    @Test("dates in bodies follow the session's date encoding strategy")
    func dateEncoding() async throws {
        struct Stamp: Encodable { let at: Date }
        let transport = RecordingTransport()
        var session = makeSession(transport)
        session.dateEncodingStrategy = .iso8601WithFractionalSeconds
        let request = JSONRequest<EmptyResponse, APIError>(method: .post, path: "stamps", session: session)
        _ = try await request.perform(body: Stamp(at: Date(timeIntervalSince1970: 1_418_133_051.644)))
        #expect(transport.lastRequest?.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"at":"2014-12-09T13:50:51.644Z"}"#)
    }

    @Test("GET with a body is refused before anything is sent")
    func getWithBody() async throws {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: .get, path: "people/", session: makeSession(transport))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform(body: NewPerson(name: "Rey", birthYear: nil)) }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("perform(parameters:)"))
        #expect(transport.requests.isEmpty)
    }

    @Test("a method that is not an HTTP token is refused")
    func invalidMethod() async throws {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: "GET /evil HTTP/1.1\r\n", path: "x", session: makeSession(transport))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        guard case .invalidRequest = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(transport.requests.isEmpty)
    }
}
