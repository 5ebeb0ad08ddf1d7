import Dispatch
import Foundation
import TestSupport
import Testing
@testable import MockFixtures

@Suite("Scenarios")
struct ScenarioTests {
    static let cart = """
        [
          {"method": "GET", "scenario": "cart", "state": "started", "response": {"items": []}},
          {"method": "POST", "scenario": "cart", "newState": "has item", "status": 201},
          {"method": "GET", "scenario": "cart", "state": "has item", "response": {"items": ["A1"]}},
          {"method": "DELETE", "scenario": "cart", "state": "has item", "newState": "started", "status": 204}
        ]
        """

    @Test func aCartFlowMovesThroughItsStates() throws {
        let fixture = try EngineFixture(["cart.json": Self.cart])
        #expect(fixture.engine.store.problems.isEmpty, "\(fixture.engine.store.problems)")
        #expect(fixture.get("/cart").text == #"{"items":[]}"#)
        #expect(fixture.send("POST", "/cart").status == 201)
        #expect(fixture.get("/cart").text == #"{"items":["A1"]}"#)
        #expect(try fixture.get("/__admin/scenarios").jsonObject()["scenarios"] as? [[String: String]] == [["name": "cart", "state": "has item"]])
        #expect(fixture.send("DELETE", "/cart").status == 204)
        #expect(fixture.get("/cart").text == #"{"items":[]}"#)
    }

