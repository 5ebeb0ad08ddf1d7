import Foundation
import Testing
@testable import MockFixtures

/// `MockEngineOptions.answerHeaders` (`mockserver --response-header`): headers every answer gets
/// unless it sets them itself.
@Suite("Headers added to every answer")
struct AnswerHeaderTests {
    static func options(_ lines: String...) throws -> MockEngineOptions {
        var options = MockEngineOptions()
        options.answerHeaders = try lines.map { try HTTPHeader(parsingAnswerHeader: $0) }
        return options
    }

    @Test func everyAnswerButAdminOnesGetsThemUnlessItSetsThemItself() throws {
        let fixture = try EngineFixture([
            "api/ping.json": #"{"response": {"pong": true}}"#,
            "api/own.json": #"{"headers": {"x-environment": "entry"}, "response": 1}"#,
            "logo.png": "PNG",
        ], options: try Self.options("X-Environment:  mock ", "X-Powered-By: mockserver"))
        let ping = fixture.get("/api/ping")
        #expect(ping.headerValue("X-Environment") == "mock", "the value is trimmed")
        #expect(ping.headerValue("X-Powered-By") == "mockserver")
        #expect(ping.preparedID != nil, "still the prepared answer: a server's copy carries them too")
        let stored = try #require(ping.preparedID.map { fixture.engine.store.preparedResponses[$0].headers })
        #expect(fixture.engine.preparedAnswerHeaders(stored) == ping.headers, "the prepared copy a front builds says the same")

        let own = fixture.get("/api/own")
        #expect(own.headers.filter { $0.name.lowercased() == "x-environment" }.map(\.value) == ["entry"], "the entry's own wins, whatever its case")
        #expect(own.headerValue("X-Powered-By") == "mockserver")
        #expect(fixture.get("/logo.png").headerValue("X-Powered-By") == "mockserver", "static files")
        #expect(fixture.get("/api/nothing").headerValue("X-Powered-By") == "mockserver", "the explaining 404")
        #expect(fixture.get("/__admin/requests").headerValue("X-Powered-By") == nil, "admin answers are the mock's own")

        let journal = try fixture.journal()
        let headers = try #require(journal.first?["response"] as? [String: Any])["headers"] as? [String: Any]
        #expect(headers?["x-powered-by"] as? String == "mockserver", "the journal shows what was sent: \(journal.first ?? [:])")
        let settings = try fixture.get("/__admin/settings").jsonObject()
        #expect(settings["headers"] as? [String: String] == ["X-Environment": "mock", "X-Powered-By": "mockserver"])
        let refused = fixture.engine.send("PUT", "/__admin/settings", headers: ["Content-Type": "application/json"], body: #"{"headers": {"X-A": "1"}}"#)
        #expect(refused.status == 400 && refused.text.contains("set when the server starts, not at runtime"), "\(refused.text)")
    }

    /// Audit R21: under `--cors` an added `Vary` keeps its value with `Origin` merged in, and the
    /// prepared health answer gets none of them.
    @Test func anAddedVaryMergesWithCORSAndHealthGetsNone() throws {
        var options = try Self.options("Vary: Accept-Encoding", "X-Powered-By: mockserver")
        options.cors = true
        let fixture = try EngineFixture(["api/ping.json": #"{"response": 1}"#], options: options)
        let ping = fixture.get("/api/ping")
        #expect(ping.headers.filter { $0.name.lowercased() == "vary" }.map(\.value) == ["Accept-Encoding, Origin"], "\(ping.headers)")
        let store = fixture.engine.store
        let health = store.preparedResponses[store.healthPreparedID]
        #expect(!fixture.engine.preparedAnswerHeaders(of: health, in: store).contains { $0.name == "X-Powered-By" })
        #expect(fixture.get("/__admin/health").headerValue("X-Powered-By") == nil)
        // The preflight CORS answers itself gets them too (audit D4).
        let preflight = fixture.send("OPTIONS", "/api/ping", headers: ["Origin": "http://localhost:5173", "Access-Control-Request-Method": "PUT"])
        #expect(preflight.status == 204 && preflight.headerValue("X-Powered-By") == "mockserver", "\(preflight.headers)")
        #expect(MockEngineOptions(journalSize: 1).problem == nil)
        var large = MockEngineOptions()
        large.answerHeaders = [HTTPHeader(name: "X-A", value: String(repeating: "a", count: 3_000))]
        #expect(large.problem?.contains("more than 2048") == true)
    }

    @Test(arguments: [
        ("X-A", "has no ':' between a header name and its value"),
        ("X A: 1", "is not a header name"),
        ("Content-Length: 5", "headers must not set Content-Length"),
        ("Connection: keep-alive", "only \"close\" can be asked for"),
        ("Keep-Alive: timeout=5", "headers must not set Keep-Alive"),
        ("X-A:   ", "has an empty value"),
        ("X-A: a\u{1B}b", "contains the control character"),
        ("Date: Mon", "Date cannot be added to every answer: the server adds it itself"),
        ("content-type: text/plain", "content-type cannot be added to every answer: each answer has its own"),
    ])
    func mistakesSayWhatIsWrong(line: String, message: String) {
        #expect(throws: AnswerHeaderError.self) { try HTTPHeader(parsingAnswerHeader: line) }
        do {
            _ = try HTTPHeader(parsingAnswerHeader: line)
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }
}
