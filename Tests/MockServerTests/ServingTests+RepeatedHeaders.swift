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

/// A fixture header given as an array goes out on several lines: two cookies cannot share one
/// `Set-Cookie` line (a comma there is part of an `Expires` date, RFC 6265 §3).
extension ServingTests {
    @Test func anArrayOfHeaderValuesIsSentOnSeveralLines() throws {
        let running = try RunningServer([
            // Prebuilt (a libmicrohttpd response made once) and rendered per request.
            "api/login.json": """
                {"method": "POST", "headers": {"Set-Cookie": ["session=abc; Path=/; HttpOnly", "csrf=xyz; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT"],
                                               "Vary": ["Accept", "Accept-Language"]}, "response": {"ok": true}}
                """,
            "api/renew.json": #"{"headers": {"Set-Cookie": ["session={{uuid}}", "csrf=xyz"]}, "template": true, "response": {"ok": true}}"#,
        ])
        #expect(running.store.problems.isEmpty, "\(running.store.problems)")
        let answer = try running.rawClient().request("POST", "/api/login", headers: ["Content-Length: 0"])
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
                == ["session=abc; Path=/; HttpOnly", "csrf=xyz; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT"])
        #expect(answer.headers.filter { $0.name.lowercased() == "vary" }.map(\.value) == ["Accept", "Accept-Language"])
        let renewed = try running.rawClient().request("GET", "/api/renew")
        let cookies = renewed.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
        #expect(cookies.count == 2 && cookies[0].hasPrefix("session=") && cookies[0].count == "session=".count + 36 && cookies[1] == "csrf=xyz", "\(cookies)")
    }
}
