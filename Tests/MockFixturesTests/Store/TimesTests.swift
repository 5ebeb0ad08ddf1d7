import Dispatch
import TestSupport
import Testing
@testable import MockFixtures

@Suite("Entries that answer a limited number of times")
struct TimesTests {
    private func store(_ files: [String: String]) throws -> (FixtureStore, TemporaryFolder) {
        let tree = try TemporaryFolder(files)
        let store = try tree.load()
        #expect(store.problems == [], "\(store.problems)")
        return (store, tree)
    }

    private func reset(_ store: FixtureStore, method: String = "POST") -> MockResponse {
        store.respond(method: method, target: "/__admin/reset", headers: NoHeaders(), body: [])
    }

    static let flaky = """
        [
          {"times": 2, "status": 503, "headers": {"Retry-After": "1"}},
          {"response": {"status": "recovered"}}
        ]
        """

    @Test func answersNTimesThenTheNextEntryAnswers() throws {
        let (store, tree) = try store(["flaky.json": Self.flaky])
        _ = tree
        #expect(store.countedEntryCount == 1)
        #expect(store.get("/flaky").status == 503)
        #expect(store.get("/flaky").headerValue("Retry-After") == "1")
        let third = store.get("/flaky")
        #expect(third.status == 200)
        #expect(third.outcome == .matched(file: "flaky.json", entry: 1))
        #expect(store.get("/flaky").status == 200)
    }

