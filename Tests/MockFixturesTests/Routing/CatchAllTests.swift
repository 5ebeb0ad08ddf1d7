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
}
