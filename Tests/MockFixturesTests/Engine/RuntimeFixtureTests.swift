import Foundation
import Testing
@testable import MockFixtures

@Suite("Fixtures added at runtime")
struct RuntimeFixtureTests {
    static let files = ["api/orders.json": #"[{"method": "GET", "response": {"source": "file"}}, {"method": "POST", "status": 201}]"#]

    private func add(_ fixture: EngineFixture, _ body: String) throws -> (MockResponse, [String: Any]) {
        let response = fixture.postJSON("/__admin/fixtures", body)
        return (response, try response.jsonObject())
    }

    @Test func answerBeforeTheFileNewestFirstAndFallBackToIt() throws {
        let fixture = try EngineFixture(Self.files)
        let (created, body) = try add(fixture, #"{"path": "/api/orders/", "entries": [{"method": "POST", "status": 500, "response": {"error": "down"}}]}"#)
        #expect(created.status == 201)
        #expect(created.headerValue("Location") == "/__admin/fixtures/fixture-1")
        #expect(fixture.get("/__admin/fixtures/fixture-1").status == 200, "Location names the new fixture")
        let wrongMethod = fixture.send("PUT", "/__admin/fixtures")
        #expect(wrongMethod.status == 405)
        #expect(try wrongMethod.jsonObject()["error"] as? String == "/__admin/fixtures answers GET, POST and DELETE only, PUT is not allowed")
        #expect(try wrongMethod.jsonObject()["hint"] as? String == "send GET /__admin/fixtures or POST /__admin/fixtures or DELETE /__admin/fixtures")
        #expect(body["id"] as? String == "fixture-1")
        #expect(body["path"] as? String == "/api/orders/")
        #expect(body["entries"] as? Int == 1)
        #expect(body["warnings"] == nil)

        let post = fixture.postJSON("/api/orders", "{}")
        #expect(post.status == 500)
        #expect(post.outcome == .matchedRuntime(fixture: "fixture-1", entry: 0))
        #expect(post.preparedID == nil)
        #expect(post.text == #"{"error":"down"}"#)
        #expect(fixture.get("/api/orders").text == #"{"source":"file"}"#, "no runtime entry matches GET: the file answers")

        _ = try add(fixture, #"{"path": "/api/orders", "entries": [{"method": "POST", "status": 503}]}"#)
        #expect(fixture.postJSON("/api/orders", "{}").status == 503, "the most recent fixture first")

        let journal = try fixture.journal()
        #expect(texts(journal[0]["matched"]) == ["fixture": "fixture-1", "entry": "0"])
    }

    /// `PUT /__admin/fixtures/{id}` replaces a fixture in place: the same id, the same place
    /// among the others (newest first), new entries with fresh `times`; a refused body changes
    /// nothing.
    /// Adding walks one path down a copy of the trie instead of rebuilding it (audit F2: the
    /// 3,000th add took 19 ms); what it publishes is what a rebuild gives, newest first per shape.
    @Test func addingIsIncrementalAndAnswersAsARebuild() throws {
        let fixture = try EngineFixture([:])
        let paths = ["/people/{id}", "/people/{personId}", "/people/me", "/people/{id}/orders", "/files/{rest...}", "/people/{id}", "/people/me"]
        for (index, path) in paths.enumerated() {
            let posted = fixture.postJSON("/__admin/fixtures", #"{"path": "\#(path)", "entries": [{"response": \#(index)}]}"#)
            #expect(posted.status == 201)
        }
        let table = fixture.engine.runtimeFixtures
        let rebuilt = RuntimeFixtureTable.Snapshot(table.snapshot.all)
        for key in ["people/7", "people/me", "people/7/orders", "files/a/b", "people"] {
            let incremental = table.snapshot.routes.allMatches(Substring(key)).map { $0.value.map(\.id) }
            #expect(incremental == rebuilt.routes.allMatches(Substring(key)).map { $0.value.map(\.id) }, "\(key)")
        }
        #expect(table.fixtures(forKey: "people/7").map(\.fixture.id) == ["fixture-6", "fixture-2", "fixture-1"], "newest first, one shape")
        #expect(fixture.get("/people/me").text == "6")
        #expect(fixture.send("DELETE", "/__admin/fixtures/fixture-7").status == 200)
        #expect(fixture.get("/people/me").text == "2", "a removal after adds")
        let long = "/" + Array(repeating: "s", count: 9_000).joined(separator: "/")
        let refused = fixture.postJSON("/__admin/fixtures", #"{"path": "\#(long)", "entries": [{}]}"#)
        #expect(refused.status == 400)
        #expect((try refused.jsonObject()["error"] as? String)?.contains("is 18000 bytes, longer than any request can carry (16384 at most)") == true)
    }

    @Test func aFixtureIsReplacedInPlace() throws {
        let fixture = try EngineFixture(Self.files)
        _ = try add(fixture, #"{"path": "/api/x", "entries": [{"response": {"v": "old"}, "times": 1}]}"#)
        _ = try add(fixture, #"{"path": "/api/x", "entries": [{"method": "POST", "status": 201}]}"#)
        _ = fixture.get("/api/x")
        let replaced = fixture.send("PUT", "/__admin/fixtures/fixture-1", headers: ["Content-Type": "application/json"],
                                    body: #"{"path": "/api/x", "entries": [{"response": {"v": "new"}, "times": 1}]}"#)
        #expect(replaced.status == 200, "\(replaced.text)")
        #expect(try replaced.jsonObject()["id"] as? String == "fixture-1")
        #expect(try fixture.get("/api/x").jsonObject()["v"] as? String == "new", "fresh times: the old entry had answered its once")
        #expect(fixture.send("POST", "/api/x").status == 201, "fixture-2 is still newer, and still answers POST")
        let ids = (try fixture.get("/__admin/fixtures").jsonObject()["fixtures"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["fixture-1", "fixture-2"], "its place among the others is kept")

        let refused = fixture.send("PUT", "/__admin/fixtures/fixture-1", headers: ["Content-Type": "application/json"],
                                   body: #"{"path": "/api/x", "entries": [{"status": 99}]}"#)
        #expect(refused.status == 400)
        #expect((try refused.jsonObject()["error"] as? String)?.hasPrefix("the fixture was not replaced: 1 problem") == true)
        #expect(fixture.get("/api/x").status == 404, "unchanged: its one answer was given")
        #expect(fixture.send("PUT", "/__admin/fixtures/fixture-9", headers: ["Content-Type": "application/json"],
                             body: #"{"path": "/api/x", "entries": []}"#).status == 404)
    }

    /// `path` is the decoded path, as the 404 shows it: a space and a lone `%` stand for
    /// themselves; encoded paths keep working. The same for verification patterns.
    /// A replaced fixture whose entries still name a scenario keeps that scenario's state; one no
    /// fixture names any more is forgotten, and starts over at `started` when named again.
    @Test func replacingKeepsTheStateOfAScenarioStillNamed() throws {
        let fixture = try EngineFixture([:])
        let flow = #"[{"method": "POST", "scenario": "cart", "newState": "full", "status": 201}, {"scenario": "cart", "state": "full", "response": "full"}, {"response": "other"}]"#
        #expect(fixture.postJSON("/__admin/fixtures", #"{"path": "/cart", "entries": \#(flow)}"#).status == 201)
        #expect(fixture.postJSON("/cart", "{}").status == 201)
        #expect(fixture.get("/cart").text == #""full""#)
        #expect(fixture.send("PUT", "/__admin/fixtures/fixture-1", headers: ["Content-Type": "application/json"],
                             body: #"{"path": "/cart", "entries": [{"scenario": "cart", "state": "full", "response": "still full"}, {"response": "other"}]}"#).status == 200)
        #expect(fixture.get("/cart").text == #""still full""#, "the state is kept")
        #expect(fixture.send("PUT", "/__admin/fixtures/fixture-1", headers: ["Content-Type": "application/json"],
                             body: #"{"path": "/cart", "entries": [{"response": "no scenario"}]}"#).status == 200)
        #expect(fixture.send("PUT", "/__admin/fixtures/fixture-1", headers: ["Content-Type": "application/json"],
                             body: #"{"path": "/cart", "entries": \#(flow)}"#).status == 200)
        #expect(fixture.get("/cart").text == #""other""#, "forgotten while no fixture named it: back at started")
    }

    @Test func pathsAreWrittenDecodedAsThe404ShowsThem() throws {
        let fixture = try EngineFixture(Self.files)
        let missed = try fixture.get("/files/a%20b").jsonObject()
        #expect(missed["path"] as? String == "/files/a b")
        for (path, target) in [("/files/a b", "/files/a%20b"), ("/files/100%", "/files/100%25"), ("/files/c%20d", "/files/c%20d")] {
            _ = fixture.send("DELETE", "/__admin/requests")
            let (created, body) = try add(fixture, #"{"path": "\#(path)", "entries": [{"response": {"ok": true}}]}"#)
            #expect(created.status == 201, "\(path): \(body)")
            #expect(fixture.get(target).status == 200, "\(path) answers \(target)")
            #expect(try fixture.count(#"{"method": "GET", "path": "\#(path)"}"#)["count"] as? Int == 1, "\(path) counts \(target)")
        }
    }

    @Test func serveAPathWithoutAFileAndExplainMisses() throws {
        let fixture = try EngineFixture(Self.files)
        _ = try add(fixture, #"{"path": "/api/new", "entries": [{"method": "PUT", "request": {"name": "Rey"}, "status": 204}]}"#)
        #expect(fixture.send("PUT", "/api/new", headers: ["Content-Type": "application/json"], body: #"{"name":"Rey"}"#).status == 204)
        let miss = fixture.send("PUT", "/api/new", headers: ["Content-Type": "application/json"], body: #"{"name":"Finn"}"#)
        #expect(miss.status == 404)
        let body = try miss.jsonObject()
        #expect(body["error"] as? String == "no entry matches PUT /api/new (tried runtime fixture fixture-1)")
        #expect(body["runtimeFixtures"] as? [String] == ["fixture-1"])
        let candidates = try #require(body["candidates"] as? [[String: Any]])
        #expect(candidates.first?["runtimeFixture"] as? String == "fixture-1")
        #expect(candidates.first?["reasons"] as? [String] == [#"body differs at $.name: expected "Rey", got "Finn""#])
        guard case .noMatch(let summary) = miss.outcome else { Issue.record("\(miss.outcome)"); return }
        #expect(summary.contains("closest is runtime fixture fixture-1 entry 0"))
    }

    @Test func theNearMissListsRuntimeAndFileCandidates() throws {
        let fixture = try EngineFixture(Self.files)
        _ = try add(fixture, #"{"path": "/api/orders", "entries": [{"method": "PATCH"}]}"#)
        let body = try fixture.send("DELETE", "/api/orders").jsonObject()
        #expect(body["fixtureFile"] as? String == "api/orders.json")
        let candidates = try #require(body["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["runtimeFixture"] as? String } == ["fixture-1", nil, nil])
        #expect(candidates.map { $0["method"] as? String } == ["PATCH", "GET", "POST"])
    }

    @Test func badFixturesAnswer400WithPositionsAndChangeNothing() throws {
        let fixture = try EngineFixture(Self.files)
        let (response, body) = try add(fixture, """
            {"path": "/api/orders",
             "entries": [
               {"method": "POST", "status": 700},
               {"status": 200, "reponse": {}}
             ]}
            """)
        #expect(response.status == 400)
        #expect(body["error"] as? String == "the fixture was not added: 1 problem in the posted entries (positions are line:column in the body)")
        #expect(body["problems"] as? [String] == ["3:33: error: status 700 is out of range. Use an integer between 200 and 599"])
        #expect(body["warnings"] as? [String] == [#"4:20: warning: unknown key "reponse" is ignored. Did you mean `response`?"#])
        #expect(fixture.postJSON("/api/orders", "{}").status == 201, "nothing was added")
        #expect(try fixture.get("/__admin/fixtures").jsonObject()["fixtures"] as? [Any] == nil || (try fixture.get("/__admin/fixtures").jsonObject()["fixtures"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [
        ("", "needs a JSON body; send one such as"),
        ("[]", "the body is an array; send an object such as"),
        (#"{"entries": []}"#, #"the body has no "path""#),
        (#"{"path": "/x"}"#, #"the body has no "entries""#),
        (#"{"path": 3, "entries": []}"#, #""path" must be a string, found number at 1:10; give the request path as a string, such as "/api/orders""#),
        (#"{"path": "/x?a=1", "entries": []}"#, "has a query"),
        (#"{"path": "/%2e%2e/x", "entries": []}"#, "is not a usable request path"),
        (#"{"path": "/__admin/x", "entries": []}"#, "is under /__admin/, which is reserved"),
        (#"{"path": "/x", "entries": "no"}"#, "1:27: error: \"entries\" holds a string, expected an array of entries"),
    ])
    func malformedBodiesSayWhatToDo(body: String, error: String) throws {
        let fixture = try EngineFixture(Self.files)
        let response = fixture.postJSON("/__admin/fixtures", body)
        #expect(response.status == 400)
        let object = try response.jsonObject()
        #expect(object["hint"] is String, "every refusal says what to send instead")
        let text = (object["error"] as? String ?? "") + "; " + (object["hint"] as? String ?? "") + " " + ((object["problems"] as? [String]) ?? []).joined(separator: " ")
        #expect(text.contains(error), "\(text)")
    }

    @Test func listGetAndRemove() throws {
        let fixture = try EngineFixture(Self.files)
        _ = try add(fixture, #"{"path": "/a", "entries": [{"status": 201}]}"#)
        _ = try add(fixture, #"{"path": "/b", "entries": {"status": 202}}"#)
        let list = try #require(try fixture.get("/__admin/fixtures").jsonObject()["fixtures"] as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == ["fixture-1", "fixture-2"])
        #expect(list.map { $0["path"] as? String } == ["/a", "/b"])
        #expect((list[0]["entries"] as? [[String: Int]]) == [["status": 201]])
        #expect(try fixture.get("/__admin/fixtures/fixture-2").jsonObject()["path"] as? String == "/b")

        let removed = fixture.send("DELETE", "/__admin/fixtures/fixture-1")
        #expect(removed.status == 200)
        #expect(try removed.jsonObject()["id"] as? String == "fixture-1")
        #expect(fixture.get("/a").status == 404)
        let missing = fixture.send("DELETE", "/__admin/fixtures/fixture-1")
        #expect(missing.status == 404)
        #expect(try missing.jsonObject()["error"] as? String == #"no runtime fixture has the id "fixture-1"; the runtime fixtures are fixture-2"#)
        #expect((try missing.jsonObject()["hint"] as? String)?.contains("GET /__admin/fixtures lists them") == true)

        _ = try add(fixture, #"{"path": "/c", "entries": []}"#)
        let all = try fixture.send("DELETE", "/__admin/fixtures").jsonObject()
        #expect(all["removed"] as? Int == 2)
        #expect(fixture.get("/b").status == 404)
        _ = try add(fixture, #"{"path": "/d", "entries": [{}]}"#)
        #expect(try fixture.get("/__admin/fixtures").jsonObject()["fixtures"].map { ($0 as? [[String: Any]])?.first?["id"] as? String } == "fixture-4",
                "ids are never reused")
    }

    @Test func survivesAReloadAndGoesWithAReset() throws {
        let fixture = try EngineFixture(Self.files)
        _ = try add(fixture, #"{"path": "/api/orders", "entries": [{"method": "POST", "status": 500}]}"#)
        try fixture.tree.write("api/orders.json", #"[{"method": "POST", "status": 202}]"#)
        #expect(try fixture.engine.reload().get().entryCount == 1)
        #expect(fixture.postJSON("/api/orders", "{}").status == 500)
        let reset = try fixture.send("POST", "/__admin/reset").jsonObject()
        #expect(reset["fixtures"] as? Int == 1)
        #expect(fixture.postJSON("/api/orders", "{}").status == 202)
    }
}
