import Foundation
import MockFixtures
import MockServer
import TestSupport
import Testing

/// libmicrohttpd builds an answer's head in the same 20 KiB per connection that keeps the
/// request's head. An answer whose header lines do not fit beside a large (but allowed) request
/// head used to get no byte at all while the journal said 200; now it is a JSON 431 saying why.
@Suite struct AnswerHeadRoomTests {
    static let policy = String(repeating: "script-src https://cdn.example.com ", count: 80)
    static let files = [
        "api/echo.json": #"{"template": true, "headers": {"X-Echo": "{{header.authorization}}"}, "response": {"ok": true}}"#,
        "api/csp.json": #"{"headers": {"Content-Security-Policy": "\#(policy)"}, "response": {"ok": true}}"#,
    ]

    static func bearer(_ count: Int) -> String {
        "Authorization: Bearer " + String(repeating: "t", count: count)
    }

    /// Fixed headers over what any request's head leaves are warned about at load (audit F2: 3,000
    /// Set-Cookie lines loaded with 0 problems, then every request got a 431); in-process, where
    /// there is no such room, they are not.
    @Test func fixedHeadersThatCanNeverFitAreWarnedAboutAtLoad() throws {
        let cookies = (0..<1_000).map { "\"c\($0)=\(String(repeating: "v", count: 20))\"" }.joined(separator: ", ")
        let folder = try TemporaryFolder(["api/cookies.json": #"[{"headers": {"Set-Cookie": [\#(cookies)]}, "response": {}}]"#])
        defer { folder.remove() }
        let store = try FixtureStore.load(root: folder.path, options: MockHTTPServer.loadOptions)
        let warning = try #require(store.problems.first, "\(store.problems)")
        #expect(warning.severity == .warning)
        #expect(warning.message.hasPrefix("entry 0's headers are "), "\(warning.message)")
        #expect(warning.message.hasSuffix("bytes of header lines, more than the server can send beside any request's head (\(MockHTTPServer.answerHeadRoomBytes) at most), so every request to it gets a 431"))
        #expect((warning.line, warning.column) == (1, 2))
        #expect(store.problems.count == 1)
        #expect(try FixtureStore.load(root: folder.path).problems.isEmpty, "in-process there is no such limit")
    }

    @Test func aTemplateEchoingALargeHeaderIsA431InsteadOfNoAnswer() throws {
        let running = try RunningServer(Self.files)
        let fits = try running.rawClient().request("GET", "/api/echo", headers: [Self.bearer(9_000)])
        #expect(fits.status == 200, "\(fits.statusLine)")
        #expect(fits.header("X-Echo")?.count == 9_007)

        let client = try running.rawClient()
        let answer = try client.request("GET", "/api/echo", headers: [Self.bearer(10_500)])
        #expect(answer.status == 431, "\(answer.statusLine)")
        let body = try jsonObject(answer.body)
        let error = try #require(body["error"] as? String)
        #expect(error.hasPrefix("the answer of api/echo.json entry 0 has 10549 bytes of header lines, and this request's head leaves room for "), "\(error)")
        #expect((body["hint"] as? String)?.hasPrefix("send a smaller request head") == true)
        #expect(try client.request("GET", "/api/echo").status == 200, "the connection goes on")

        // The journal says what was sent.
        let journal = try jsonObject(try running.rawClient().request("GET", "/__admin/requests").body)
        let requests = try #require(journal["requests"] as? [[String: Any]])
        #expect(requests.map { $0["status"] as? Int } == [200, 431, 200])
        #expect(requests[1]["outcome"] as? String == "matched")
    }

    @Test func aLongFixedHeaderAndALargeRequestHeadAreA431() throws {
        let running = try RunningServer(Self.files)
        let fits = try running.rawClient().request("GET", "/api/csp", headers: [Self.bearer(15_000)])
        #expect(fits.status == 200, "\(fits.statusLine)")
        #expect(fits.header("Content-Security-Policy")?.count == Self.policy.count - 1, "the value's trailing space is not sent")
        let answer = try running.rawClient().request("GET", "/api/csp", headers: [Self.bearer(17_500)])
        #expect(answer.status == 431, "\(answer.statusLine)")
        #expect((try jsonObject(answer.body)["error"] as? String)?.hasPrefix("the answer of api/csp.json entry 0 has ") == true)
    }

    /// With CORS, the server's own answers echo the `Origin`: a refusal or an admin answer used
    /// to be closed without a byte when that echo did not fit beside a large head.
    @Test(arguments: [
        ("GET /__admin/health HTTP/1.1", "", 200),
        ("POST /api/people HTTP/1.1", "Content-Length: 2000000000\r\n", 413),
        ("GET /a%zz HTTP/1.1", "", 400),
    ])
    func theServersOwnAnswersWithALongOriginAreSent(requestLine: String, extra: String, status: Int) throws {
        let cors = try BrowserSemanticsSocketTests.CORSServer()
        let origin = "Origin: https://" + String(repeating: "o", count: 2_500) + ".example"
        let padding = "X-Pad: " + String(repeating: "p", count: 15_000)
        let client = try cors.client()
        try client.write("\(requestLine)\r\nHost: test\r\n\(origin)\r\n\(padding)\r\n\(extra)\r\n")
        let answer = try client.readAnswer()
        #expect(answer.status == status, "\(answer.statusLine)")
        #expect(answer.header("Content-Type") == "application/json")
        #expect(answer.header("Access-Control-Allow-Origin") == nil, "sent without the echo that did not fit")
    }
}
