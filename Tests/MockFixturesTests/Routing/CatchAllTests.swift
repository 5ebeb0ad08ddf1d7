import Foundation
import TestSupport
import Testing
@testable import MockFixtures

/// `{name...}` as the last segment of a fixture path serves a whole subtree: one or more
/// segments, its value the rest of the path with its slashes.
@Suite("Catch-all path segments: {name...}")
struct CatchAllTests {
    @Test func aCatchAllServesEverySubpathAfterMoreSpecificRoutes() throws {
        let (store, tree) = try loadTree([
            "files/{path...}.json": #"{"template": true, "response": {"path": "{{path.path}}"}}"#,
            "files/readme.json": #"{"response": "readme"}"#,
            "files/{name}/meta.json": #"{"template": true, "response": {"meta": "{{path.name}}"}}"#,
        ])
        _ = tree
        #expect(store.problems == [], "\(store.problems)")
        let answers: [(path: String, body: String?)] = [
            ("/files/a", #"{"path":"a"}"#),
            ("/files/a/", #"{"path":"a"}"#),
            ("/files/a/b/c.pdf", #"{"path":"a/b/c.pdf"}"#),
            ("/files/a%20b/c%2Bd", #"{"path":"a b/c+d"}"#),
            ("/files/readme", #""readme""#),                        // a literal beats the catch-all
            ("/files/x/meta", #"{"meta":"x"}"#),                     // so does a {name} segment
            ("/files/x/meta/more", #"{"path":"x/meta/more"}"#),      // whose branch dead-ends: back to the catch-all
            ("/files", nil),                                        // one segment at least
            ("/file/a", nil),
        ]
        for (path, body) in answers {
            let answer = store.get(path)
            #expect(answer.status == (body == nil ? 404 : 200), "\(path): \(answer.text)")
            if let body { #expect(answer.text == body, "\(path)") }
        }
        #expect(store.get("/files/a/b").matchedFile == "files/{path...}.json")
        #expect(store.servedPaths.contains("/files/{path...}"))
    }

    /// When no entry of the most specific file matches, the less specific files serving the path
    /// are tried in turn, as WireMock's stubs and our runtime fixtures are (audit W2's G3): a root
    /// catch-all answers what `{id}.json` does not, and a miss explains every file tried.
    @Test func filesFallThroughToLessSpecificOnes() throws {
        let (store, tree) = try loadTree([
            "api/users/7.json": #"[{"method": "GET", "response": {"literal": 7}}]"#,
            "api/users/{id}.json": #"[{"method": "GET", "template": true, "response": {"id": "{{path.id | number}}"}}, {"method": "PUT", "requestHeaders": {"X-Role": "admin"}, "status": 204}]"#,
            "api/{rest...}.json": #"[{"method": "DELETE", "requestHeaders": {"Authorization": {"$absent": true}}, "status": 401}, {"method": "POST", "status": 201, "template": true, "response": {"rest": "{{path.rest}}"}}]"#,
        ])
        _ = tree
        #expect(store.problems == [], "\(store.problems)")
        #expect(store.get("/api/users/7").text == #"{"literal":7}"#)
        #expect(store.get("/api/users/8").text == #"{"id":8}"#)
        let deleted = store.send("DELETE", "/api/users/7", headers: [:], body: "")
        #expect(deleted.status == 401, "literal, then {id}, then the catch-all")
        #expect(deleted.outcome == .matched(file: "api/{rest...}.json", entry: 0))
        let posted = store.send("POST", "/api/users/8", headers: [:], body: "")
        #expect(posted.status == 201)
        #expect(posted.text == #"{"rest":"users/8"}"#, "the catch-all's own parameters")
        #expect(store.send("PUT", "/api/users/8", headers: ["X-Role": "admin"], body: "").status == 204)
        let miss = store.send("PUT", "/api/users/7", headers: [:], body: "")
        #expect(miss.status == 404)
        let body = try miss.jsonObject()
        #expect(body["error"] as? String == "no entry matches PUT /api/users/7 (tried api/users/7.json, api/users/{id}.json, api/{rest...}.json)")
        #expect(body["fixtureFile"] as? String == "api/users/7.json")
        let candidates = try #require(body["candidates"] as? [[String: Any]])
        #expect(candidates.compactMap { $0["fixtureFile"] as? String } == ["api/users/{id}.json", "api/users/{id}.json", "api/{rest...}.json", "api/{rest...}.json"])
        #expect((candidates[1]["pathParameters"] as? [String: String]) == ["id": "7"])
        #expect(candidates[2]["reasons"] as? [String] == ["header 'x-role' is missing (expected \"admin\")"])
        #expect(miss.outcome.logDescription.contains("closest is entry 1 of api/users/{id}.json (line 1): header 'x-role' is missing"), "\(miss.outcome.logDescription)")
    }

    /// A broken less specific file answers its 500 when the fall-through reaches it, and what a
    /// static file does not answer (another method, a trailing slash) falls through too (audit R12).
    @Test func fallingThroughReachesBrokenFilesAndPassesStaticFiles() throws {
        let (store, tree) = try loadTree([
            "users/7.json": #"[{"method": "GET", "response": 7}]"#,
            "users/{id}.json": #"[{"method": "GET", "response": "#,
            "{rest...}.json": #"[{"method": "ANY", "status": 401}]"#,
            "img/logo.png": "PNG",
            "img/{file}.json": #"[{"method": "POST", "status": 201}]"#,
        ])
        _ = tree
        let deleted = store.send("DELETE", "/users/7", headers: [:], body: "")
        #expect(deleted.status == 500, "the broken file is reached before the catch-all")
        #expect(deleted.outcome == .brokenFixture(file: "users/{id}.json"))
        #expect(store.get("/img/logo.png").text == "PNG")
        #expect(store.send("POST", "/img/logo.png", headers: [:], body: "").status == 201, "the static file answers GET only")
        #expect(store.send("PUT", "/img/logo.png", headers: [:], body: "").status == 401, "on to the catch-all")
        #expect(store.get("/img/logo.png/").status == 401)
        let (alone, aloneTree) = try loadTree(["img/logo.png": "PNG", "img/{file}.json": #"[{"method": "POST", "status": 201}]"#])
        _ = aloneTree
        let refused = alone.send("DELETE", "/img/logo.png", headers: [:], body: "")
        #expect(refused.status == 404, "nothing matched: the near misses, and what the static file takes")
        let body = try refused.jsonObject()
        #expect(body["error"] as? String == "no entry matches DELETE /img/logo.png (tried the static file img/logo.png, which answers GET and HEAD only, img/{file}.json)")
        #expect(body["staticFile"] as? String == "img/logo.png")
        #expect(refused.headerValue("Allow") == "GET, HEAD, POST", "what the static file and the files tried take (audit H3)")
        let lower = try alone.send("get", "/img/logo.png", headers: [:], body: "").jsonObject()
        #expect((lower["error"] as? String)?.contains("(methods are case-sensitive: send GET, not get)") == true, "\(lower)")
        #expect(((body["candidates"] as? [[String: Any]])?.first?["reasons"] as? [String])?.first == "method differs: entry expects POST, request is DELETE")
    }

    @Test func aCatchAllAtTheRootServesEverythingButTheRoot() throws {
        let (store, tree) = try loadTree([
            "{rest...}.json": #"[{"pathParameters": {"rest": {"$regex": "\\.pdf$"}}, "response": "pdf"}, {"status": 503}]"#,
            "api/ping.json": #"{"response": "pong"}"#,
        ])
        _ = tree
        #expect(store.problems == [], "\(store.problems)")
        #expect(store.get("/api/ping").text == #""pong""#)
        #expect(store.get("/api/ping/x").status == 503)
        #expect(store.get("/docs/2024/report.pdf").text == #""pdf""#, "pathParameters see the whole rest")
        #expect(store.get("/").status == 404)
        let miss = MockEngine(store: store).send("POST", "/a/b", body: "")
        #expect(miss.status == 404)
        #expect(try miss.jsonObject()["pathParameters"] as? [String: String] == ["rest": "a/b"])
    }

    @Test func misplacedAndCompetingCatchAllsAreReported() throws {
        let tree = try TemporaryFolder([
            "a/{rest...}/b.json": #"{"response": 1}"#,
            "c/{...}.json": #"{"response": 1}"#,
            "d/{p...}.json": #"{"response": 1}"#,
            "d/{q...}.json": #"{"response": 2}"#,
            "e/{id}/{id...}.json": #"{"response": 1}"#,
        ])
        let store = try tree.load()
        let messages = store.problems.map { "\($0.severity) \($0.file): \($0.message)" }.sorted()
        #expect(messages == [
            "error e/{id}/{id...}.json: the path names the parameter {id} more than once, so its value is ambiguous",
            #"warning a/{rest...}/b.json: "{rest...}" is a catch-all but not the last segment, so it is matched literally"#,
            #"warning c/{...}.json: "{...}" is not a valid parameter name, so it is matched literally"#,
            "warning d/{q...}.json: d/{q...}.json and d/{p...}.json both serve /d/{p...}; d/{p...}.json wins",
        ], "\(messages)")
        #expect(store.get("/a/%7Brest...%7D/b").status == 200, "matched literally")
        #expect(store.get("/a/x/b").status == 404)
    }

    @Test func runtimeFixturesAndVerificationPatternsTakeCatchAlls() throws {
        let fixture = try EngineFixture([:])
        let added = fixture.postJSON("/__admin/fixtures", #"{"path": "/cdn/{asset...}", "entries": [{"template": true, "response": "{{path.asset}}"}]}"#)
        #expect(added.status == 201, "\(added.text)")
        #expect(fixture.get("/cdn/img/logo.png").text == #""img/logo.png""#)
        #expect(fixture.get("/cdn/v2/app.js").text == #""v2/app.js""#)
        let count = try fixture.count(#"{"method": "GET", "path": "/cdn/{asset...}", "pathParameters": {"asset": {"$regex": "^img/"}}}"#)
        #expect(count["count"] as? Int == 1, "\(count)")
        let all = try fixture.count(#"{"path": "/cdn/{asset...}"}"#)
        #expect(all["count"] as? Int == 2, "\(all)")

        let misplaced = fixture.postJSON("/__admin/fixtures", #"{"path": "/cdn/{asset...}/x", "entries": []}"#)
        #expect(misplaced.status == 400)
        #expect(try misplaced.jsonObject()["error"] as? String == #""path" "/cdn/{asset...}/x" has the catch-all segment "{asset...}" before its last segment"#, "\(misplaced.text)")
        let pattern = fixture.postJSON("/__admin/requests/count", #"{"path": "/cdn/{asset...}/x"}"#)
        #expect(pattern.status == 400, "\(pattern.text)")
    }

    /// A less specific static file is reached too: `users/{id}/avatar.png` answers
    /// `/users/7/avatar.png` when `users/7/avatar.png.json` has no entry for it (audit H3).
    @Test func fallingThroughReachesALessSpecificStaticFile() throws {
        let fixture = try EngineFixture([
            "users/{id}/avatar.png": "PNG",
            "users/7/avatar.png.json": #"[{"query": {"size": "large"}, "responseText": "large"}]"#,
        ])
        #expect(fixture.get("/users/7/avatar.png?size=large").text == "large")
        let png = fixture.get("/users/7/avatar.png")
        #expect(png.status == 200 && png.text == "PNG")
        let refused = try fixture.send("POST", "/users/7/avatar.png").jsonObject()
        #expect(refused["error"] as? String == "no entry matches POST /users/7/avatar.png (tried users/7/avatar.png.json, the static file users/{id}/avatar.png, which answers GET and HEAD only)")

        // Named where it was tried, before a root catch-all (audit R16); `Allow` has the runtime
        // fixtures' methods too.
        let ordered = try EngineFixture([
            "users/{id}/avatar.png": "PNG",
            "users/7/avatar.png.json": #"[{"query": {"size": "large"}, "responseText": "large"}]"#,
            "{rest...}.json": #"{"method": "PUT", "status": 204}"#,
        ])
        _ = ordered.postJSON("/__admin/fixtures", #"{"path": "/users/7/avatar.png", "entries": [{"method": "PATCH", "status": 200}]}"#)
        let deleted = ordered.send("DELETE", "/users/7/avatar.png")
        #expect((try deleted.jsonObject()["error"] as? String) == "no entry matches DELETE /users/7/avatar.png (tried runtime fixture fixture-1, users/7/avatar.png.json, the static file users/{id}/avatar.png, which answers GET and HEAD only, {rest...}.json)")
        #expect(deleted.headerValue("Allow") == "GET, HEAD, PATCH, PUT")
    }

    /// The length a HEAD entry or a 304 states is that of what a GET gets, whatever answers it: a
    /// resource, a static file, or a GET entry behind a HEAD entry (audit H3).
    @Test func statedLengthsFollowWhatAGETGets() throws {
        let fixture = try EngineFixture([
            "people.json": #"[{"response": {"from": "people.json, which the resource shadows"}}]"#,
            "pic.txt": "0123456789",
            "v.json": #"[{"method": "HEAD", "status": 200, "headers": {"ETag": "\"v1\""}}, {"requestHeaders": {"If-None-Match": "\"v1\""}, "status": 304}, {"response": {"body": "of the GET, 33 bytes long"}}]"#,
        ])
        #expect(fixture.postJSON("/__admin/resources", #"{"path": "/people", "items": [{"id": 1}]}"#).status == 201)
        _ = fixture.postJSON("/__admin/fixtures", #"{"path": "/people", "entries": [{"method": "HEAD", "status": 200}, {"requestHeaders": {"If-None-Match": "\"x\""}, "status": 304}]}"#)
        _ = fixture.postJSON("/__admin/fixtures", #"{"path": "/pic.txt", "entries": [{"requestHeaders": {"If-None-Match": "\"x\""}, "status": 304}]}"#)
        let listed = fixture.get("/people").body.count
        #expect(fixture.send("HEAD", "/people").declaredBodyLength == listed)
        #expect(fixture.get("/people", headers: ["If-None-Match": "\"x\""]).declaredBodyLength == listed)
        let unchanged = fixture.get("/pic.txt", headers: ["If-None-Match": "\"x\""])
        #expect(unchanged.status == 304 && unchanged.declaredBodyLength == 10)
        let getLength = fixture.get("/v").body.count
        #expect(fixture.send("HEAD", "/v").declaredBodyLength == getLength)
        let headUnchanged = fixture.send("HEAD", "/v", headers: ["If-None-Match": "\"v1\""])
        #expect(headUnchanged.status == 304)
        #expect(headUnchanged.declaredBodyLength == getLength, "never a false 0")
    }
}
