import TestSupport
import Testing
@testable import MockFixtures

/// `priority` orders a fixture's entries: lower numbers are tried first, entries without one rank
/// 5 (WireMock's default); within one priority a constrained entry still beats a wildcard.
@Suite("Entry priority")
struct PriorityTests {
    /// The case the rule "constrained beats wildcard" cannot express: a one-off 503 for every
    /// request, the authorised ones included, before the usual answers.
    @Test func aLowerNumberGoesBeforeConstraintsAndFileOrder() throws {
        let (store, tree) = try loadTree(["a.json": """
        [
          {"requestHeaders": {"Authorization": "Bearer t"}, "response": "authorised"},
          {"response": "anonymous"},
          {"priority": 1, "times": 1, "status": 503},
          {"priority": 9, "query": {"page": "2"}, "response": "page 2, last resort"}
        ]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let engine = MockEngine(store: store)
        let first = engine.get("/a", headers: ["Authorization": "Bearer t"])
        #expect(first.status == 503, "priority 1 is tried before the constrained entry of priority 5")
        #expect(first.outcome == .matched(file: "a.json", entry: 2))
        #expect(engine.get("/a", headers: ["Authorization": "Bearer t"]).text == #""authorised""#)
        #expect(engine.get("/a?page=2").text == #""anonymous""#, "priority 9 comes after the wildcard of priority 5")
    }

    @Test func withinOnePriorityAConstrainedEntryBeatsAWildcard() throws {
        let (store, tree) = try loadTree(["a.json": """
        [
          {"priority": 2, "response": "wildcard"},
          {"priority": 2, "query": {"v": "1"}, "response": "constrained"},
          {"priority": 1, "query": {"v": "2"}, "response": "first"}
        ]
        """])
        _ = tree
        #expect(store.problems == [], "\(store.problems)")
        #expect(store.get("/a?v=1").text == #""constrained""#)
        #expect(store.get("/a?v=2").text == #""first""#)
        #expect(store.get("/a").text == #""wildcard""#)
        #expect(store.respond(method: "HEAD", target: "/a?v=2", headers: [String: String](), body: []).outcome == .matched(file: "a.json", entry: 2))
    }

    @Test func theNearMissListsCandidatesInFileOrder() throws {
        let (store, tree) = try loadTree(["a.json": """
        [
          {"query": {"v": "1"}, "response": 1},
          {"priority": 1, "query": {"v": "2"}, "response": 2}
        ]
        """])
        _ = tree
        let miss = store.get("/a?v=3")
        #expect(miss.status == 404)
        let candidates = try miss.jsonObject()["candidates"] as? [[String: Any]] ?? []
        #expect(candidates.map { $0["entry"] as? Int } == [0, 1])
    }

    @Test func anEntryBehindAnEarlierRankedWildcardIsReported() throws {
        let tree = try TemporaryFolder([
            "hidden.json": #"[{"query": {"v": "1"}, "response": 1}, {"priority": 1, "status": 503}]"#,
            "reordered.json": #"[{"response": 1}, {"priority": 2, "status": 201}]"#,
            "fine.json": #"[{"priority": 9, "response": 1}, {"priority": 2, "query": {"v": "1"}, "response": 2}, {"priority": 1, "times": 1, "status": 503}]"#,
            "any.json": #"[{"method": "ANY", "status": 503}, {"method": "DELETE", "status": 204}, {"method": "OPTIONS", "status": 204}]"#,
        ])
        let messages = try tree.load().problems.map { "\($0.file): \($0.message)" }
        #expect(messages.sorted() == [
            "any.json: entry 1 can never be chosen: an earlier entry (0) already matches every DELETE request",
            "hidden.json: entry 0 can never be chosen: entry 1 (priority 1) is tried before it and matches every GET request",
            "reordered.json: entry 0 can never be chosen: entry 1 (priority 2) is tried before it and matches every GET request",
        ])
    }

    @Test func theHintNeverAsksForANumberOutOfRange() throws {
        let tree = try TemporaryFolder(["a.json": #"[{"priority": 1, "response": 1}, {"priority": 1000000, "response": 2}]"#])
        let report = try tree.load().problemReport
        #expect(report.contains(#"Give entry 0 a constraint or entry 1 a lower "priority" number, or remove one of them"#), "\(report)")
    }

    @Test(arguments: [
        (#"0"#, "error: priority 0 is out of range"),
        (#"-1"#, "error: priority -1 is out of range"),
        (#"1.5"#, "error: priority 1.5 is not written as a plain whole number (no fraction, no exponent)"),
        (#""1""#, "error: priority must be a number, found string \"1\". Write it without quotes: 1"),
        (#"1000001"#, "error: priority 1000001 is out of range"),
    ])
    func badPrioritiesAreLoadErrors(value: String, message: String) throws {
        let tree = try TemporaryFolder(["a.json": #"[{"priority": \#(value), "response": 1}]"#])
        let store = try tree.load()
        #expect(store.problemReport.contains("a.json:1:15: \(message)"), "\(store.problemReport)")
        #expect(value == #""1""# || store.problemReport.contains("Use a whole number from 1 (tried first) to 1000000; entries without one rank 5"))
        #expect(store.get("/a").status == 500)
    }

    @Test func runtimeFixturesRankTheirEntriesToo() throws {
        let fixture = try EngineFixture([:])
        let added = fixture.postJSON("/__admin/fixtures", """
        {"path": "/pay", "entries": [{"method": "POST", "request": {"amount": 5}, "status": 201}, {"method": "POST", "priority": 1, "times": 1, "status": 503}]}
        """)
        #expect(added.status == 201, "\(added.text)")
        #expect(fixture.postJSON("/pay", #"{"amount": 5}"#).status == 503)
        #expect(fixture.postJSON("/pay", #"{"amount": 5}"#).status == 201)
        let hidden = fixture.postJSON("/__admin/fixtures", #"{"path": "/x", "entries": [{"response": 1}, {"priority": 1, "response": 2}]}"#)
        let warnings = try hidden.jsonObject()["warnings"] as? [String]
        #expect(warnings == [
            "1:28: warning: entry 0 can never be chosen: entry 1 (priority 1) is tried before it and matches every GET request. Give entry 1 a constraint or a \"priority\" number above 5, or remove one of them",
        ], "\(warnings ?? [])")
    }

    /// One priority across runtime fixtures and files (audit W2's G15): a runtime entry of priority
    /// 10 is a default behind the files' entries, one of priority 1 goes before them, and at the
    /// same priority the runtime fixture goes first.
    @Test func oneOrderAcrossRuntimeFixturesAndFiles() throws {
        let fixture = try EngineFixture(["pay.json": #"[{"response": "file"}, {"priority": 9, "response": "file, last"}]"#])
        let low = fixture.postJSON("/__admin/fixtures", #"{"path": "/pay", "entries": [{"priority": 10, "response": "runtime default"}]}"#)
        #expect(low.status == 201, "\(low.text)")
        let fromFile = fixture.get("/pay")
        #expect(fromFile.text == #""file""#)
        #expect(fromFile.outcome == .matched(file: "pay.json", entry: 0))
        _ = fixture.postJSON("/__admin/fixtures", #"{"path": "/pay", "entries": [{"priority": 7, "query": {"v": "2"}, "response": "runtime 7"}]}"#)
        #expect(fixture.get("/pay?v=2").text == #""file""#, "the file's wildcard of priority 5 goes before the runtime entry of 7")
        _ = fixture.postJSON("/__admin/fixtures", #"{"path": "/pay", "entries": [{"query": {"v": "3"}, "response": "runtime 5"}]}"#)
        #expect(fixture.get("/pay?v=3").text == #""runtime 5""#, "at the same priority the runtime fixture goes first")
        _ = fixture.postJSON("/__admin/fixtures", #"{"path": "/{any}", "entries": [{"priority": 1, "times": 1, "status": 503}]}"#)
        let down = fixture.get("/pay")
        #expect(down.status == 503)
        #expect(down.outcome == .matchedRuntime(fixture: "fixture-4", entry: 0))
        #expect(fixture.get("/pay").text == #""file""#)
    }

    /// A less specific file's entry of a lower number goes before the more specific file's: a
    /// cross-cutting `{rest...}.json` (WireMock's `urlPattern: ".*"` with `priority: 1`).
    @Test func oneOrderAcrossFiles() throws {
        let fixture = try EngineFixture([
            "{rest...}.json": #"[{"method": "ANY", "priority": 1, "requestHeaders": {"X-Fail": "1"}, "status": 503}, {"method": "ANY", "priority": 9, "status": 418}]"#,
            "users/{id}.json": #"[{"pathParameters": {"id": "8"}, "response": "eight"}, {"priority": 7, "response": "any user"}]"#,
            "users/7.json": #"{"method": "POST", "status": 201}"#,
            "files/logo.txt": "logo",
        ])
        #expect(fixture.get("/users/7").text == #""any user""#)
        #expect(fixture.get("/users/7", headers: ["X-Fail": "1"]).status == 503, "priority 1 in the least specific file goes first")
        let failed = fixture.get("/users/8", headers: ["X-Fail": "1"])
        #expect(failed.outcome == .matched(file: "{rest...}.json", entry: 0))
        #expect(fixture.get("/users/8").text == #""eight""#)
        #expect(fixture.get("/files/logo.txt", headers: ["X-Fail": "1"]).status == 503, "a static file stands at the default priority")
        #expect(fixture.get("/files/logo.txt").text == "logo")
        #expect(fixture.send("POST", "/users/7").status == 201)
        #expect(fixture.send("DELETE", "/users/7").status == 418, "the priority-9 wildcard is the last resort")
        #expect(fixture.send("DELETE", "/users/7", headers: ["X-Fail": "1"]).status == 503)
        let broken = try EngineFixture([
            "{rest...}.json": #"[{"priority": 1, "requestHeaders": {"X-Fail": "1"}, "status": 503}]"#,
            "a/{x}.json": #"{"priority": 10, "response": "a"}"#,
            "a/{x}/{y...}.json": #"{"status": "#,
        ])
        #expect(broken.get("/a/b").text == #""a""#)
        #expect(broken.get("/a/b/c").status == 500, "a broken file stands at the default priority")
        #expect(broken.get("/a/b/c", headers: ["X-Fail": "1"]).status == 503)
    }

    /// An entry of a literal file that a less specific file's wildcard of a lower number always
    /// answers first is warned about (audit R16), as within one file.
    @Test func entriesOutrankedByALessSpecificFileAreWarnedAbout() throws {
        let (store, tree) = try loadTree([
            "users/7.json": #"[{"priority": 10, "response": "default"}, {"method": "POST", "priority": 10, "status": 201}, {"priority": 1, "query": {"v": "1"}, "response": 1}, {"method": "HEAD", "priority": 7}]"#,
            "users/{id}.json": #"[{"response": "any user"}, {"method": "POST", "times": 1, "status": 503}]"#,
        ])
        _ = tree
        let warnings = store.problems.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings == [
            "users/7.json:1:2: warning: entry 0 (priority 10) can never answer: entry 0 of users/{id}.json (priority 5) answers every GET request to /users/7 first. Give entry 0 a \"priority\" of 5 or less, or constrain entry 0 of users/{id}.json",
            "users/7.json:1:147: warning: entry 3 (priority 7) can never answer: entry 0 of users/{id}.json (priority 5) answers every HEAD request to /users/7 first. Give entry 3 a \"priority\" of 5 or less, or constrain entry 0 of users/{id}.json",
        ], "\(warnings)")
    }

    /// What a conditional request's 304 or a HEAD entry states as the length follows the same
    /// order: the 200 a less specific file of a lower number would send.
    @Test func theLengthA304StatesFollowsTheSameOrder() throws {
        let fixture = try EngineFixture([
            "{rest...}.json": #"{"priority": 3, "response": "from the catch-all"}"#,
            "a.json": #"[{"priority": 1, "requestHeaders": {"If-None-Match": "\"v1\""}, "status": 304}, {"response": "a much longer body from a.json"}]"#,
        ])
        #expect(fixture.get("/a").text == #""from the catch-all""#)
        let unchanged = fixture.get("/a", headers: ["If-None-Match": "\"v1\""])
        #expect(unchanged.status == 304)
        #expect(unchanged.declaredBodyLength == #""from the catch-all""#.utf8.count)
    }

    /// A resource stands at the default priority: a runtime fixture of 10 does not take its
    /// requests, one of 1 does.
    @Test func aResourceStandsAtTheDefaultPriority() throws {
        let fixture = try EngineFixture([:])
        #expect(fixture.postJSON("/__admin/resources", #"{"path": "/people", "items": [{"id": 1}]}"#).status == 201)
        _ = fixture.postJSON("/__admin/fixtures", #"{"path": "/people", "entries": [{"priority": 10, "response": "default"}]}"#)
        #expect(fixture.get("/people").text == #"[{"id":1}]"#)
        _ = fixture.postJSON("/__admin/fixtures", #"{"path": "/people", "entries": [{"priority": 1, "times": 1, "status": 503}]}"#)
        #expect(fixture.get("/people").status == 503)
        #expect(fixture.get("/people").text == #"[{"id":1}]"#)
    }
}
