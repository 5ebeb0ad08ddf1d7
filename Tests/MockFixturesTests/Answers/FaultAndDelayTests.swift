import Foundation
import Testing
@testable import MockFixtures

@Suite("Faults, slow bodies and random delays")
struct FaultAndDelayTests {
    @Test func faultsAreNamedOnTheResponseLoggedAndJournaled() throws {
        let fixture = try EngineFixture(["flaky.json": """
        [{"method": "GET", "fault": "connectionReset", "times": 1},
         {"method": "GET", "fault": "emptyResponse", "times": 1},
         {"method": "GET", "fault": "truncatedBody", "status": 200, "response": {"items": [1, 2, 3, 4]}, "times": 1},
         {"method": "GET", "response": "ok"}]
        """])
        #expect(fixture.engine.store.problems.isEmpty, "\(fixture.engine.store.problems)")
        let reset = fixture.get("/flaky")
        #expect(reset.fault == .connectionReset)
        #expect(reset.preparedID == nil, "a front must not send a fault's prepared answer by accident")
        #expect(reset.outcome == .fault(.connectionReset, entry: .matched(file: "flaky.json", entry: 0)))
        #expect(reset.outcome.name == "connectionReset")
        #expect(reset.outcome.logDescription == "fault connectionReset (matched flaky.json#0)")
        #expect(reset.sentStatus == 0)
        let empty = fixture.get("/flaky")
        #expect(empty.fault == .emptyResponse)
        let truncated = fixture.get("/flaky")
        #expect(truncated.fault == .truncatedBody)
        #expect(truncated.text == #"{"items":[1,2,3,4]}"#, "the whole body: the front sends half of it")
        #expect(MockFault.truncatedBody.bytesSent(ofBodyCount: truncated.body.count) == 9)
        #expect(truncated.sentStatus == 200)
        #expect(fixture.get("/flaky").fault == nil)

        let journal = try fixture.journal()
        #expect(journal.map { $0["outcome"] as? String } == ["connectionReset", "emptyResponse", "truncatedBody", "matched"])
        #expect(journal.map { $0["status"] as? Int } == [0, 0, 200, 200], "no status line went out before a reset or an empty reply")
        let matched = try #require(journal[0]["matched"] as? [String: Any])
        #expect(matched["file"] as? String == "flaky.json")
        #expect(matched["entry"] as? Int == 0)
        #expect(try fixture.count(#"{"path": "/flaky"}"#)["count"] as? Int == 4)
    }

    @Test func runtimeFixtureFaultsNameTheFixture() throws {
        let fixture = try EngineFixture([:])
        #expect(fixture.postJSON("/__admin/fixtures", #"{"path": "/pay", "entries": [{"method": "POST", "fault": "emptyResponse"}]}"#).status == 201)
        let answer = fixture.postJSON("/pay", "{}")
        #expect(answer.outcome == .fault(.emptyResponse, entry: .matchedRuntime(fixture: "fixture-1", entry: 0)))
        #expect(answer.outcome.logDescription == "fault emptyResponse (matched runtime fixture-1#0)")
    }

    @Test func bytesPerSecondIsExposedWithTheTimeTheBodyTakes() throws {
        let (store, tree) = try loadTree(["slow.json": """
        [{"bytesPerSecond": 1000, "responseText": "\(String(repeating: "x", count: 2_500))"},
         {"method": "POST", "bytesPerSecond": 100, "fault": "truncatedBody", "responseText": "0123456789"}]
        """])
        _ = tree
        #expect(store.problems.isEmpty, "\(store.problems)")
        let slow = store.get("/slow")
        #expect(slow.bytesPerSecond == 1000)
        #expect(slow.preparedID == nil, "a throttled body is paced by the front, not sent prebuilt")
        #expect(slow.transferNanoseconds(forBodyCount: slow.body.count) == 2_500_000_000)
        #expect(slow.transferNanoseconds(forBodyCount: 0) == 0, "HEAD sends no body")
        let cut = store.send("POST", "/slow", body: "")
        #expect(cut.transferNanoseconds(forBodyCount: cut.body.count) == 50_000_000, "only the half a truncated body sends")
        #expect(store.get("/missing").transferNanoseconds(forBodyCount: 10) == 0)
    }

