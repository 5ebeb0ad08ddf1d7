import TestSupport
import Testing
@testable import MockFixtures

@Suite("Matching requests to entries")
struct MatchingTests {
    private func store(_ files: [String: String]) throws -> (FixtureStore, TemporaryFolder) {
        let tree = try TemporaryFolder(files)
        let store = try tree.load()
        #expect(!store.hasErrors, "\(store.problems)")
        return (store, tree)
    }

    private func entry(_ response: MockResponse) -> Int? {
        if case .matched(_, let entry) = response.outcome { return entry }
        return nil
    }

    @Test func mapsFilesToPaths() throws {
        let (store, tree) = try store([
            "index.json": #"{"response": "root"}"#,
            "api/people.json": #"{"response": "people"}"#,
            "api/planets/index.json": #"{"response": "planets"}"#,
            "Café/menu.json": #"{"response": "menu"}"#,
        ])
        _ = tree
        #expect(store.get("/").text == #""root""#)
        #expect(store.get("/api/people").text == #""people""#)
        #expect(store.get("/api/people/").text == #""people""#)
        #expect(store.get("/api/planets").text == #""planets""#)
        #expect(store.get("/api/planets/?x=1").text == #""planets""#)
        #expect(store.get("/Caf%C3%A9/menu").text == #""menu""#)
        #expect(store.get("/api/People").status == 404)
        #expect(store.get("/api/people.json").status == 404)
        #expect(store.get("/index").status == 404)
    }

    @Test func fixtureMethodsAreUpperCasedAndDefaultToGet() throws {
        let (store, tree) = try store(["a.json": #"[{"response": 1}, {"method": "post", "status": 201, "response": 2}]"#])
        _ = tree
        #expect(store.get("/a").text == "1")
        let posted = store.send("POST", "/a", body: "")
        #expect(posted.status == 201)
        #expect(entry(posted) == 1)
        #expect(store.respond(method: "DELETE", target: "/a", headers: NoHeaders(), body: []).status == 404)
    }

    /// RFC 9110 §9.1: `post` is not POST. Production servers refuse it (nginx: 400), so the mock
    /// must not answer it as POST, and says what is wrong.
    @Test func requestMethodsAreCaseSensitive() throws {
        let (store, tree) = try store(["a.json": #"[{"response": 1}, {"method": "POST", "status": 201, "response": 2}]"#])
        _ = tree
        let lowercase = store.respond(method: "post", target: "/a", headers: NoHeaders(), body: [])
        #expect(lowercase.status == 404)
        let body = try lowercase.jsonObject()
        #expect(body["error"] as? String == "no entry in a.json matches post /a")
        let candidates = try #require(body["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["reasons"] as? [String] } == [
            ["method differs: entry expects GET, request is post"],
            ["method differs: entry expects POST, request is post (methods are case-sensitive: send POST, not post)"],
        ])
        guard case .noMatch(let summary) = lowercase.outcome else { Issue.record("\(lowercase.outcome)"); return }
        #expect(summary.contains("closest is entry 1 (line 1): method differs: entry expects POST, request is post (methods are case-sensitive"),
                "the entry whose method differs only in case is the closest")

        let head = store.respond(method: "head", target: "/a", headers: NoHeaders(), body: [])
        #expect(head.status == 404, "head is not HEAD: GET entries do not answer it")
        #expect(try (head.jsonObject()["candidates"] as? [[String: Any]])?.first?["reasons"] as? [String]
                == ["method differs: entry expects GET, request is head (methods are case-sensitive: send HEAD, not head)"])
        #expect(head.sendsBody(toMethod: "head"), "libmicrohttpd sends head a body, so the answer states it")
        #expect(!head.sendsBody(toMethod: "HEAD"))
        #expect(store.respond(method: "get", target: "/a", headers: NoHeaders(), body: []).status == 404)
    }

    @Test func headIsAnsweredLikeGet() throws {
        let (store, tree) = try store([
            "get.json": #"{"response": {"a": 1}}"#,
            "head.json": #"[{"method": "HEAD", "status": 204}, {"response": 2}]"#,
        ])
        _ = tree
        let head = store.respond(method: "HEAD", target: "/get", headers: NoHeaders(), body: [])
        #expect(head.status == 200)
        #expect(head.text == #"{"a":1}"#)
        #expect(head.preparedID == store.get("/get").preparedID)
        #expect(store.respond(method: "HEAD", target: "/head", headers: NoHeaders(), body: []).status == 204)
        #expect(store.get("/head").text == "2")
    }

