import Foundation
import Testing
@testable import MockFixtures

/// Resources: collections the mock keeps and answers create, read, update and delete calls on
/// (audit W2's G9).
@Suite("Resources")
struct ResourceTests {
    static let json = ["Content-Type": "application/json"]

    private func resource(_ fixture: EngineFixture, _ body: String) throws -> String {
        let added = fixture.postJSON("/__admin/resources", body)
        #expect(added.status == 201, "\(added.text)")
        return try #require(try added.jsonObject()["id"] as? String)
    }

    @Test func answersCreateReadUpdateAndDelete() throws {
        let fixture = try EngineFixture(["api/people.json": #"[{"response": "from the file"}]"#])
        let id = try resource(fixture, #"{"path": "/api/people", "items": [{"id": 1, "name": "Rey"}, {"name": "Finn"}]}"#)
        #expect(id == "resource-1")
        #expect(fixture.get("/api/people").text == #"[{"id":1,"name":"Rey"},{"id":2,"name":"Finn"}]"#, "an item without an id gets the next number")
        #expect(fixture.get("/api/people/").status == 200, "a trailing slash is the same collection")

        let created = fixture.send("POST", "/api/people", headers: Self.json, body: #"{"name": "Poe", "tags": {"a": 1}}"#)
        #expect(created.status == 201)
        #expect(created.text == #"{"id":3,"name":"Poe","tags":{"a":1}}"#)
        #expect(created.headerValue("Location") == "/api/people/3")
        #expect(created.outcome == .resource("resource-1"))
        #expect(fixture.get("/api/people/3").text == #"{"id":3,"name":"Poe","tags":{"a":1}}"#)
        #expect(fixture.get("/api/people/3.0").status == 200, "a number id by its value")

        let taken = fixture.send("POST", "/api/people", headers: Self.json, body: #"{"id": 1, "name": "Kylo"}"#)
        #expect(taken.status == 409)
        #expect(try taken.jsonObject()["hint"] as? String == "PUT /api/people/1 to replace it, or give another id")

        let replaced = fixture.send("PUT", "/api/people/1", headers: Self.json, body: #"{"id": 99, "name": "Rey Skywalker"}"#)
        #expect(replaced.text == #"{"id":1,"name":"Rey Skywalker"}"#, "the path's id stays")
        let patched = fixture.send("PATCH", "/api/people/3", headers: ["Content-Type": "application/merge-patch+json"],
                                   body: #"{"name": null, "tags": {"b": 2}, "id": 7, "rank": "pilot"}"#)
        #expect(patched.text == #"{"id":3,"tags":{"a":1,"b":2},"rank":"pilot"}"#, "RFC 7396: null removes, objects merge, the id stays")

        #expect(fixture.send("DELETE", "/api/people/2").status == 204)
        let gone = fixture.get("/api/people/2")
        #expect(gone.status == 404)
        let body = try gone.jsonObject()
        #expect(body["error"] as? String == #"no item with "id" "2" in /api/people (resource-1)"#)
        #expect(body["hint"] as? String == "the ids are 1, 3")
        #expect(fixture.get("/api/people").text == #"[{"id":1,"name":"Rey Skywalker"},{"id":3,"tags":{"a":1,"b":2},"rank":"pilot"}]"#)

        let wrongMethod = fixture.send("DELETE", "/api/people")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headerValue("Allow") == "GET, HEAD, POST")
        #expect((try wrongMethod.jsonObject()["hint"] as? String)?.hasPrefix("add an item with POST here") == true, "every refusal has a hint (audit D3)")
        let lowerCase = try fixture.send("patch", "/api/people/1").jsonObject()
        #expect(lowerCase["hint"] as? String == "send PATCH, not patch")
        let notJSON = fixture.send("POST", "/api/people", body: "Rey")
        #expect(notJSON.status == 400)
        #expect((try notJSON.jsonObject()["error"] as? String) == "POST /api/people needs a JSON object, and the request has a body that is not a JSON object")
        #expect(fixture.send("PUT", "/api/people/1", headers: Self.json, body: "[1]").status == 400)
        let deeper = fixture.get("/api/people/1/orders")
        #expect(deeper.status == 404 && deeper.outcome.name == "noMatch", "deeper paths are not the resource's")

        let journal = try fixture.journal()
        #expect(journal.contains { $0["outcome"] as? String == "resource" && ($0["matched"] as? [String: String]) == ["resource": "resource-1"] })

        #expect(fixture.send("DELETE", "/__admin/resources/resource-1").status == 200)
        #expect(fixture.get("/api/people").text == "\"from the file\"", "the file again once the resource is gone")
    }

    /// Every answer carries a strong ETag of its bytes; If-Match and If-None-Match are evaluated
    /// before a change (RFC 9110 §13.2), so an app's optimistic-concurrency path can be tested
    /// (audit H3 saw a stale If-Match replace and delete).
    @Test func conditionalRequestsUseTheItemsETags() throws {
        let fixture = try EngineFixture([:])
        _ = try resource(fixture, #"{"path": "/p", "items": [{"id": 1, "v": 1}, {"id": 2}]}"#)
        let first = fixture.get("/p/1")
        let etag = try #require(first.headerValue("ETag"))
        #expect(etag.hasPrefix("\"") && etag.count == 18)
        #expect(fixture.get("/p/1", headers: ["If-None-Match": etag]).status == 304)
        #expect(fixture.get("/p/1", headers: ["If-None-Match": etag]).declaredBodyLength == first.body.count)
        #expect(fixture.get("/p", headers: ["If-None-Match": try #require(fixture.get("/p").headerValue("ETag"))]).status == 304)

        let stale = fixture.send("PUT", "/p/1", headers: Self.json.merging(["If-Match": #""stale""#]) { $1 }, body: #"{"v": 2}"#)
        #expect(stale.status == 412)
        #expect((try stale.jsonObject()["error"] as? String) == #"precondition failed: If-Match "stale" does not match the item's ETag \#(etag); nothing was changed"#)
        #expect(stale.headerValue("ETag") == etag)
        #expect(fixture.send("PUT", "/p/1", headers: Self.json.merging(["If-None-Match": "*"]) { $1 }, body: #"{"v": 2}"#).status == 412, "create-only")
        #expect(fixture.send("DELETE", "/p/2", headers: ["If-Match": #""stale""#]).status == 412)
        #expect(fixture.get("/p").text == #"[{"id":1,"v":1},{"id":2}]"#, "nothing changed")

        let replaced = fixture.send("PUT", "/p/1", headers: Self.json.merging(["If-Match": etag]) { $1 }, body: #"{"v": 2}"#)
        #expect(replaced.status == 200)
        let newTag = try #require(replaced.headerValue("ETag"))
        #expect(newTag != etag)
        #expect(fixture.send("PATCH", "/p/1", headers: Self.json.merging(["If-Match": etag]) { $1 }, body: #"{"v": 3}"#).status == 412, "the old tag is stale now")
        #expect(fixture.send("PATCH", "/p/1", headers: Self.json.merging(["If-Match": newTag, "If-Unmodified-Since": "Mon, 01 Jan 1990 00:00:00 GMT"]) { $1 },
                             body: #"{"v": 3}"#).status == 200, "no modification dates: If-Unmodified-Since is ignored (RFC 9110 §13.1.4)")
        #expect(fixture.send("DELETE", "/p/2", headers: ["If-Match": "*"]).status == 204)
        #expect(fixture.get("/p/9", headers: ["If-Match": "*"]).status == 404, "preconditions of an answer that is no 2xx are ignored")
    }

    /// Bodies: JSON, or unlabelled JSON; another label is a 415 saying what is taken.
    @Test func bodiesLabelledAsAnythingButJSONGet415() throws {
        let fixture = try EngineFixture([:])
        _ = try resource(fixture, #"{"path": "/p", "items": [{"id": 1}]}"#)
        let form = fixture.send("POST", "/p", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: #"{"id": 2}"#)
        #expect(form.status == 415)
        #expect(form.headerValue("Accept-Post") == "application/json")
        #expect((try form.jsonObject()["hint"] as? String)?.contains("curl -d") == true)
        let jsonPatch = fixture.send("PATCH", "/p/1", headers: ["Content-Type": "application/json-patch+json"], body: #"[{"op": "remove", "path": "/a"}]"#)
        #expect(jsonPatch.status == 415)
        #expect(jsonPatch.headerValue("Accept-Patch") == "application/merge-patch+json, application/json")
        #expect(fixture.send("PATCH", "/p/1", headers: ["Content-Type": "application/merge-patch+json"], body: #"{"a": 1}"#).status == 200)
        #expect(fixture.send("POST", "/p", body: #"{"id": 3}"#).status == 201, "an unlabelled JSON body is read as JSON")
        #expect(fixture.send("POST", "/p", headers: ["Content-Type": "text/plain"], body: #"{"id": 4}"#).status == 415)
    }

    /// String ids compare byte for byte: "café" written with a combining accent is another id.
    @Test func stringIdsCompareExactly() throws {
        let fixture = try EngineFixture([:])
        _ = try resource(fixture, #"{"path": "/ids", "items": [{"id": "caf\u00e9"}]}"#)
        #expect(fixture.send("POST", "/ids", headers: Self.json, body: #"{"id": "cafe\u0301"}"#).status == 201)
        #expect(fixture.send("DELETE", "/ids/cafe%CC%81").status == 204)
        #expect(fixture.get("/ids").text == #"[{"id":"café"}]"#)
    }

    /// An answer that cannot be sent does not take effect (audit H3: a 431 after the item was
    /// kept made the retry a 409).
    @Test func aLocationThatCannotBeSentAddsNothing() throws {
        let fixture = try EngineFixture([:])
        _ = try resource(fixture, #"{"path": "/p"}"#)
        // 1,000 bytes, under the longest id; its Location is 3,000 bytes percent-encoded.
        let long = String(repeating: "é", count: 500)
        let refused = fixture.engine.respond(method: "POST", target: "/p", headers: HeaderList(fields: [HTTPHeader(name: "Content-Type", value: "application/json")]),
                                             body: Array(#"{"id": "\#(long)"}"#.utf8), store: fixture.engine.store, answerHeaderBytesLimit: 2_000)
        #expect(refused.status == 400)
        #expect((try refused.jsonObject()["error"] as? String)?.hasSuffix("nothing was added") == true)
        #expect(fixture.get("/p").text == "[]")

        // Measured with the CORS headers `--cors` adds: an Origin echoed back counts (audit R16).
        let cors = try EngineFixture([:], options: MockEngineOptions(cors: true))
        _ = try resource(cors, #"{"path": "/p"}"#)
        let origin = "https://" + String(repeating: "a", count: 2_000) + ".example"
        let echoed = cors.engine.respond(method: "POST", target: "/p",
                                         headers: HeaderList(fields: [HTTPHeader(name: "Content-Type", value: "application/json"), HTTPHeader(name: "Origin", value: origin)]),
                                         body: Array(#"{"id": "\#(String(repeating: "é", count: 400))"}"#.utf8), store: cors.engine.store, answerHeaderBytesLimit: 4_000)
        #expect(echoed.status == 400)
        #expect(cors.get("/p").text == "[]")
    }

    /// A fixture file holding `{"$resource": …}` declares a resource at its path: set up at start,
    /// as declared again on every reset and reload; posted resources go by reset as before.
    @Test func fixtureFilesDeclareResources() throws {
        let fixture = try EngineFixture([
            "api/people.json": #"{"$resource": {"items": [{"id": 1, "name": "Rey"}]}}"#,
            "api/ships/index.json": #"{"$resource": {"idField": "code", "ids": "uuid"}}"#,
        ])
        #expect(fixture.get("/api/people").text == #"[{"id":1,"name":"Rey"}]"#)
        #expect(fixture.send("POST", "/api/people", headers: Self.json, body: #"{"name": "Finn"}"#).status == 201)
        #expect(fixture.get("/api/people/2").text == #"{"id":2,"name":"Finn"}"#)
        let listed = try #require(try fixture.get("/__admin/resources").jsonObject()["resources"] as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == ["declared-1", "declared-2"])
        #expect(listed.map { $0["file"] as? String } == ["api/people.json", "api/ships/index.json"])
        #expect(listed.map { $0["path"] as? String } == ["/api/people", "/api/ships"])
        #expect(listed[1]["idField"] as? String == "code" && listed[1]["ids"] as? String == "uuid")
        _ = try resource(fixture, #"{"path": "/api/crew"}"#)
        let taken = fixture.postJSON("/__admin/resources", #"{"path": "/api/people"}"#)
        #expect(taken.status == 409)
        #expect((try taken.jsonObject()["error"] as? String) == "declared-1 already serves /api/people")

        let reset = try fixture.postJSON("/__admin/reset", "").jsonObject()
        #expect(reset["resources"] as? Int == 3)
        #expect(fixture.get("/api/people").text == #"[{"id":1,"name":"Rey"}]"#, "as declared again")
        #expect(fixture.get("/api/crew").status == 404, "a posted resource is gone")
        #expect(fixture.send("DELETE", "/__admin/resources/declared-1").status == 200)
        #expect(fixture.get("/api/people").status == 404, "removed until the next reset")
        guard case .success = fixture.engine.reload() else { Issue.record("reload failed"); return }
        #expect(fixture.get("/api/people").status == 404, "a reload for nothing that changed does not bring it back (audit R18)")
        let declared = try fixture.tree.text("api/people.json")
        try fixture.tree.write("api/people.json", #"{"$resource": {"items": [{"id": 5}]}}"#)
        _ = fixture.engine.reload()
        #expect(fixture.get("/api/people").text == #"[{"id":5}]"#, "its file changed: set up as it now declares")
        try fixture.tree.write("api/people.json", declared)
        _ = fixture.engine.reload()
        #expect(fixture.get("/api/people").text == #"[{"id":1,"name":"Rey"}]"#, "and again when changed back (audit R19)")
        _ = fixture.postJSON("/__admin/reset", "")
        #expect(fixture.get("/api/people").status == 200)

        _ = try resource(fixture, #"{"path": "/api/crew"}"#)
        #expect(fixture.send("POST", "/api/ships", headers: Self.json, body: #"{"name": "Falcon"}"#).status == 201)
        try fixture.tree.write("api/people.json", #"{"$resource": {"items": [{"id": 9}]}}"#)
        try fixture.tree.write("api/planets.json", #"{"$resource": {}}"#)
        guard case .success = fixture.engine.reload() else { Issue.record("reload failed"); return }
        #expect(fixture.get("/api/people").text == #"[{"id":9}]"#, "a reload sets up a changed declaration as the file now declares")
        #expect(fixture.get("/api/ships").text.contains("Falcon"), "an unchanged one keeps what the app added (audit R17)")
        #expect(fixture.get("/api/crew").status == 200, "a posted resource stays through a reload")
        let ids = try #require(try fixture.get("/__admin/resources").jsonObject()["resources"] as? [[String: Any]]).map { "\($0["id"]!) \($0["path"]!)" }
        #expect(ids.sorted() == ["declared-1 /api/people", "declared-2 /api/ships", "declared-3 /api/planets", "resource-2 /api/crew"].sorted(),
                "ids stay with their files; a new file's is the next")

        // A posted resource holding a declared path keeps the declaration out, and the reload says so.
        _ = try resource(fixture, #"{"path": "/api/moons"}"#)
        try fixture.tree.write("api/moons.json", #"{"$resource": {}}"#)
        let reloaded = try fixture.postJSON("/__admin/reload", "").jsonObject()
        _ = reloaded
        let answer = fixture.engine.reloadAnswer(fixture.engine.reload())
        let warnings = try answer.jsonObject()["warnings"] as? [String]
        #expect(warnings?.first?.hasPrefix("the resource a fixture file declares at /api/moons is not set up") == true, "\(String(describing: warnings))")
        #expect(fixture.engine.declaredResourceWarnings == warnings ?? [], "the same sentence for the log of any reload")
    }

    @Test(arguments: [
        (#"{"$resource": {}, "items": []}"#, "1:19: error: a file declaring a resource holds only \"$resource\", found \"items\" beside it"),
        (#"{"$resource": [1]}"#, #"1:15: error: "$resource" must be an object, found array [1]"#),
        (#"{"$resource": {"path": "/x"}}"#, #"1:16: error: unknown key "path" in "$resource". The file's place is the resource's path"#),
        (#"{"$resource": {"itemz": []}}"#, #"1:16: error: unknown key "itemz" in "$resource". Did you mean "items"?"#),
        (#"{"$resource": {"items": [{"id": 1}, {"id": 1.0}]}}"#, #"1:37: error: item 1: an item with "id" 1.0 is already in /a"#),
        (#"{"$resource": {"ids": "serial"}}"#, #"1:23: error: "ids" must be "increment" or "uuid", found "serial""#),
    ])
    func badResourceDeclarationsAreLoadErrors(contents: String, message: String) throws {
        let (store, tree) = try loadTree(["a.json": contents])
        _ = tree
        #expect(store.problemReport.contains("a.json:" + message), "\(store.problemReport)")
        #expect(store.get("/a").status == 500)
    }

    @Test func declaredResourcePathsAreLiteralAndFilesBelowThemAreWarnedAbout() throws {
        let (store, tree) = try loadTree([
            "{x}.json": #"{"$resource": {}}"#,
            "index.json": #"{"$resource": {}}"#,
            "api/people.json": #"{"$resource": {}}"#,
            "api/people/{id}.json": #"{"response": 1}"#,
            "api/people/me.json": #"{"priority": 1, "response": 2}"#,
        ])
        _ = tree
        let report = store.problemReport
        #expect(report.contains("{x}.json: error: a resource's path is literal, and {x}.json has {name} segments"), "\(report)")
        #expect(report.contains("index.json: error: index.json is the root, which holds no collection"), "\(report)")
        let (more, moreTree) = try loadTree([
            "api/people.json": #"{"$resource": {}}"#,
            "api/people/photo.png": "PNG",
            "__admin.json": #"{"$resource": {}}"#,
            "wrapped.json": #"[{"response": 1}, {"$resource": {}}]"#,
            "twice.json": #"{"$resource": {"items": [{"id": 1}, {"id": 1}]}}"#,
        ])
        _ = moreTree
        let moreReport = more.problemReport
        #expect(moreReport.contains("api/people/photo.png: warning: api/people/photo.png can never be served: the resource api/people.json declares answers its path as an item"), "\(moreReport)")
        #expect(moreReport.contains("__admin.json: error: __admin.json would declare a resource under /__admin"), "\(moreReport)")
        #expect(moreReport.contains(#"wrapped.json:1:19: error: a resource is declared by the file's one object {"$resource": …}, not by an entry in an array"#), "\(moreReport)")
        #expect(moreReport.contains(#"Give each item its own "id""#), "\(moreReport)")
        #expect(more.get("/wrapped").status == 500)
        #expect(more.counts.files == "0 fixture files, 0 entries, 1 static file, 1 declared resource")
        #expect(report.contains("api/people/{id}.json: warning: api/people/{id}.json serves items of the resource api/people.json declares, which answers them first"), "\(report)")
        #expect(!report.contains("api/people/me.json: warning"), "priority 1 goes before the resource")
        let engine = MockEngine(store: store)
        #expect(engine.get("/api/people/me").text == "2")
        #expect(engine.get("/api/people/7").status == 404, "the resource answers its items")
    }

    @Test func runtimeFixturesGoFirstAndResetClears() throws {
        let fixture = try EngineFixture([:])
        _ = try resource(fixture, #"{"path": "/api/orders", "idField": "orderId", "ids": "uuid", "items": [{"orderId": "o-1"}]}"#)
        #expect(fixture.postJSON("/__admin/fixtures", #"{"path": "/api/orders", "entries": [{"method": "POST", "times": 1, "status": 503}]}"#).status == 201)
        #expect(fixture.send("POST", "/api/orders", headers: Self.json, body: "{}").status == 503, "a one-off failure in front of the resource")
        let created = fixture.send("POST", "/api/orders", headers: Self.json, body: "{}")
        #expect(created.status == 201)
        let orderID = try #require(try created.jsonObject()["orderId"] as? String)
        #expect(orderID.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
        #expect(fixture.get("/api/orders/o-1").status == 200, "string ids exactly")
        let listed = try #require(try fixture.get("/__admin/resources/resource-1").jsonObject()["items"] as? [[String: Any]])
        #expect(listed.count == 2)
        let reset = try fixture.send("POST", "/__admin/reset").jsonObject()
        #expect(reset["resources"] as? Int == 1)
        #expect(fixture.get("/api/orders").status == 404)
        #expect((try fixture.get("/__admin/resources").jsonObject()["resources"] as? [Any])?.isEmpty == true)
    }

    /// Ids made and checked as a REST API's are (audit R13): a number written with a fraction or
    /// as a string counts by its value, `null` asks for one, the largest whole number has no next
    /// (it crashed the server), and a `Location` is a URI whatever the path holds.
    @Test func idsAreMadeAndCheckedByValue() throws {
        let fixture = try EngineFixture([:])
        _ = try resource(fixture, #"{"path": "/f", "items": [{"id": 2.5}, {"id": 4.0}, {"id": "7"}, {"id": null, "n": 1}]}"#)
        let items = try #require(try fixture.get("/__admin/resources/resource-1").jsonObject()["items"] as? [[String: Any]])
        #expect(items.last?["id"] as? Int == 8, "one more than the largest value, 7")
        #expect(fixture.send("POST", "/f", headers: Self.json, body: #"{"id": 4}"#).status == 409, "4 is 4.0")
        #expect(fixture.send("POST", "/f", headers: Self.json, body: #"{"id": null}"#).text == #"{"id":9}"#)
        for bad in [#"{"id": true}"#, #"{"id": ""}"#, #"{"id": "a/b"}"#, #"{"id": ".."}"#, #"{"id": {"x": 1}}"#] {
            #expect(fixture.send("POST", "/f", headers: Self.json, body: bad).status == 400, "\(bad)")
        }
        _ = try resource(fixture, #"{"path": "/max", "items": [{"id": 9223372036854775807}]}"#)
        let noNext = fixture.send("POST", "/max", headers: Self.json, body: "{}")
        #expect(noNext.status == 409)
        #expect((try noNext.jsonObject()["error"] as? String)?.contains("there is no next \"id\"") == true)
        #expect(fixture.get("/__admin/health").status == 200, "still serving")
        let refused = fixture.postJSON("/__admin/resources", #"{"path": "/max2", "items": [{"id": "9223372036854775807"}, {}]}"#)
        #expect(refused.status == 400)
        #expect((try refused.jsonObject()["error"] as? String)?.hasPrefix("item 1: there is no next") == true)

        _ = try resource(fixture, #"{"path": "/my people", "idField": "uid", "ids": "uuid"}"#)
        let created = fixture.send("POST", "/my%20people", headers: Self.json, body: #"{"uid": "a b?"}"#)
        #expect(created.headerValue("Location") == "/my%20people/a%20b%3F")
        #expect(fixture.get("/my%20people/a%20b%3F").status == 200)
    }

    /// Ids past 2^53 stay exact, very negative ones leave 1 next (both trapped or repeated;
    /// audit R14), and a string that is a number counts as that number (`"1e2"` is 100, so the
    /// next made-up id is 101, never a second 100; audit R24).
    @Test func idsStayExactAtTheEdges() throws {
        let fixture = try EngineFixture([:])
        _ = try resource(fixture, #"{"path": "/big", "items": [{"id": 100000000000000005}, {"id": 100000000000000003}]}"#)
        #expect(fixture.send("POST", "/big", headers: Self.json, body: "{}").text == #"{"id":100000000000000006}"#)
        #expect(fixture.send("POST", "/big", headers: Self.json, body: "{}").text == #"{"id":100000000000000007}"#)
        _ = try resource(fixture, #"{"path": "/neg", "items": [{"id": -1e19}, {"id": "-1e400"}]}"#)
        #expect(fixture.send("POST", "/neg", headers: Self.json, body: "{}").text == #"{"id":1}"#)
        _ = try resource(fixture, #"{"path": "/s", "items": [{"id": "07"}, {"id": "1e2"}, {"id": "5"}]}"#)
        #expect(fixture.send("POST", "/s", headers: Self.json, body: "{}").text == #"{"id":101}"#, "\"1e2\" is 100; \"07\" is a name")
        _ = try resource(fixture, #"{"path": "/almost", "items": [{"id": 9223372036854775806}]}"#)
        #expect(fixture.send("POST", "/almost", headers: Self.json, body: "{}").text == #"{"id":9223372036854775807}"#)
        #expect(fixture.send("POST", "/almost", headers: Self.json, body: "{}").status == 409)
        #expect(fixture.send("POST", "/s", headers: Self.json, body: #"{"id": "a\u0000b"}"#).status == 400, "no control characters")
        let taken = fixture.send("POST", "/s", headers: Self.json, body: #"{"id": 5.0}"#)
        #expect(try taken.jsonObject()["hint"] as? String == "PUT /s/5 to replace it, or give another id")

        // One value, however written (audit R15): a string that is a JSON number is that number,
        // for duplicates and for the path that names it.
        _ = try resource(fixture, #"{"path": "/v", "items": [{"id": 100}, {"id": 2.5}, {"id": 100000000000000002.0}]}"#)
        for duplicate in [#"{"id": "1e2"}"#, #"{"id": "100.0"}"#, #"{"id": 25e-1}"#, #"{"id": "2.50"}"#, #"{"id": 1.00000000000000002e17}"#] {
            #expect(fixture.send("POST", "/v", headers: Self.json, body: duplicate).status == 409, "\(duplicate)")
        }
        #expect(fixture.get("/v/1e2").text == #"{"id":100}"#)
        #expect(fixture.get("/v/25e-1").text == #"{"id":2.5}"#)
        #expect(fixture.send("POST", "/v", headers: Self.json, body: "{}").text == #"{"id":100000000000000003}"#, "exact past 2^53")
        #expect(fixture.send("POST", "/v", headers: Self.json, body: "{}").text == #"{"id":100000000000000004}"#)
        #expect(fixture.send("POST", "/v", headers: Self.json, body: #"{"id": "a\u2028b"}"#).status == 400, "line separators are control characters too")
        _ = try resource(fixture, #"{"path": "/e", "items": [{"id": 9.2e18}]}"#)
        #expect(fixture.send("POST", "/e", headers: Self.json, body: "{}").text == #"{"id":9200000000000000001}"#)
        #expect(JSONNumber(parsing: "-0")?.canonicalDecimal == "0")
        #expect(JSONNumber(parsing: "1e-2")?.canonicalDecimal == "0.01")
        #expect(JSONNumber(parsing: "123.450e1")?.canonicalDecimal == "1234.5")
        #expect(JSONNumber(parsing: "1e401")?.canonicalDecimal == nil)
    }

    /// 10,000 items with number ids load and answer (each id was compared with every earlier one:
    /// 14 s; audit R13), and a resource one segment below another is warned about.
    @Test func manyItemsAndNestedResources() throws {
        let fixture = try EngineFixture([:])
        let items = (1...10_000).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        _ = try resource(fixture, #"{"path": "/a", "items": [\#(items)]}"#)
        #expect(fixture.send("POST", "/a", headers: Self.json, body: "{}").text == #"{"id":10001}"#)
        let nested = fixture.postJSON("/__admin/resources", #"{"path": "/a/b"}"#)
        #expect(nested.status == 201)
        #expect(try nested.jsonObject()["warnings"] as? [String] == [#"resource-2 answers /a/b, so item "b" of resource-1 at /a cannot be reached"#])
    }

    @Test(arguments: [
        (#"{"items": []}"#, #"the resource needs "path""#),
        (#"{"path": "/api/{id}"}"#, "has braces"),
        (#"{"path": "/"}"#, "is the root"),
        (#"{"path": "/__admin/x"}"#, "is under /__admin"),
        (#"{"path": "/a?b=1"}"#, "has a query"),
        (#"{"path": "/a", "ids": "random"}"#, #""ids" must be "increment" or "uuid""#),
        (#"{"path": "/a", "idField": ""}"#, #""idField" must be a non-empty string"#),
        (#"{"path": "/a", "items": [1]}"#, "item 0 is a number, not an object"),
        (#"{"path": "/a", "items": [{"id": 1}, {"id": "1"}]}"#, #"item 1: an item with "id" "1" is already in /a"#),
        (#"{"path": "/a", "items": [{"id": {"x": 1}}]}"#, "not a string or a number a path segment can hold"),
        (#"{"path": "/a", "item": []}"#, #"unknown key "item" in the resource; did you mean "items"?"#),
    ])
    func malformedResourcesAre400(body: String, error: String) throws {
        let fixture = try EngineFixture([:])
        let refused = fixture.postJSON("/__admin/resources", body)
        #expect(refused.status == 400)
        let object = try refused.jsonObject()
        let message = (object["error"] as? String ?? "") + "; " + (object["hint"] as? String ?? "")
        #expect(message.contains(error), "\(message)")
    }

    @Test func onePathOneResourceAndRecordModeRefuses() throws {
        let fixture = try EngineFixture([:])
        _ = try resource(fixture, #"{"path": "/a"}"#)
        let second = fixture.postJSON("/__admin/resources", #"{"path": "/a/"}"#)
        #expect(second.status == 409)
        #expect(try second.jsonObject()["error"] as? String == "resource-1 already serves /a")
        #expect(fixture.get("/__admin/resources/resource-9").status == 404)
        let recording = MockEngine(store: .empty(rootPath: "/nonexistent"), options: MockEngineOptions(acceptsRuntimeFixtures: false))
        #expect(recording.send("POST", "/__admin/resources", headers: Self.json, body: #"{"path": "/a"}"#).status == 409)
    }
}

/// Ids no request could name, and large collections (audit F3).
@Suite struct ResourceIDLimitTests {
    static let json = ["Content-Type": "application/json"]

    @Test(arguments: [
        (#"{"id": "a\\b"}"#, "not a string or a number a path segment can hold"),
        (#"{"id": "\#(String(repeating: "x", count: 1_025))"}"#, "is 1025 bytes long, more than the 1024 a path naming it can carry"),
    ])
    func anIDNoPathCanNameIsRefusedEverywhere(item: String, message: String) throws {
        let fixture = try EngineFixture(["api/declared.json": #"{"$resource": {"items": [\#(item)]}}"#])
        #expect(fixture.engine.store.problems.contains { $0.severity == .error && $0.message.contains(message) }, "\(fixture.engine.store.problems)")
        #expect(fixture.postJSON("/__admin/resources", #"{"path": "/u", "items": []}"#).status == 201)
        let posted = fixture.postJSON("/u", item)
        #expect(posted.status == 400 && posted.text.contains(message), "\(posted.text)")
        let batch = fixture.postJSON("/__admin/resources", #"{"path": "/v", "items": [\#(item)]}"#)
        #expect(batch.status == 400 && batch.text.contains(message), "\(batch.text)")
        #expect(fixture.get("/u").text == "[]")
    }

    /// The index stays right as items come and go: every id finds its own item, and ids go on
    /// from the largest.
    @Test func itemsAreFoundByIDAfterAddsAndDeletes() throws {
        let fixture = try EngineFixture(["api/people.json": #"{"$resource": {"items": [{"id": 1, "n": "a"}, {"id": "x", "n": "b"}, {"id": 3, "n": "c"}]}}"#])
        for name in ["d", "e", "f"] {
            #expect(fixture.postJSON("/api/people", #"{"n": "\#(name)"}"#).status == 201)
        }
        #expect(fixture.send("DELETE", "/api/people/x").status == 204)
        #expect(fixture.send("DELETE", "/api/people/4").status == 204)
        for (id, name) in [("1", "a"), ("3", "c"), ("5", "e"), ("6", "f"), ("6.0", "f")] {
            #expect(fixture.get("/api/people/\(id)").text.contains(#""n":"\#(name)""#), "\(id)")
        }
        #expect(fixture.get("/api/people/x").status == 404)
        #expect(fixture.get("/api/people/4").status == 404)
        #expect(fixture.send("PUT", "/api/people/5", headers: Self.json, body: #"{"n": "E"}"#).text == #"{"id":5,"n":"E"}"#)
        #expect(fixture.get("/api/people/5").text == #"{"id":5,"n":"E"}"#)
        let created = fixture.postJSON("/api/people", #"{"n": "g"}"#)
        #expect(created.headerValue("Location") == "/api/people/7")
        #expect(fixture.postJSON("/api/people", #"{"id": 3}"#).status == 409, "a known id is still refused")
        // A deleted id is free again, and the next made-up id goes on from what is left
        // (audit R21: it stayed taken, and the next id skipped it).
        #expect(fixture.send("DELETE", "/api/people/7").status == 204)
        #expect(fixture.postJSON("/api/people", #"{"n": "h"}"#).headerValue("Location") == "/api/people/7")
        #expect(fixture.send("DELETE", "/api/people/3").status == 204)
        #expect(fixture.postJSON("/api/people", #"{"id": 3, "n": "again"}"#).status == 201)
        #expect(fixture.get("/api/people/3").text == #"{"id":3,"n":"again"}"#)
    }

    /// Deleting most of a large collection in list order keeps every remaining item reachable
    /// (empty slots are dropped in bulk).
    @Test func deletingInListOrderKeepsTheRestReachable() throws {
        let fixture = try EngineFixture([:])
        let items = (1...300).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        #expect(fixture.postJSON("/__admin/resources", #"{"path": "/n", "items": [\#(items)]}"#).status == 201)
        for id in 1...250 { #expect(fixture.send("DELETE", "/n/\(id)").status == 204) }
        #expect(fixture.get("/n/251").status == 200 && fixture.get("/n/300").status == 200 && fixture.get("/n/250").status == 404)
        #expect(fixture.postJSON("/n", "{}").headerValue("Location") == "/n/301")
        #expect((try JSONSerialization.jsonObject(with: Data(fixture.get("/n").body)) as? [Any])?.count == 51)
    }
}

/// Admin wording (audit F3): a key given twice in the settings is refused, `null` reads as
/// `null`, and long paths are shortened in 405s and 404s.
@Suite struct AdminWordingTests {
    @Test func settingsRefuseAKeyGivenTwiceAndSayNull() throws {
        let fixture = try EngineFixture([:])
        let twice = fixture.engine.send("PUT", "/__admin/settings", headers: ["Content-Type": "application/json"], body: #"{"delay": 5, "delay": 6}"#)
        #expect(twice.status == 400 && twice.text.contains(#"the key \"delay\" is given twice"#), "\(twice.text)")
        #expect(try fixture.get("/__admin/settings").jsonObject()["delay"] is NSNull, "nothing changed")
        let null = fixture.engine.send("PUT", "/__admin/settings", headers: ["Content-Type": "application/json"], body: "null")
        #expect(null.text.contains("the settings are null"), "\(null.text)")
    }

    @Test func aStateOfNullReadsAsNull() throws {
        let fixture = try EngineFixture(["a.json": #"[{"scenario": "s", "response": 1}]"#])
        let answer = fixture.engine.send("PUT", "/__admin/scenarios/s", headers: ["Content-Type": "application/json"], body: #"{"state": null}"#)
        #expect(answer.status == 400 && answer.text.contains("must be a non-empty string, found null") && !answer.text.contains("null null"), "\(answer.text)")
    }

    @Test func longPathsAreShortenedInAdminAnswers() throws {
        let fixture = try EngineFixture([:])
        let long = String(repeating: "a", count: 5_000)
        let wrongMethod = fixture.engine.send("PUT", "/__admin/resources/\(long)")
        #expect(wrongMethod.status == 405 && wrongMethod.body.count < 2_000, "\(wrongMethod.body.count) bytes")
        let noScenario = fixture.engine.send("GET", "/__admin/scenarios/\(long)")
        #expect(noScenario.status == 404 && noScenario.body.count < 2_000, "\(noScenario.body.count) bytes")
    }
}

@Suite struct NestedDeclaredResourceTests {
    @Test func aResourceDeclaredUnderAnotherIsWarnedAbout() throws {
        let fixture = try EngineFixture([
            "nested/a.json": #"{"$resource": {"items": [{"id": "b", "n": 1}, {"id": "c", "n": 2}]}}"#,
            "nested/a/b.json": #"{"$resource": {"items": []}}"#,
        ])
        let problems = fixture.engine.store.problems
        #expect(problems.map(\.message) == [#"the resource this file declares answers /nested/a/b, so item "b" of the resource nested/a.json declares at /nested/a cannot be reached"#],
                "\(problems)")
        #expect(problems.first?.file == "nested/a/b.json")
        #expect(fixture.get("/nested/a/b").text == "[]", "the inner collection answers")
        #expect(fixture.get("/nested/a/c").text == #"{"id":"c","n":2}"#)
    }
}

/// Audit R23: the bulk clean-up of deleted slots kept them (and trapped on the next list), and
/// deleting the newest item rescanned every item for the next id.
@Suite struct ResourceDeleteChurnTests {
    @Test func deletingMostOfACollectionThenListingItWorks() throws {
        let fixture = try EngineFixture([:])
        let items = (1...75).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        #expect(fixture.postJSON("/__admin/resources", #"{"path": "/c", "items": [\#(items)]}"#).status == 201)
        for id in 1...65 { #expect(fixture.send("DELETE", "/c/\(id)").status == 204) }
        let list = fixture.get("/c")
        #expect(list.status == 200)
        #expect((try JSONSerialization.jsonObject(with: Data(list.body)) as? [[String: Int]])?.map { $0["id"] ?? 0 } == Array(66...75))
        #expect(fixture.get("/c/70").status == 200)
    }

    /// Audit R24: `"1.0"` is the id 1, so a made-up id goes past it instead of repeating it.
    @Test func aStringIDThatIsANumberCountsTowardsTheNextID() throws {
        let fixture = try EngineFixture(["api/s.json": #"{"$resource": {"items": [{"id": "1.0"}, {"id": "1e2"}, {"id": "07"}]}}"#])
        #expect(fixture.postJSON("/api/s", "{}").headerValue("Location") == "/api/s/101")
        #expect(fixture.get("/api/s/1").text == #"{"id":"1.0"}"#)
        #expect(fixture.send("DELETE", "/api/s/100").status == 204)
        #expect(fixture.send("DELETE", "/api/s/101").status == 204)
        #expect(fixture.postJSON("/api/s", "{}").headerValue("Location") == "/api/s/2", "\"07\" is text, \"1.0\" is 1")
    }

    @Test func createAndDeleteChurnKeepsTheCollectionAndTheNextID() throws {
        let fixture = try EngineFixture(["api/d.json": #"{"$resource": {"items": [{"id": 1}, {"id": 2}]}}"#])
        for cycle in 1...200 {
            let created = fixture.postJSON("/api/d", "{}")
            #expect(created.headerValue("Location") == "/api/d/3", "cycle \(cycle): the newest deleted, the next id is 3 again")
            #expect(fixture.send("DELETE", "/api/d/3").status == 204)
        }
        #expect(fixture.get("/api/d").text == #"[{"id":1},{"id":2}]"#)
        #expect(fixture.send("DELETE", "/api/d/2").status == 204)
        #expect(fixture.postJSON("/api/d", "{}").headerValue("Location") == "/api/d/2", "the largest gone, the next goes on from 1")
    }
}
