import Foundation
import Logging
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Logging")
struct LoggingTests {
    private func run(level: JSONSession.LogLevel, token: String? = "super-secret", status: Int = 200) async -> [String] {
        let recorder = LogRecorder()
        var session = makeSession(RecordingTransport(status: status, body: #"{"code": "c", "message": "m"}"#))
        session.logger = recorder.makeLogger()
        session.logLevel = level
        session.authToken = token
        let request = JSONRequest<APIError.Detail, APIError>(method: .post, path: "people/", session: session)
        _ = try? await request.perform(parameters: ["name": "Rey"])
        return recorder.messages
    }

    @Test("level none logs nothing")
    func none() async {
        #expect(await run(level: .none).isEmpty)
    }

    @Test("level request logs method, URL and a curl command with the credential masked")
    func request() async throws {
        let messages = await run(level: .request)
        #expect(messages.contains("→ POST http://api.test/v2/people/"))
        let curl = try #require(messages.first { $0.hasPrefix("curl ") })
        #expect(curl.contains("Authorization: Bearer ***"))
        #expect(!messages.joined().contains("super-secret"))
        #expect(!messages.contains { $0.hasPrefix("←") })
    }

    @Test("level response adds status, duration and body snippets, still masked")
    func response() async throws {
        let messages = await run(level: .response, token: "Basic dXNlcjpwYXNz")
        let summary = try #require(messages.first { $0.hasPrefix("← 200 POST") })
        #expect(summary.contains(" ms"))
        #expect(messages.contains { $0.hasPrefix("← Body starts: {\"code\": \"c\"") })
        #expect(messages.contains { $0.contains(#"→ Body starts: {"name":"Rey"}"#) })
        #expect(messages.contains { $0.contains("Authorization: Basic ***") })
        #expect(!messages.joined().contains("dXNlcjpwYXNz"))
    }

    @Test("level request masks every credential header the session drops on a cross-origin redirect")
    func credentialHeadersMasked() async throws {
        let recorder = LogRecorder()
        var session = makeSession(RecordingTransport(status: 200, body: #"{"code": "c", "message": "m"}"#))
        session.logger = recorder.makeLogger()
        session.logLevel = .request
        session.headers["Cookie"] = "session=SECRET-COOKIE; theme=dark"
        session.headers["Proxy-Authorization"] = "Basic cHJveHk6cGFzcw=="
        session.headers["X-Client"] = "demo"
        var request = JSONRequest<APIError.Detail, APIError>(method: .get, path: "people/", session: session)
        request.headers["set-cookie"] = "stray=SECRET-SET-COOKIE"
        _ = try? await request.perform()
        let curl = try #require(recorder.messages.first { $0.hasPrefix("curl ") })
        #expect(curl.contains("-H 'Cookie: ***'"), "\(curl)")
        #expect(curl.contains("-H 'Proxy-Authorization: Basic ***'"), "\(curl)")
        #expect(curl.contains("-H 'set-cookie: ***'"), "\(curl)")
        #expect(curl.contains("-H 'X-Client: demo'"), "other headers are logged as they are: \(curl)")
        #expect(!recorder.messages.joined().contains("SECRET"))
        // The curl command a caller asks for is not a log: it sends the request as it is.
        let command = try request.curlCommand()
        #expect(command.contains("Cookie: session=SECRET-COOKIE; theme=dark"))
    }

    @Test("failures are logged at request level")
    func failure() async {
        let messages = await run(level: .request, status: 500)
        #expect(messages.contains { $0.hasPrefix("✕") && $0.contains("500") })
    }
}
