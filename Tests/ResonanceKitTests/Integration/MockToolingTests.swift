import Foundation
import ResonanceKit
import ResonanceKitTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("curl and DataLoader against Mocks/")
struct MockToolingTests {
    @Test("the curl command, run by /usr/bin/curl, gets the same bytes as perform",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func curlMatchesPerform() async throws {
        try await MockBackend.loopbackServer.withSession { session in
            var session = session
            session.headers["X-Client"] = "it's a test"
            let list = JSONRequest<Data, APIError>(method: .get, path: "api/1.0/people/", session: session)
            let parameters = ["search": "luke"]
            let listed = try await list.perform(parameters: parameters)
            #expect(try await runCurl(try list.curlCommand(parameters: parameters)) == listed)

            let create = JSONRequest<Data, APIError>(method: .post, path: "api/1.0/people/", session: session)
            let body = NewPerson(name: "Rey", birthYear: nil)
            let created = try await create.perform(body: body)
            #expect(try await runCurl(try create.curlCommand(body: body)) == created)

            var signedIn = session
            signedIn.authToken = "good-token"
            let account = JSONRequest<Data, APIError>(method: .get, path: "api/1.0/account", session: signedIn)
            let accountBody = try await account.perform()
            #expect(try await runCurl(try account.curlCommand()) == accountBody)
        }
    }

    @Test("DataLoader fetches the PNG once and serves the repeat from the cache", arguments: MockBackend.allCases)
    func imageLoading(backend: MockBackend) async throws {
        let expected = try MocksDirectory.contents(of: "images/luke.png")
        let counter = LockedCounter()
        try await backend.withSession(wrapping: { CountingTransport($0, counter: counter) }) { session in
            let loader = DataLoader(transport: session.transport)
            let url = session.baseURL.appendingPathComponent("images/luke.png")
            let first = try await loader.data(from: url)
            let second = try await loader.data(from: url)
            #expect(first == expected)
            #expect(second == expected)
            #expect(counter.value == 1)

            let missing = session.baseURL.appendingPathComponent("images/nobody.png")
            await #expect {
                try await loader.data(from: missing)
            } throws: { error in
                if case DataLoaderError.httpStatus(_, 404) = error { return true }
                return false
            }
            #expect(counter.value == 2)
        }
    }

    /// Runs a `curl` command line with the real curl and returns what it printed.
    private func runCurl(_ command: String) async throws -> Data {
        let script = command.replacingOccurrences(of: "curl ", with: "/usr/bin/curl --silent --show-error --max-time 10 ", options: .anchored)
        let output = try await Shell.run(script)
        #expect(output.status == 0, "curl failed: \(command)")
        return output.standardOutputData
    }
}
