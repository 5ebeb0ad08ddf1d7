import Foundation
import TestSupport
import Testing

/// A header sent on several lines reads as one combined value (RFC 9110 §5.3) everywhere a
/// test can see it: `requestHeaders`, `{{header.NAME}}`, the journal and verification.
/// URLRequest combines lines itself, so only a raw socket can send them.
extension ServingTests {
    @Test func aHeaderSentOnSeveralLinesIsMatchedTemplatedAndVerifiedAsTheJournalShowsIt() async throws {
        let running = try RunningServer([
            "api/tags.json": """
                [
                  {"requestHeaders": {"X-Tag": "a, b"}, "template": true, "response": {"tags": "{{header.x-tag}}", "cookie": "{{header.cookie}}"}},
                  {"requestHeaders": {"X-Tag": "a"}, "response": {"tags": "first line only"}}
                ]
                """,
        ])
        let client = try running.rawClient()
        let answer = try client.request("GET", "/api/tags", headers: ["X-Tag: a ", "Cookie: s=1", "x-tag:  b", "Cookie: t=2"])
        #expect(answer.status == 200, "\(answer.text)")
        let body = try jsonObject(Data(answer.text.utf8))
        #expect(body["tags"] as? String == "a, b", "\(answer.text)")
        #expect(body["cookie"] as? String == "s=1; t=2", "cookie pairs are joined with '; '")

        let single = try client.request("GET", "/api/tags", headers: ["X-Tag: a"])
        #expect(try jsonObject(Data(single.text.utf8))["tags"] as? String == "first line only")

        let journal = try client.request("GET", "/__admin/requests")
        let requests = try #require(try jsonObject(Data(journal.text.utf8))["requests"] as? [[String: Any]])
        let headers = try #require(requests.first?["headers"] as? [String: String])
        #expect(headers["x-tag"] == "a, b")
        #expect(headers["cookie"] == "s=1; t=2")

        let verify = try await running.fetch(
            "/__admin/requests/count", method: "POST",
            body: Data(#"{"path": "/api/tags", "requestHeaders": {"X-Tag": "a, b", "Cookie": "s=1; t=2"}}"#.utf8))
        #expect(verify.status == 200)
        #expect(try jsonObject(verify.body)["count"] as? Int == 1, "\(String(decoding: verify.body, as: UTF8.self))")
    }
}