    @Test func constrainedEntriesBeatWildcardsAndFileOrderBreaksTies() throws {
        let (store, tree) = try store(["p.json": """
        [
          {"response": "wildcard"},
          {"request": {"page": 2}, "response": "page 2"},
          {"request": {"page": "2", "sort": "name"}, "response": "page 2 sorted"},
          {"request": null, "response": "never"},
          {"requestHeaders": {"X-Mode": "test"}, "response": "header"}
        ]
        """])
        _ = tree
        #expect(store.get("/p").text == #""wildcard""#)
        #expect(store.get("/p?page=2").text == #""page 2""#)
        #expect(store.get("/p?page=2&sort=name").text == #""page 2""#)
        #expect(store.get("/p?sort=name&page=3").text == #""wildcard""#)
        #expect(store.get("/p", headers: ["x-mode": "test"]).text == #""header""#)
        #expect(store.get("/p", headers: ["X-MODE": "other"]).text == #""wildcard""#)
        #expect(store.problems.contains { $0.severity == .warning && $0.message.contains("entry 3 can never be chosen") })
    }

    @Test func queryValuesCompareAsText() throws {
        let (store, tree) = try store(["q.json": """
        [
          {"request": {"n": 2}, "response": "number"},
          {"request": {"flag": true}, "response": "bool"},
          {"request": {"s": "a b"}, "response": "string"},
          {"request": {"any": null}, "response": "present"},
          {"request": {"ids": [1, 2]}, "response": "array"},
          {"request": {"big": 12345678901234567890}, "response": "big"}
        ]
        """])
        _ = tree
        func answer(_ query: String) -> String { store.get("/q?" + query).text }
        #expect(answer("n=2") == #""number""#)
        #expect(answer("n=2.0") == #""number""#)
        #expect(answer("n=2e0") == #""number""#)
        #expect(store.get("/q?n=3").status == 404)
        #expect(answer("flag=true") == #""bool""#)
        #expect(store.get("/q?flag=1").status == 404)
        #expect(answer("s=a+b") == #""string""#)
        #expect(answer("s=a%20b") == #""string""#)
        #expect(answer("any") == #""present""#)
        #expect(answer("any=whatever") == #""present""#)
        #expect(answer("ids=2&ids=1") == #""array""#)
        #expect(answer("ids=1&x=y&ids=2") == #""array""#)
        #expect(store.get("/q?ids=1").status == 404)
        #expect(store.get("/q?ids=1&ids=2&ids=2").status == 404)
        #expect(answer("big=12345678901234567890") == #""big""#)
        #expect(store.get("/q?big=12345678901234567891").status == 404)
    }

    @Test func jsonBodiesCompareSemantically() throws {
        let (store, tree) = try store(["b.json": """
        [
          {"method": "POST", "request": {"person": {"name": "Rey", "age": 19}, "tags": [1, 2]}, "status": 201, "response": "object"},
          {"method": "POST", "request": [1, "two"], "status": 202, "response": "array"},
          {"method": "POST", "request": "text", "status": 203, "response": "string"}
        ]
        """])
        _ = tree
        #expect(store.send("POST", "/b", body: #"{"tags": [1.0, 2e0], "person": {"age": 1.9e1, "name": "Rey"}}"#).status == 201)
        #expect(store.send("POST", "/b", body: #"[1, "two"]"#).status == 202)
        #expect(store.send("POST", "/b", body: #""text""#).status == 203)
        #expect(store.send("POST", "/b", body: #"{"tags": [2, 1], "person": {"age": 19, "name": "Rey"}}"#).status == 404)
        #expect(store.send("POST", "/b", body: #"{"person": {"age": 19, "name": "Rey"}, "tags": [1, 2], "x": 1}"#).status == 404)
        let notJSON = store.send("POST", "/b", body: "name=Rey")
        #expect(notJSON.status == 404)
        #expect(notJSON.text.contains("request body is not JSON (line 1, column 1"))
    }

    @Test func formBodiesCompareLikeQueryParameters() throws {
        let (store, tree) = try store(["login.json": """
        [
          {"method": "POST", "request": {"user": "luke", "remember": true}, "response": "welcome"},
          {"method": "POST", "status": 401, "response": "who?"}
        ]
        """])
        _ = tree
        let form = ["Content-Type": "Application/X-WWW-Form-URLEncoded; charset=utf-8"]
        #expect(store.send("POST", "/login", headers: form, body: "remember=true&user=luke&extra=1").text == #""welcome""#)
        #expect(store.send("POST", "/login", headers: form, body: "user=leia&remember=true").status == 401)
        #expect(store.send("POST", "/login", body: "user=luke&remember=true").status == 401)
        #expect(store.send("POST", "/login", body: #"{"user": "luke", "remember": true}"#).text == #""welcome""#)
    }