    @Test func randomDelaysArePickedPerRequestWithinTheRange() throws {
        let (store, tree) = try loadTree(["d.json": #"[{"delay": {"min": 100, "max": 400}}, {"method": "POST", "delay": {"min": 5, "max": 5}}]"#])
        _ = tree
        #expect(store.problems.isEmpty, "\(store.problems)")
        let engine = MockEngine(store: store, options: MockEngineOptions(journalSize: 0))
        let delays = (0..<200).map { _ in engine.get("/d").delayMilliseconds }
        #expect(delays.allSatisfy { (100...400).contains($0) })
        #expect(Set(delays).count > 20, "uniformly random: 200 picks from 301 values")
        #expect(engine.get("/d").preparedID != nil, "a random delay does not change the answer, which stays prebuilt")
        #expect(engine.send("POST", "/d").delayMilliseconds == 5)
    }

    /// `{"median": 80, "sigma": 0.4}`: log-normal (WireMock's `delayDistribution`), at most `max`.
    @Test func logNormalDelaysClusterAroundTheMedian() throws {
        let (store, tree) = try loadTree(["d.json": #"[{"delay": {"median": 80, "sigma": 0.4}}, {"method": "POST", "delay": {"median": 80, "sigma": 3, "max": 200}}]"#])
        _ = tree
        #expect(store.problems.isEmpty, "\(store.problems)")
        let engine = MockEngine(store: store, options: MockEngineOptions(journalSize: 0))
        let delays = (0..<4_001).map { _ in engine.get("/d").delayMilliseconds }.sorted()
        // The sample median of 4,001 draws is within a few percent of the true one; 60–100 is
        // far wider than that, and far narrower than what a uniform or fixed delay gives.
        #expect((60...100).contains(delays[2_000]), "median \(delays[2_000])")
        #expect(delays.first! >= 0 && delays.last! > 120, "a tail of slower answers: \(delays.last!)")
        let capped = (0..<500).map { _ in engine.send("POST", "/d").delayMilliseconds }
        #expect(capped.allSatisfy { (0...200).contains($0) } && capped.contains(200), "max caps the tail")
        #expect(engine.get("/d").preparedID != nil)
    }

    @Test(arguments: [
        (#"[{"delay": {"median": 80}}]"#, 1, 12, #"a log-normal delay needs both "median" and "sigma""#, "0.4"),
        (#"[{"delay": {"median": 80, "sigma": -1}}]"#, 1, 36, "delay sigma must be a number from 0 to 10, found number -1", "median"),
        (#"[{"delay": {"median": 80, "sigma": 0.4, "min": 3}}]"#, 1, 41, #"delay has an unknown key "min""#, #""max""#),
        (#"[{"delay": {"median": 80, "sigma": 0.4, "max": 50}}]"#, 1, 12, "delay max 50 is smaller than its median 80", "above the median"),
        (#"[{"fault": "reset"}]"#, 1, 12, #"fault "reset" is not a known fault"#, #"use one of "connectionReset", "emptyResponse", "truncatedBody""#),
        (#"[{"fault": "conectionReset"}]"#, 1, 12, #"fault "conectionReset" is not a known fault"#, #"did you mean "connectionReset"?"#),
        (#"[{"fault": "truncatedBody"}]"#, 1, 12, #"fault "truncatedBody" needs a body to cut, but the entry sends none"#, "emptyResponse"),
        (#"[{"fault": "truncatedBody", "status": 204, "response": 1}]"#, 1, 12, "needs a body to cut", "status"),
        (#"[{"bytesPerSecond": 0, "response": 1}]"#, 1, 21, "bytesPerSecond 0 is out of range", "bytes per second from 1 to 1073741824"),
        (#"[{"bytesPerSecond": 99999999999999999999999, "response": 1}]"#, 1, 21, "bytesPerSecond 99999999999999999999999 is out of range", "bytes per second"),
        (#"[{"bytesPerSecond": 1.5, "response": 1}]"#, 1, 21, "bytesPerSecond 1.5 is not written as a plain whole number", "bytes per second"),
        (#"[{"bytesPerSecond": null, "response": 1}]"#, 1, 21, "bytesPerSecond must be a number, found null", "bytes per second"),
        (#"[{"bytesPerSecond": [null], "response": 1}]"#, 1, 21, "bytesPerSecond must be a number, found array [null]", "bytes per second"),
        (#"[{"bytesPerSecond": "fast", "response": 1}]"#, 1, 21, "bytesPerSecond must be a number", "bytes per second"),
        (#"[{"delay": {"min": 400, "max": 100}}]"#, 1, 12, "delay min 400 is larger than max 100", "swap"),
        (#"[{"delay": {"min": 100}}]"#, 1, 12, #"delay needs both "min" and "max""#, "400"),
        (#"[{"delay": {"min": 1, "max": 2, "mean": 3}}]"#, 1, 33, #"delay has an unknown key "mean""#, "min"),
        (#"[{"delay": {"min": 1, "max": 700000}}]"#, 1, 30, "delay max 700000 is out of range", "600000"),
    ])
    func malformedFaultsAndDelaysAreLoadErrorsWithPositions(contents: String, line: Int, column: Int, message: String, hint: String) throws {
        try expectLoadError(contents, line: line, column: column, message: message, hint: hint)
    }

    @Test func faultsThatHideSomethingWarn() throws {
        let (store, tree) = try loadTree(["w.json": """
        [{"fault": "connectionReset", "response": {"never": "sent"}, "bytesPerSecond": 10},
         {"method": "POST", "bytesPerSecond": 10, "status": 204}]
        """])
        _ = tree
        #expect(!store.hasErrors)
        #expect(store.problems.map(\.message) == [
            #""response" is never sent: fault "connectionReset" closes the connection without answering"#,
            #"bytesPerSecond has no effect: fault "connectionReset" sends no body"#,
            "bytesPerSecond has no effect: the entry sends no body",
        ])
    }
}

/// A delay added to every answer (`--delay`, `PUT /__admin/settings`), on top of each entry's own.
@Suite("The delay added to every answer")
struct GlobalDelayTests {
    @Test func addedToEveryAnswerAndSetUntilTheNextReset() throws {
        let fixture = try EngineFixture(["d.json": #"[{"delay": 50, "response": 1}]"#, "logo.txt": "x"],
                                        options: MockEngineOptions(delay: try AnswerDelay(parsing: "300")))
        let answer = fixture.get("/d")
        #expect(answer.delayMilliseconds == 350, "on top of the entry's own")
        #expect(answer.preparedID != nil, "still the prebuilt answer")
        #expect(fixture.get("/logo.txt").delayMilliseconds == 300)
        #expect(fixture.get("/missing").delayMilliseconds == 300, "a 404 too: the network is slow for every answer")
        #expect(fixture.get("/__admin/health").delayMilliseconds == 0, "admin calls never wait")
        let cors = try EngineFixture(["d.json": #"{"response": 1}"#], options: MockEngineOptions(cors: true, delay: try AnswerDelay(parsing: "300")))
        let preflight = cors.send("OPTIONS", "/d", headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "PUT"])
        #expect(preflight.status == 204 && preflight.delayMilliseconds == 300, "a preflight --cors answers waits too (audit R18)")
        #expect(try fixture.get("/__admin/settings").jsonObject()["delay"] as? Int == 300)

        let set = fixture.engine.send("PUT", "/__admin/settings", headers: ["Content-Type": "application/json"], body: #"{"delay": {"min": 10, "max": 10}}"#)
        #expect(set.status == 200, "\(set.text)")
        #expect(fixture.get("/d").delayMilliseconds == 60)
        _ = fixture.engine.send("PUT", "/__admin/settings", headers: ["Content-Type": "application/json"], body: #"{"delay": null}"#)
        #expect(fixture.get("/d").delayMilliseconds == 50)
        _ = fixture.postJSON("/__admin/reset", "")
        #expect(fixture.get("/d").delayMilliseconds == 350, "a reset goes back to the delay the engine started with")
        let settings = try fixture.get("/__admin/settings").jsonObject()
        #expect((settings["startedWith"] as? [String: Any])?["delay"] as? Int == 300)

        let bad = fixture.engine.send("PUT", "/__admin/settings", headers: ["Content-Type": "application/json"], body: #"{"delay": {"median": 80}}"#)
        #expect(bad.status == 400)
        #expect((try bad.jsonObject()["error"] as? String) == #"1:11: a log-normal delay needs both "median" and "sigma""#)
        let unknown = try fixture.engine.send("PUT", "/__admin/settings", headers: ["Content-Type": "application/json"], body: #"{"fixedDelay": 300}"#).jsonObject()
        #expect(unknown["error"] as? String == #"unknown setting "fixedDelay""#)
        #expect((unknown["hint"] as? String)?.hasPrefix("another tool's key") == true)
    }

    @Test(arguments: [
        ("300", "300"), ("100-400", #"{"min":100,"max":400}"#), (#" {"median": 80, "sigma": 0.40, "max": 900} "#, #"{"median":80,"sigma":0.4,"max":900}"#),
    ])
    func parsesTheFlagsForms(text: String, shown: String) throws {
        #expect(try AnswerDelay(parsing: text).description == shown)
    }

    @Test(arguments: ["", "fast", "-5", "5-", "1e3", "[1]", #"{"min": 1}"#])
    func refusesWhatIsNoDelay(text: String) {
        #expect(throws: AnswerDelayError.self) { try AnswerDelay(parsing: text) }
    }
}