    @Test func aHeadMovesNoScenario() throws {
        let fixture = try EngineFixture(["login.json": #"[{"scenario": "login", "state": "started", "newState": "seen", "response": {"first": true}}, {"scenario": "login", "state": "seen", "response": {"first": false}}]"#])
        #expect(fixture.send("HEAD", "/login").status == 200)
        #expect(try fixture.get("/__admin/scenarios").jsonObject()["scenarios"] as? [[String: String]] == [["name": "login", "state": "started"]])
        #expect(fixture.get("/login").text == #"{"first":true}"#, "the GET still gets the first answer")
        #expect(fixture.get("/login").text == #"{"first":false}"#)
    }

    @Test func aNearMissNamesTheScenarioState() throws {
        let fixture = try EngineFixture(["cart.json": Self.cart])
        let miss = fixture.send("DELETE", "/cart")
        #expect(miss.status == 404)
        let candidates = try #require(try miss.jsonObject()["candidates"] as? [[String: Any]])
        #expect(candidates[3]["reasons"] as? [String] == ["scenario 'cart' is in state 'started', entry needs 'has item'"])
    }

    @Test func setAndReadAScenarioOverTheAdminAPI() throws {
        let fixture = try EngineFixture(["cart.json": Self.cart])
        let set = fixture.send("PUT", "/__admin/scenarios/cart", body: #"{"state": "has item"}"#)
        #expect(set.status == 200)
        #expect(try set.jsonObject()["previousState"] as? String == "started")
        #expect(fixture.get("/cart").text == #"{"items":["A1"]}"#)
        #expect(try fixture.get("/__admin/scenarios/cart").jsonObject()["state"] as? String == "has item")

        let unknown = fixture.send("PUT", "/__admin/scenarios/crat", body: #"{"state": "x"}"#)
        #expect(unknown.status == 404)
        #expect(try unknown.jsonObject()["error"] as? String == "no fixture names the scenario 'crat'; the scenarios are 'cart'")
        #expect(try unknown.jsonObject()["hint"] as? String == "did you mean 'cart'?")
        for (body, error) in [("", "needs a JSON body"), (#"{"state": 1}"#, #""state" must be a non-empty string"#),
                              (#"{"stat": "x"}"#, #"unknown key "stat""#), (#"{}"#, #"the body has no "state""#),
                              (#"{"state": "a", "state": "b"}"#, #"1:16: the key "state" is given twice (first at 1:2)"#)] {
            let response = fixture.send("PUT", "/__admin/scenarios/cart", body: body)
            #expect(response.status == 400)
            #expect((try response.jsonObject()["error"] as? String)?.contains(error) == true, "\(body)")
        }
    }

    @Test func exactlyOneOfFiftyParallelRequestsGetsTheTransition() throws {
        let fixture = try EngineFixture(["job.json": """
            [
              {"method": "POST", "scenario": "job", "state": "started", "newState": "done", "status": 201},
              {"method": "POST", "status": 409}
            ]
            """])
        let statuses = LockedState<[Int]>([])
        let engine = fixture.engine
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            let status = engine.send("POST", "/job").status
            statuses.withLock { $0.append(status) }
        }
        let all = statuses.withLock { $0 }
        #expect(all.count == 50)
        #expect(all.filter { $0 == 201 }.count == 1)
        #expect(all.filter { $0 == 409 }.count == 49)
    }

    @Test func validationWarnsAboutUnreachableStatesAndStrayKeys() throws {
        let tree = try TemporaryFolder()
        try tree.write("a.json", """
            [
              {"scenario": "s", "state": "never", "response": {}},
              {"method": "POST", "newState": "x"}
            ]
            """)
        try tree.write("c.json", #"[{"method": "PUT", "state": "lonely"}]"#)
        try tree.write("b.json", #"[{"scenario": "s", "state": "later", "response": 1}, {"method": "POST", "scenario": "s", "newState": "later"}]"#)
        let store = try tree.load()
        let messages = store.problems.map(\.description)
        #expect(messages.contains(#"a.json:2:30: warning: state "never" of scenario "s" is never reached: no entry has "newState": "never", and every scenario starts in "started". Add "newState": "never" to the entry that leads there, or set it with PUT /__admin/scenarios/s"#), "\(messages)")
        #expect(messages.contains(#"a.json:3:34: warning: "newState" is set but "scenario" is not, so it is ignored. Name the scenario too, e.g. "scenario": "cart", "newState": "paid""#))
        #expect(messages.contains(#"c.json:1:29: error: "state" is set but "scenario" is not, so there is no state to compare with. Name the scenario too, e.g. "scenario": "cart", "state": "has item""#))
        #expect(!messages.contains { $0.contains("later") }, "reached from another file")

        // A file with an error serves nothing, but its states are still checked: every problem
        // is printed (audit D3), and what it leads to counts as reached.
        let broken = try TemporaryFolder()
        try broken.write("d.json", #"[{"scenario": "t", "state": "never", "response": 1}, {"state": "y", "response": 3}, {"scenario": "u", "newState": "on"}]"#)
        try broken.write("e.json", #"{"scenario": "u", "state": "on", "response": 2}"#)
        let brokenMessages = try broken.load().problems.map(\.description)
        #expect(brokenMessages.contains { $0.hasPrefix(#"d.json:1:29: warning: state "never" of scenario "t" is never reached"#) }, "\(brokenMessages)")
        #expect(!brokenMessages.contains { $0.contains(#"state "on""#) }, "\(brokenMessages)")
    }

    /// A scenario is named in `/__admin/scenarios/NAME`, one path segment.
    @Test(arguments: ["team/a", "a\\b", "..", ".", "a\u{0}b"])
    func aScenarioNameThatCannotBeAPathSegmentIsALoadError(name: String) throws {
        let tree = try TemporaryFolder()
        try tree.write("a.json", #"[{"scenario": \#(JSONValue.string(name).compactText), "state": "started", "response": {}}]"#)
        let store = try tree.load()
        #expect(store.problems.map(\.description) == [
            "a.json:1:15: error: scenario \(JSONValue.excerpt(.string(name))) cannot be named in /__admin/scenarios/NAME, which takes one path segment. Use a name without \"/\", \"\\\" or NUL, such as \"team-a\"",
        ])
    }

    @Test func runtimeFixturesTakePartInScenarios() throws {
        let fixture = try EngineFixture(["cart.json": Self.cart])
        let added = fixture.postJSON("/__admin/fixtures", #"{"path": "/cart", "entries": [{"method": "GET", "scenario": "cart", "state": "paid", "response": {"paid": true}}, {"method": "PATCH", "scenario": "cart", "newState": "paid"}]}"#)
        #expect(added.status == 201)
        #expect(try added.jsonObject()["warnings"] == nil, "paid is reached by the PATCH entry")
        _ = fixture.send("PATCH", "/cart")
        #expect(fixture.get("/cart").text == #"{"paid":true}"#)
        let unreachable = fixture.postJSON("/__admin/fixtures", #"{"path": "/x", "entries": [{"scenario": "cart", "state": "gone"}]}"#)
        #expect(unreachable.status == 201)
        #expect((try unreachable.jsonObject()["warnings"] as? [String])?.first?.contains(#"state "gone" of scenario "cart" is never reached"#) == true)
    }

    /// A test walks a runtime fixture's scenario to its end and removes the fixture; the next test
    /// adding the same fixture starts in `started`, not where the previous one left it unseen.
    @Test func aScenarioNoFixtureNamesAnyMoreIsForgotten() throws {
        let fixture = try EngineFixture(["cart.json": Self.cart])
        let login = #"{"path": "/login", "entries": [{"method": "POST", "scenario": "login", "newState": "done", "response": {}}, {"scenario": "login", "state": "done", "response": {"in": true}}, {"response": {"in": false}}]}"#
        let first = try #require(try fixture.postJSON("/__admin/fixtures", login).jsonObject()["id"] as? String)
        _ = fixture.send("POST", "/login")
        #expect(fixture.get("/login").text == #"{"in":true}"#)
        _ = fixture.send("POST", "/cart")
        #expect(fixture.send("DELETE", "/__admin/fixtures/\(first)").status == 200)
        _ = fixture.postJSON("/__admin/fixtures", login)
        #expect(fixture.get("/login").text == #"{"in":false}"#, "started over")
        #expect(fixture.get("/cart").text == #"{"items":["A1"]}"#, "a scenario the files name keeps its state")

        _ = fixture.send("POST", "/login")
        #expect(fixture.send("DELETE", "/__admin/fixtures").status == 200)
        _ = fixture.postJSON("/__admin/fixtures", login)
        #expect(fixture.get("/login").text == #"{"in":false}"#, "started over after removing them all")

        // A file's scenario: forgotten when a reload no longer finds the file.
        try FileManager.default.removeItem(atPath: fixture.tree.path("cart.json"))
        _ = fixture.engine.reload()
        try fixture.tree.write("cart.json", Self.cart)
        _ = fixture.engine.reload()
        #expect(fixture.get("/cart").text == #"{"items":[]}"#)
    }

    @Test func settingAStateNoEntryUsesIsRefusedWithASuggestion() throws {
        let fixture = try EngineFixture(["cart.json": Self.cart])
        let typo = fixture.send("PUT", "/__admin/scenarios/cart", body: #"{"state": "has itme"}"#)
        #expect(typo.status == 400)
        #expect(try typo.jsonObject()["error"] as? String == #"no entry of the scenario 'cart' has the state "has itme" or moves to it"#)
        #expect(try typo.jsonObject()["hint"] as? String == "did you mean 'has item'? the states entries of 'cart' use are 'has item', 'started'")
        #expect(fixture.get("/cart").text == #"{"items":[]}"#, "nothing changed")
        #expect(fixture.send("PUT", "/__admin/scenarios/cart", body: #"{"state": "started"}"#).status == 200)
    }

    @Test func statesSurviveAReloadAndAResetStartsThemAgain() throws {
        let fixture = try EngineFixture(["cart.json": Self.cart])
        _ = fixture.send("POST", "/cart")
        _ = fixture.engine.reload()
        #expect(fixture.get("/cart").text == #"{"items":["A1"]}"#)
        let reset = try fixture.send("POST", "/__admin/reset").jsonObject()
        #expect(reset["scenarios"] as? Int == 1)
        #expect(fixture.get("/cart").text == #"{"items":[]}"#)
    }
}