    @Test func bodylessRequestsCompareQueryAndNeverMatchNonObjectRequests() throws {
        let (store, tree) = try store(["x.json": #"[{"method": "DELETE", "request": [1], "status": 200}, {"method": "DELETE", "request": {"id": 7}, "status": 202}]"#])
        _ = tree
        #expect(store.respond(method: "DELETE", target: "/x?id=7", headers: NoHeaders(), body: []).status == 202)
        let miss = store.respond(method: "DELETE", target: "/x", headers: NoHeaders(), body: [])
        #expect(miss.status == 404)
        #expect(miss.text.contains("request has no body but the entry expects a JSON body"))
    }

    @Test func requestHeadersMatchCaseInsensitiveNamesAndExactValues() throws {
        let (store, tree) = try store(["h.json": #"[{"requestHeaders": {"Authorization": "Bearer abc", "X-Tenant": "t1"}, "response": "ok"}]"#])
        _ = tree
        #expect(store.get("/h", headers: ["AUTHORIZATION": "Bearer abc", "x-tenant": "t1"]).status == 200)
        #expect(store.get("/h", headers: ["authorization": "bearer abc", "x-tenant": "t1"]).status == 404)
        #expect(store.get("/h", headers: ["authorization": "Bearer abc"]).status == 404)
        // Whitespace around a value is not part of it (a server's parser may keep trailing spaces).
        #expect(store.get("/h", headers: ["authorization": "Bearer abc \t ", "x-tenant": " t1"]).status == 200)
        #expect(store.get("/h", headers: ["authorization": "Bearer  abc", "x-tenant": "t1"]).status == 404)
    }

    @Test func responsesCarryStatusHeadersBodyAndDelay() throws {
        let (store, tree) = try store(["r.json": """
        [{"status": 418, "delay": 250, "headers": {"X-Teapot": "yes", "content-type": "application/problem+json"},
          "response": {"b": 1.50, "a": "é\\n"}},
         {"method": "PUT", "status": 204, "response": null, "headers": {"X-Empty": "1"}}]
        """])
        _ = tree
        let response = store.get("/r")
        #expect(response.status == 418)
        #expect(response.delayMilliseconds == 250)
        #expect(response.headers == [HTTPHeader(name: "X-Teapot", value: "yes"), HTTPHeader(name: "content-type", value: "application/problem+json")])
        #expect(response.text == "{\"b\":1.50,\"a\":\"é\\n\"}")
        let id = try #require(response.preparedID)
        #expect(store.preparedResponses[id].id == id)
        #expect(store.preparedResponses[id].body == response.body)
        let empty = store.respond(method: "PUT", target: "/r", headers: NoHeaders(), body: [])
        #expect(empty.status == 204)
        #expect(empty.body.isEmpty)
        #expect(empty.headers == [HTTPHeader(name: "X-Empty", value: "1")])
        for (index, prepared) in store.preparedResponses.enumerated() { #expect(prepared.id == index) }
    }

    @Test func healthAndAdminNamespace() throws {
        let (store, tree) = try store(["a.json": "[]", "b.json": "{}", "__admin/health.json": #"{"response": "mine"}"#])
        _ = tree
        let health = store.get("/__admin/health")
        #expect(health.status == 200)
        #expect(health.outcome == .health)
        #expect(health.text == #"{"status":"ok","fixtures":2,"problems":2}"#, "an empty file and one under __admin/: \(store.problems)")
        #expect(store.problems.count == 2)
        #expect(health.preparedID != nil)
        #expect(store.respond(method: "HEAD", target: "/__admin/health", headers: NoHeaders(), body: []).outcome == .health)
        let post = store.send("POST", "/__admin/health", body: "")
        #expect(post.status == 405)
        #expect(post.headerValue("Allow") == "GET, HEAD")
        let other = store.get("/__admin/reload")
        #expect(other.status == 405)
        #expect(try other.jsonObject()["error"] as? String == "/__admin/reload answers POST only, GET is not allowed")
        #expect(try other.jsonObject()["hint"] as? String == "send POST /__admin/reload")
        let encoded = store.get("/__admin/%72eload")
        #expect(encoded.status == 405, "admin paths are routed from the decoded path")
        #expect(try encoded.jsonObject()["error"] as? String == "/__admin/reload answers POST only, GET is not allowed")
        #expect(store.send("POST", "/__admin/%72eload", body: "").outcome == .reloadRequested)
        #expect(store.get("/__admin").status == 404)
        #expect(store.get("/__administrator").status == 404)
        #expect(store.problems.contains { $0.file == "__admin/health.json" && $0.message.contains("reserved") })
    }
}
