import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Accept and Content-Type validation")
struct ContentTypeValidationTests {
    private func perform(contentType: String?, body: String = "{}", status: Int = 200) async -> RequestError<APIError>? {
        let headers = contentType.map { ["Content-Type": $0] } ?? [:]
        let transport = RecordingTransport(status: status, headers: headers, body: body)
        do {
            _ = try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: makeSession(transport)).perform()
            return nil
        } catch {
            return error
        }
    }

    @Test("JSON types are accepted, compared before ';' and case-insensitively", arguments: [
        "application/json", "Application/JSON; charset=utf-8", "application/problem+json", "application/vnd.api+json;v=2",
    ])
    func accepted(contentType: String) async {
        #expect(await perform(contentType: contentType) == nil)
    }

    @Test("another type throws unacceptableContentType saying what was expected and what came")
    func rejected() async throws {
        let error = try #require(await perform(contentType: "text/plain; charset=utf-8", body: "Welcome"))
        guard case .unacceptableContentType(let expected, let received) = error.kind else {
            Issue.record("expected unacceptableContentType, got \(error)")
            return
        }
        #expect(expected == ["application/json"])
        #expect(received == "text/plain")
        #expect(error.description.contains("text/plain"))
        #expect(error.description.contains("application/json"))
        #expect(error.data == Data("Welcome".utf8))
    }

    @Test("empty bodies, missing Content-Type and error statuses are not checked")
    func notChecked() async throws {
        #expect(await perform(contentType: "text/plain", body: "") == nil)
        #expect(await perform(contentType: nil) == nil)
        #expect(await perform(contentType: "text/html", body: "<html>", status: 500)?.statusCode == 500)
    }

    @Test("an endpoint declaring image/* accepts image/png and rejects JSON")
    func endpointAccepts() async throws {
        struct Avatar: Endpoint {
            typealias Response = Data
            var path: String { "luke.png" }
            var accepts: AcceptedMediaTypes? { ["image/*"] }
        }
        let png = RecordingTransport(status: 200, headers: ["Content-Type": "image/png"], body: "PNG")
        #expect(try await makeSession(png).send(Avatar()) == Data("PNG".utf8))
        #expect(png.lastRequest?.value(forHTTPHeaderField: "Accept") == "image/*")
        let json = RecordingTransport(status: 200, headers: ["Content-Type": "application/json"], body: "{}")
        let error = await #expect(throws: RequestError<Data>.self) { try await makeSession(json).send(Avatar()) }
        #expect(error.map { "\($0.kind)" }?.contains("unacceptableContentType") == true)
    }

    @Test("the untyped path checks only when accepts is set")
    func untyped() async throws {
        let transport = RecordingTransport(status: 200, headers: ["Content-Type": "text/plain"], body: "hi")
        let session = makeSession(transport)
        #expect(try await session.send(HTTPRequest(path: "motd.txt")).text() == "hi")
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "Accept") == nil)
        await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "motd.txt", accepts: .json)) }
    }
}
