import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("curl commands")
struct CurlCommandTests {
    @Test("a GET command carries method, every header and the URL last, and parses back through a shell")
    func getCommand() async throws {
        var session = makeSession(RecordingTransport())
        session.headers["X-Client"] = "it's \"quoted\" $HOME `x`"
        session.authToken = "secret-token"
        let request = JSONRequest<People, APIError>(method: .get, path: "people/", session: session)
        let command = try request.curlCommand(parameters: ["search": "luke & leia", "page": "1"])
        #expect(!command.contains("\n"))
        #expect(command.hasPrefix("curl -X GET "))
        let arguments = try await Shell.curlArguments(of: command)
        #expect(arguments == [
            "-X", "GET",
            "-H", "Accept: application/json",
            "-H", "Authorization: Bearer secret-token",
            "-H", "X-Client: it's \"quoted\" $HOME `x`",
            "http://api.test/v2/people/?page=1&search=luke%20%26%20leia",
        ])
    }

    @Test("a POST command carries the exact body bytes perform would send")
    func postCommand() async throws {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: .post, path: "people/", session: makeSession(transport))
        let body = NewPerson(name: "O'Brien's droid", birthYear: "1'2")
        let command = try request.curlCommand(body: body)
        #expect(command.contains(#"'\''"#))
        _ = try await request.perform(body: body)
        let sentBody = try #require(transport.lastRequest?.httpBody)
        let arguments = try await Shell.curlArguments(of: command)
        let dataIndex = try #require(arguments.firstIndex(of: "--data-raw"))
        #expect(arguments[dataIndex + 1] == String(decoding: sentBody, as: UTF8.self))
        #expect(arguments.contains("Content-Type: application/json"))
        #expect(arguments.last == "http://api.test/v2/people/")
        #expect(Array(arguments.prefix(2)) == ["-X", "POST"])
    }

    @Test("HEAD uses --head so curl does not wait for a body")
    func headCommand() async throws {
        let request = JSONRequest<EmptyResponse, APIError>(method: .head, path: "people/", session: makeSession(RecordingTransport()))
        let arguments = try await Shell.curlArguments(of: try request.curlCommand())
        #expect(arguments.first == "--head")
        #expect(!arguments.contains("-X"))
    }

    @Test("building a command for an invalid request throws the same error perform would")
    func invalidCommand() {
        var session = makeSession(RecordingTransport())
        session.headers["Bad Header"] = "x"
        let request = JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session)
        #expect(throws: RequestError<APIError>.self) { try request.curlCommand() }
    }

    @Test("a text body starting with @ goes inline with --data-raw, so curl never reads a file")
    func atSignBody() async throws {
        let session = makeSession(RecordingTransport())
        let command = try session.curlCommand(for: HTTPRequest(method: .post, path: "documents/", body: .data(Data("@/etc/passwd".utf8), contentType: "text/plain")))
        let arguments = try await Shell.curlArguments(of: command)
        let dataIndex = try #require(arguments.firstIndex(of: "--data-raw"))
        #expect(arguments[dataIndex + 1] == "@/etc/passwd")
        #expect(!arguments.contains("--data-binary"))
    }

    @Test("a binary body is piped through printf on one line and arrives byte for byte")
    func binaryBody() async throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x27, 0x5C, 0x25, 0x62, 0xFF] + Array("it's 100% \\c".utf8))
        let session = makeSession(RecordingTransport())
        let command = try session.curlCommand(for: HTTPRequest(method: .post, path: "documents/", body: .data(bytes, contentType: "image/png")))
        #expect(!command.contains("\n"))
        #expect(!command.contains("\r"))
        let separator = try #require(command.range(of: " | curl "))
        let printf = String(command[..<separator.lowerBound])
        #expect(try await Shell.run(printf).standardOutputData == bytes)
        let arguments = try await Shell.curlArguments(of: "curl " + command[separator.upperBound...])
        let dataIndex = try #require(arguments.firstIndex(of: "--data-binary"))
        #expect(arguments[dataIndex + 1] == "@-")
        #expect(arguments.contains("Content-Type: image/png"))
    }
}
