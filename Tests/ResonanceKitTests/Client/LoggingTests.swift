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

    @Test("failures are logged at request level")
    func failure() async {
        let messages = await run(level: .request, status: 500)
        #expect(messages.contains { $0.hasPrefix("✕") && $0.contains("500") })
    }
}
