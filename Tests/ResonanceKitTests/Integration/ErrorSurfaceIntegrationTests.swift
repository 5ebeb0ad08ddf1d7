import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a failed request tells its caller, against the real mockserver.
@Suite("Error surface against Mocks/", .timeLimit(.minutes(1)))
struct ErrorSurfaceIntegrationTests {
    @Test("statusCode is set for unacceptable content types and decoding failures", arguments: MockBackend.allCases)
    func statusCodeOfUsableFailures(backend: MockBackend) async throws {
        try await backend.withSession { session in
            let contentType = await #expect(throws: RequestError<APIError>.self) {
                try await JSONRequest<Account, APIError>(method: .get, path: "api/1.0/motd.txt", session: session).perform()
            }
            #expect(contentType?.statusCode == 200)

            let decoding = await #expect(throws: RequestError<APIError>.self) {
                try await JSONRequest<Account, APIError>(method: .get, path: "api/1.0/people/1", session: session).perform()
            }
            guard case .decoding = decoding?.kind else {
                Issue.record("expected a decoding error, got \(String(describing: decoding))")
                return
            }
            #expect(decoding?.statusCode == 200)
            #expect(decoding?.headers["CONTENT-TYPE"] == "application/json", "headers are looked up ignoring case")
        }
    }

    @Test("a body that is not JSON is described once, without a doubled period", arguments: MockBackend.allCases)
    func notJSONWording(backend: MockBackend) async throws {
        let failure = try await backend.withSession { session in
            let response = try await session.send(HTTPRequest(path: "api/1.0/motd.txt"))
            return #expect(throws: DecodingFailure.self) { try response.decode(Account.self) }
        }
        let text = failure?.description ?? ""
        #expect(text.contains("valid JSON"), "\(text)")
        #expect(!text.contains(".."), "\(text)")
        #expect(text.contains("Body starts: May the Force be with you."), "\(text)")
    }

    @Test("an empty error body is described with the one empty-body phrase", arguments: MockBackend.allCases)
    func emptyBodyPhrase(backend: MockBackend) async throws {
        let error = try await backend.withSession { session in
            await #expect(throws: RequestError<Data>.self) {
                try await session.send(HTTPRequest(path: "api/1.0/redirect/307", validatesStatus: true, redirectPolicy: .doNotFollow))
            }
        }
        #expect(error?.statusCode == 307)
        #expect(error?.data?.isEmpty == true)
        #expect(error?.description.hasSuffix("failed with status 307 (Temporary Redirect). The body was empty.") == true, "\(String(describing: error))")
    }
}
