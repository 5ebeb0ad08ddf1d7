import Foundation
import Testing
@testable import MockFixtures

/// `"forward"`: what the engine hands a front for an entry that forwards, and the load errors.
@Suite("Entries that forward to an API")
struct EntryForwardTests {
    @Test func aForwardingEntryAsksTheFrontToForwardAndUsesUpItsTimes() throws {
        let fixture = try EngineFixture(["api/people.json": """
        [{"requestHeaders": {"X-Live": "1"}, "times": 1, "forward": {"to": "https://API.example.com/v1/", "headers": {"Authorization": "Bearer real"}}},
         {"response": {"from": "fixture"}}]
        """])
        #expect(fixture.engine.store.problems.isEmpty, "\(fixture.engine.store.problems)")
        let forwarded = fixture.get("/api/people?page=2", headers: ["X-Live": "1", "Authorization": "Bearer fake"])
        guard case .forwardRequested(let forward, let entry) = forwarded.outcome else {
            Issue.record("not a forward: \(forwarded.outcome)")
            return
        }
        #expect(entry == .matched(file: "api/people.json", entry: 0))
        #expect(forward.target.description == "https://api.example.com/v1")
        #expect(forward.target.url(forRequestTarget: "/api/people?page=2") == "https://api.example.com/v1/api/people?page=2")
        #expect(forward.forwardedHeaders([HTTPHeader(name: "authorization", value: "Bearer fake"), HTTPHeader(name: "X-Live", value: "1")])
                == [HTTPHeader(name: "X-Live", value: "1"), HTTPHeader(name: "Authorization", value: "Bearer real")],
                "the entry's header replaces the client's of the same name, whatever its case")
        #expect(forwarded.status == 502 && forwarded.text.contains("the front that received this one cannot forward"),
                "a front that cannot forward sends a 502 that says why")
        #expect(forwarded.preparedID == nil)
        #expect(try fixture.journal().isEmpty, "the front journals the forwarded exchange, not the engine")

        let second = fixture.get("/api/people", headers: ["X-Live": "1"])
        #expect(second.outcome == .matched(file: "api/people.json", entry: 1), "times: 1 was used up by the forward")
        #expect(try fixture.journal().map { $0["outcome"] as? String } == ["matched"])
    }

    @Test func theFrontsJournalNamesTheEntryAndAFailedForwardCountsAsUnmatched() throws {
        let fixture = try EngineFixture(["api/people.json": #"[{"forward": "http://127.0.0.1:9"}]"#])
        let forwarded = fixture.get("/api/people")
        guard case .forwardRequested(_, let entry) = forwarded.outcome else {
            Issue.record("not a forward: \(forwarded.outcome)")
            return
        }
        let proxied = MockResponse(status: 200, headers: [], body: Array("{}".utf8), outcome: .proxied(upstream: "http://127.0.0.1:9"))
            .forwarded(byEntry: entry)
        #expect(proxied.outcome.name == "proxied")
        #expect(proxied.outcome.logDescription == "proxied to http://127.0.0.1:9 (matched api/people.json#0)")
        fixture.engine.journalForwarded(method: "GET", target: "/api/people", headers: [String: String](), body: [], response: proxied)
        let failed = MockResponse(status: 502, headers: [], body: [], outcome: .proxyFailed(upstream: "http://127.0.0.1:9", error: "connection refused"))
            .forwarded(byEntry: entry)
        fixture.engine.journalForwarded(method: "GET", target: "/api/people", headers: [String: String](), body: [], response: failed)
        let journal = try fixture.journal()
        #expect(journal.map { $0["outcome"] as? String } == ["proxied", "proxyFailed"])
        let matched = try #require(journal[0]["matched"] as? [String: Any])
        #expect(matched["file"] as? String == "api/people.json" && matched["entry"] as? Int == 0)
        let unmatched = try fixture.journal(unmatched: true)
        #expect(unmatched.count == 1 && unmatched[0]["status"] as? Int == 502, "a forward that failed is listed with the unmatched requests")
        #expect(try fixture.count(#"{"path": "/api/people"}"#)["count"] as? Int == 2)
    }

    @Test(arguments: [
        (#"{"forward": "https://api.example.com", "status": 201}"#, #""status" cannot be used with "forward": the answer is the API's"#),
        (#"{"forward": "https://api.example.com", "response": {}}"#, #""response" cannot be used with "forward""#),
        (#"{"forward": "https://api.example.com", "delay": 200}"#, #""delay" cannot be used with "forward": a forwarded answer takes the API's own time"#),
        (#"{"forward": "https://api.example.com", "fault": "emptyResponse"}"#, #""fault" cannot be used with "forward""#),
        (#"{"forward": "ftp://api.example.com"}"#, #"forward: "ftp://api.example.com" is not a usable target URL: the scheme ftp is not supported"#),
        (#"{"forward": "https://api.example.com/v1?x=1"}"#, "it has a query or fragment"),
        (#"{"forward": 42}"#, "forward must be a URL string or an object, found number 42"),
        (#"{"forward": {"headers": {"X-A": "1"}}}"#, #"forward needs "to", the URL of the API to forward to"#),
        (#"{"forward": {"to": "https://api.example.com", "header": {}}}"#, #"forward has an unknown key "header""#),
        (#"{"forward": {"to": "https://api.example.com", "headers": {"Host": "other"}}}"#, #"forward headers cannot set "Host""#),
        (#"{"forward": {"to": "https://api.example.com", "headers": {"X-A": 1}}}"#, #"header "X-A" in forward headers must be a string"#),
        (#"{"forward": {"to": 7}}"#, #"forward "to" must be a URL string"#),
        // The loop check (audit R20): a Via set here hid the request's own.
        (#"{"forward": {"to": "https://api.example.com", "headers": {"Via": "1.1 x"}}}"#, #"forward headers cannot set "Via": Via carries the loop check"#),
        (#"{"forward": {"to": "https://api.example.com", "headers": {"Accept-Encoding": "br"}}}"#, #"forward headers cannot set "Accept-Encoding""#),
        (#"{"forward": {"to": "https://api.example.com", "headers": {"Max-Forwards": "3"}}}"#, #"forward headers cannot set "Max-Forwards""#),
        (#"{"forward": {"to": "https://api.example.com", "headers": {"Expect": "100-continue"}}}"#, #"forward headers cannot set "Expect""#),
        (#"{"forward": ""}"#, "forward is an empty URL"),
        (#"{"forward": "https://api.example.com/v%zz/x"}"#, "its base path has a '%' not followed by two hex digits"),
        (#"{"forward": "https://api.example.com/v1/../admin"}"#, "its base path has a '.' or '..' segment"),
        (#"{"forward": "https://api.example.com/v2/%2e%2E/x"}"#, "its base path has a '.' or '..' segment"),
        (#"{"forward": "https://api.example.com/a%2f%2e%2e/x"}"#, "or an encoded '/'"),
        (#"{"forward": "https://api.example.com/v1..%00"}"#, "or an encoded '/'"),
        (#"{"forward": "https://api.example.com/v2/..\\x"}"#, "its base path has a '\\'"),
        (#"{"forward": "https://bücher.example"}"#, "is not ASCII; write an internationalized name in its xn-- (punycode) form"),
    ])
    func mistakesAreLoadErrorsNamingTheKey(entry: String, message: String) throws {
        let fixture = try EngineFixture(["api/x.json": "[\(entry)]"])
        let problems = fixture.engine.store.problems
        #expect(problems.contains { $0.severity == .error && $0.message.contains(message) }, "\(problems)")
        #expect(fixture.get("/api/x").status == 500, "the file is broken, not half-served")
    }

    @Test func aURLErrorReadsAsOneSentenceBeforeItsHint() throws {
        let fixture = try EngineFixture(["api/x.json": #"[{"forward": "https://user@api.example.com"}]"#])
        let report = fixture.engine.store.problemReport
        #expect(report.contains(#"forward: "https://user@api.example.com" is not a usable target URL: it contains a user name or password; send credentials as request headers instead. Give the API's origin"#), "\(report)")
    }

    @Test func forwardHeaderValuesAreTrimmedAndPlaceholdersWarnedAbout() throws {
        let fixture = try EngineFixture(["api/x.json": #"[{"forward": {"to": "https://api.example.com", "headers": {"X-A": " 1 ", "X-B": "{{header.x}}"}}}]"#])
        let problems = fixture.engine.store.problems
        #expect(problems.allSatisfy { $0.severity == .warning } && problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.message.contains(#"it is sent as "1""#) })
        #expect(problems.contains { $0.message.contains("forward headers are not templated") })
        guard case .forwardRequested(let forward, _) = fixture.get("/api/x").outcome else {
            Issue.record("not a forward")
            return
        }
        #expect(forward.headers == [HTTPHeader(name: "X-A", value: "1"), HTTPHeader(name: "X-B", value: "{{header.x}}")])
    }

    @Test func otherToolsProxyKeysPointAtForward() throws {
        let fixture = try EngineFixture(["api/x.json": #"[{"proxyBaseUrl": "https://api.example.com"}]"#])
        let problem = try #require(fixture.engine.store.problems.first { $0.message.contains("proxyBaseUrl") })
        #expect(problem.hint.contains(#""forward": "https://api.example.com""#), "\(problem.hint)")
    }

    /// `--delay` is for the mock's own answers: a forward takes the API's time, and its webhooks
    /// go out as it is forwarded (audit D4: they waited for a delay the answer never had).
    @Test func aForwardWaitsForNoGlobalDelay() throws {
        var options = MockEngineOptions()
        options.delay = try AnswerDelay(parsing: "500")
        let fixture = try EngineFixture(["api/x.json": #"[{"forward": "http://127.0.0.1:9", "webhooks": [{"url": "http://127.0.0.1:9/hook"}]}]"#], options: options)
        let forwarded = fixture.get("/api/x")
        #expect(forwarded.outcome.isForwardRequested && forwarded.delayMilliseconds == 0)
        let listed = try #require(try fixture.get("/__admin/webhooks").jsonObject()["webhooks"] as? [[String: Any]])
        #expect(listed.first?["delay"] as? Int == 0)
    }

    @Test func aRuntimeFixtureForwardsToo() throws {
        let fixture = try EngineFixture([:])
        let added = fixture.postJSON("/__admin/fixtures", #"{"path": "/api/live", "entries": [{"method": "POST", "forward": "http://127.0.0.1:9/base"}]}"#)
        #expect(added.status == 201, "\(added.text)")
        let answer = fixture.postJSON("/api/live", "{}")
        guard case .forwardRequested(let forward, let entry) = answer.outcome else {
            Issue.record("not a forward: \(answer.outcome)")
            return
        }
        #expect(forward.target.description == "http://127.0.0.1:9/base")
        #expect(entry == .matchedRuntime(fixture: "fixture-1", entry: 0))
        let refused = fixture.postJSON("/__admin/fixtures", #"{"path": "/api/bad", "entries": [{"forward": "nope"}]}"#)
        #expect(refused.status == 400 && refused.text.contains(#"forward: \"nope\" is not a usable target URL"#), "\(refused.text)")
    }
}
