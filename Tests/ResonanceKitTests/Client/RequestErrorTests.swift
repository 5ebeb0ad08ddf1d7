import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Request errors")
struct RequestErrorTests {
    @Test("a 4xx or 5xx throws with status, typed error body, raw data and headers", arguments: [400, 401, 404, 422, 500, 503])
    func typedErrorBody(status: Int) async throws {
        let body = #"{"error": {"code": "invalid", "message": "name is required"}}"#
        let transport = RecordingTransport(status: status, headers: ["Content-Type": "application/json", "Retry-After": "5"], body: body)
        let request = JSONRequest<Person, APIError>(method: .post, path: "people/", session: makeSession(transport))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform(parameters: ["x": "y"]) }
        let requestError = try #require(error)
        #expect(requestError.statusCode == status)
        #expect(requestError.errorResponse == APIError(error: .init(code: "invalid", message: "name is required")))
        #expect(requestError.data == Data(body.utf8))
        #expect(requestError.headerValue(for: "retry-after") == "5")
        #expect(requestError.description.contains("\(status)"))
        #expect(requestError.description.contains("name is required"))
        #expect(requestError.localizedDescription == requestError.description)
    }

    @Test("an error body that does not decode leaves errorResponse nil but keeps the raw data")
    func undecodableErrorBody() async throws {
        let transport = RecordingTransport(status: 502, headers: ["Content-Type": "text/html"], body: "<html>Bad Gateway</html>")
        let request = JSONRequest<Person, APIError>(method: .get, path: "people/1", session: makeSession(transport))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        #expect(error?.statusCode == 502)
        #expect(error?.errorResponse == nil)
        #expect(error?.data == Data("<html>Bad Gateway</html>".utf8))
        #expect(error?.description.contains("<html>Bad Gateway</html>") == true)
    }

    @Test("a transport failure is a transport error without a status")
    func transportFailure() async throws {
        let request = JSONRequest<Person, APIError>(method: .get, path: "people/1", session: makeSession(FailingTransport(error: URLError(.cannotConnectToHost))))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        guard case .transport(let underlying) = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
        #expect(error?.statusCode == nil)
        #expect(error?.transportFailure == .connectionRefused(host: "api.test", port: 80))
        #expect(error?.description.contains("nothing is listening on api.test:80 (connection refused) — is the server running, and is the port right?") == true, "\(String(describing: error))")
    }

    @Test("a URLError timeout from the transport is a timeout")
    func urlErrorTimeout() async throws {
        let request = JSONRequest<Person, APIError>(method: .get, path: "p", session: makeSession(FailingTransport(error: URLError(.timedOut))))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        guard case .timeout = error?.kind else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
    }

    @Test("a GET with a body names the URL it would have gone to")
    func getWithBodyNamesURL() async throws {
        let request = JSONRequest<Person, APIError>(method: .get, path: "people/", session: makeSession(RecordingTransport()))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform(body: ["name": "Rey"], parameters: ["page": "2"]) }
        guard case .invalidRequest = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(error?.url?.absoluteString == "http://api.test/v2/people/?page=2")
        #expect(error?.description.hasPrefix("GET http://api.test/v2/people/?page=2: invalid request: GET requests cannot carry a body") == true,
                "\(String(describing: error))")
        #expect(error?.description.contains("<no URL>") == false)
    }

    @Test("a body cut short on Linux (libcurl's unmapped -1) is a lost connection, and says so")
    func cutShortBody() async throws {
        let cut = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "transfer closed with 14 bytes remaining to read"])
        let request = JSONRequest<Person, APIError>(method: .get, path: "people/1", session: makeSession(FailingTransport(error: cut)))
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        #expect(error?.transportFailure == .connectionLost(host: "api.test", port: 80))
        #expect(error?.description == "GET http://api.test/v2/people/1 failed: the connection to api.test:80 was lost before the response was complete — the server closed it, crashed or restarted.")
        let chunked = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "transfer closed with outstanding read data remaining"])
        #expect(TransportFailure(chunked, url: nil) == .connectionLost(host: "the server", port: 0))
        let other = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "something else"])
        #expect(TransportFailure(other, url: nil) == .other("URLError -1: something else"))
    }

    @Test("a zero or negative timeout is rejected, naming the setting", arguments: [0, -1, .nan] as [TimeInterval])
    func invalidTimeout(timeout: TimeInterval) async throws {
        var session = makeSession(RecordingTransport())
        session.timeout = timeout
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "p", session: session).perform()
        }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("JSONSession.timeout"))
    }
}