    /// HEAD is safe (RFC 9110 §9.2.1): answered by a GET entry, it gets what a GET would get and
    /// uses up nothing, so a HEAD first does not take the answer meant for the app's GET.
    @Test func aHeadGetsWhatAGetWouldAndUsesUpNothing() throws {
        let (store, tree) = try store(["flaky.json": Self.flaky, "probe.json": #"[{"method": "HEAD", "times": 1, "status": 503}, {"response": {}}]"#])
        _ = tree
        for _ in 0..<3 {
            let head = store.respond(method: "HEAD", target: "/flaky", headers: NoHeaders(), body: [])
            #expect(head.status == 503)
            #expect(head.headerValue("Retry-After") == "1")
        }
        #expect(store.get("/flaky").status == 503)
        #expect(store.get("/flaky").status == 503)
        #expect(store.respond(method: "HEAD", target: "/flaky", headers: NoHeaders(), body: []).status == 200, "what a GET gets now")
        #expect(store.get("/flaky").status == 200)
        // An entry written for HEAD counts its HEADs like any entry counts its method.
        #expect(store.respond(method: "HEAD", target: "/probe", headers: NoHeaders(), body: []).status == 503)
        #expect(store.respond(method: "HEAD", target: "/probe", headers: NoHeaders(), body: []).status == 200)
    }

    @Test func countsOnlyRequestsThatMatch() throws {
        let (store, tree) = try store(["login.json": """
            [
              {"method": "POST", "request": {"user": "luke"}, "times": 1, "status": 503},
              {"method": "POST", "request": {"user": "luke"}, "status": 200},
              {"method": "POST", "status": 401}
            ]
            """])
        _ = tree
        #expect(store.send("POST", "/login", headers: ["Content-Type": "application/json"], body: #"{"user": "leia"}"#).status == 401)
        #expect(store.get("/login").status == 404)
        #expect(store.send("POST", "/login", body: #"{"user": "luke"}"#).status == 503)
        #expect(store.send("POST", "/login", body: #"{"user": "luke"}"#).status == 200)
    }

    @Test func aCountedWildcardStillLosesToAConstrainedEntry() throws {
        let (store, tree) = try store(["a.json": """
            [
              {"times": 1, "status": 503},
              {"request": {"page": "2"}, "status": 206},
              {"times": 1, "status": 500},
              {"status": 200}
            ]
            """])
        _ = tree
        #expect(store.get("/a?page=2").status == 206)
        #expect(store.get("/a?page=2").status == 206)
        #expect(store.get("/a").status == 503)
        #expect(store.get("/a").status == 500)
        #expect(store.get("/a").status == 200)
    }

    @Test func resetStartsCountingAgain() throws {
        let (store, tree) = try store(["flaky.json": Self.flaky, "other.json": #"[{"times": 1, "status": 500}, {"method": "POST", "times": 3}]"#])
        _ = tree
        for _ in 0..<3 { _ = store.get("/flaky") }
        #expect(store.get("/other").status == 500)
        #expect(store.get("/other").status == 404)

        let response = reset(store)
        #expect(response.status == 200)
        #expect(response.preparedID == nil)
        #expect(response.outcome == .admin("reset 3 counters, 0 scenarios, 0 requests, 0 runtime fixtures, 0 resources, 0 webhooks"))
        #expect(response.headerValue("Content-Type") == "application/json")
        let body = try response.jsonObject()
        #expect(body["status"] as? String == "reset")
        #expect(body["counters"] as? Int == 3)
        #expect(body["scenarios"] as? Int == 0)
        #expect(body["requests"] as? Int == 0)
        #expect(body["fixtures"] as? Int == 0)
        #expect(store.get("/flaky").status == 503)
        #expect(store.get("/other").status == 500)
        #expect(store.resetCounters() == 3)
        #expect(store.get("/other").status == 500)
    }

    @Test func resetAnswersPostOnly() throws {
        let (store, tree) = try store(["flaky.json": Self.flaky])
        _ = tree
        #expect(store.get("/flaky").status == 503)
        for method in ["GET", "PUT", "DELETE", "HEAD"] {
            let response = reset(store, method: method)
            #expect(response.status == 405)
            #expect(response.headerValue("Allow") == "POST")
            let error = try #require(try response.jsonObject()["error"] as? String)
            // HEAD's (unsent) body is GET's, so its Content-Length is GET's (RFC 9110 §9.3.2).
            let named = method == "HEAD" ? "GET" : method
            #expect(error == "/__admin/reset answers POST only, \(named) is not allowed")
            #expect(try response.jsonObject()["hint"] as? String == "send POST /__admin/reset")
        }
        #expect(store.get("/flaky").status == 503, "a refused reset resets nothing")
        #expect(store.get("/flaky").status == 200)
        let lowercase = reset(store, method: "post")
        #expect(lowercase.status == 405, "methods are case-sensitive")
        #expect(try lowercase.jsonObject()["error"] as? String == "/__admin/reset answers POST only, post is not allowed (methods are case-sensitive)")
        #expect(try lowercase.jsonObject()["hint"] as? String == "send POST /__admin/reset")
        #expect(store.get("/flaky").status == 200, "a refused reset resets nothing")
        #expect(reset(store, method: "POST").status == 200)
        #expect(store.get("/flaky").status == 503)
        #expect(store.respond(method: "POST", target: "/__admin/reset/", headers: NoHeaders(), body: []).status == 200)
        let unknown = try store.get("/__admin/nothing").jsonObject()
        #expect(unknown["error"] as? String == "no admin endpoint answers GET /__admin/nothing")
        #expect((unknown["endpoints"] as? [String])?.contains("POST /__admin/reset") == true)
    }

    @Test func aStoreWithoutTimesResetsZeroCounters() throws {
        let (store, tree) = try store(["a.json": "{}"])
        _ = tree
        #expect(try reset(store).jsonObject()["counters"] as? Int == 0)
    }

    @Test func eachLoadStartsAtZero() throws {
        let tree = try TemporaryFolder()
        try tree.write("flaky.json", Self.flaky)
        let first = try tree.load()
        _ = first.get("/flaky")
        _ = first.get("/flaky")
        #expect(first.get("/flaky").status == 200)
        #expect(try tree.load().get("/flaky").status == 503)
    }

    @Test func usedUpEntriesExplainThemselves() throws {
        let (store, tree) = try store(["once.json": #"[{"times": 1, "status": 503}, {"method": "POST", "request": {"a": 1}, "times": 2}]"#])
        _ = tree
        #expect(store.get("/once").status == 503)
        let miss = store.get("/once")
        #expect(miss.status == 404)
        let candidates = try #require(try miss.jsonObject()["candidates"] as? [[String: Any]])
        #expect(candidates[0]["reasons"] as? [String] == ["entry used up: it answers 1 time and has answered 1 (POST /__admin/reset starts counting again)"])
        #expect(candidates[1]["reasons"] as? [String] == ["method differs: entry expects POST, request is GET", "missing query parameter 'a' (expected \"1\")"])
        #expect(store.send("POST", "/once", body: #"{"a": 1}"#).status == 200)
        #expect(store.send("POST", "/once", body: #"{"a": 1}"#).status == 200)
        let postMiss = try store.send("POST", "/once", body: #"{"a": 1}"#).jsonObject()
        let postCandidates = try #require(postMiss["candidates"] as? [[String: Any]])
        #expect(postCandidates[1]["reasons"] as? [String] == ["entry used up: it answers 2 times and has answered 2 (POST /__admin/reset starts counting again)"])
    }

    @Test func exactlyNOfManyParallelRequestsAreCounted() throws {
        let (store, tree) = try store(["busy.json": #"[{"times": 10, "status": 503}, {"status": 200}]"#])
        _ = tree
        for _ in 0..<2 {
            let statuses = StatusTally()
            DispatchQueue.concurrentPerform(iterations: 500) { _ in
                statuses.add(store.get("/busy").status)
            }
            #expect(statuses.counts == [503: 10, 200: 490])
            store.resetCounters()
        }
    }

    @Test func aCountedWildcardDoesNotShadowLaterOnes() throws {
        let tree = try TemporaryFolder()
        try tree.write("a.json", #"[{"times": 1, "status": 503}, {"status": 200}, {"status": 201}]"#)
        let problems = try tree.load().problems
        #expect(problems.count == 1)
        #expect(problems.first?.message == "entry 2 can never be chosen: an earlier entry (1) already matches every GET request")
    }

    @Test(arguments: [
        (#"[{"times": 0}]"#, 1, 12, "times 0 is out of range"),
        (#"[{"times": -1}]"#, 1, 12, "times -1 is out of range"),
        (#"[{"times": 1.5}]"#, 1, 12, "times 1.5 is not written as a plain whole number (no fraction, no exponent)"),
        ("[{\n  \"times\": \"2\"}]", 2, 12, #"times must be a number, found string "2""#),
        (#"[{"times": null}]"#, 1, 12, "times must be a number, found null"),
    ])
    func badTimesAreErrorsWithPosition(contents: String, line: Int, column: Int, message: String) throws {
        let tree = try TemporaryFolder()
        try tree.write("t.json", contents)
        let store = try tree.load()
        let problem = try #require(store.problems.first)
        #expect(store.problems.count == 1)
        #expect(problem.severity == .error)
        #expect(problem.line == line)
        #expect(problem.column == column)
        #expect(problem.message == message)
        #expect(store.get("/t").status == 500)
    }

    @Test func timesKeyIsKnown() throws {
        let tree = try TemporaryFolder()
        try tree.write("t.json", #"[{"tims": 1}]"#)
        #expect(try tree.load().problems.first?.hint == "did you mean `times`?")
    }
}

/// Status codes counted from many threads.
private final class StatusTally: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    private var tally: [Int: Int] = [:]

    func add(_ status: Int) {
        semaphore.wait()
        tally[status, default: 0] += 1
        semaphore.signal()
    }

    var counts: [Int: Int] {
        semaphore.wait()
        defer { semaphore.signal() }
        return tally
    }
}
