import TestSupport
import Testing
@testable import MockFixtures

@Suite("Explaining misses")
struct DiagnosticsTests {
    let tree: TemporaryFolder
    let store: FixtureStore

    init() throws {
        tree = try TemporaryFolder()
        try tree.write("api/people.json", """
        [
          {"method": "POST", "request": {"person": {"name": "Rey"}, "tags": [1, 2, 3]}, "status": 201},
          {"request": {"page": "2"}, "response": "page 2"},
          {"requestHeaders": {"Authorization": "Bearer abc"}, "response": "secret"}
        ]
        """)
        try tree.write("api/planets.json", "{}")
        try tree.write("api/starships/index.json", "{}")
        try tree.write("api/broken.json", "[{\"status\": 200,\n  \"delay\": \"soon\"}, {\"status\": 9}]")
        try tree.write("images/luke.png", "png")
        store = try tree.load()
    }

    private func candidates(_ body: [String: Any]) throws -> [[String: Any]] {
        try #require(body["candidates"] as? [[String: Any]])
    }

    @Test func noEntryMatchesListsEveryCandidateWithReasons() throws {
        let response = store.get("/api/people?page=3")
        #expect(response.status == 404)
        #expect(response.preparedID == nil)
        #expect(response.headerValue("Content-Type") == "application/json")
        let body = try response.jsonObject()
        #expect(body["error"] as? String == "no entry in api/people.json matches GET /api/people")
        #expect(body["method"] as? String == "GET")
        #expect(body["path"] as? String == "/api/people")
        #expect(body["fixtureFile"] as? String == "api/people.json")
        let list = try candidates(body)
        #expect(list.map { $0["entry"] as? Int } == [0, 1, 2])
        #expect(list.map { $0["line"] as? Int } == [2, 3, 4])
        #expect(list.map { $0["method"] as? String } == ["POST", "GET", "GET"])
        let reasons = list.map { $0["reasons"] as? [String] ?? [] }
        #expect(reasons[0].first == "method differs: entry expects POST, request is GET")
        #expect(reasons[1] == [#"query parameter 'page' is "3", expected "2""#])
        #expect(reasons[2] == [#"header 'authorization' is missing (expected "Bearer abc")"#])
        guard case .noMatch(let summary) = response.outcome else {
            Issue.record("outcome \(response.outcome)")
            return
        }
        #expect(summary == #"no entry in api/people.json matches GET /api/people; closest is entry 1 (line 3): query parameter 'page' is "3", expected "2""#)
        #expect(!summary.contains("\n"))
    }

    /// A file of many entries explains only the nearest 25, in file order, and counts the rest.
    @Test func aMissOnALargeFileExplainsTheNearestEntries() throws {
        let tree = try TemporaryFolder()
        let entries = (0..<1_000).map { #"{"query": {"page": "\#($0)"}, "response": {}}"# }
            + [#"{"method": "POST", "response": {}}"#, #"{"query": {"page": "7", "sort": "name"}, "response": {}}"#]
        try tree.write("api/pages.json", "[" + entries.joined(separator: ",\n") + "]")
        let store = try tree.load()
        let miss = store.get("/api/pages?page=x&sort=name")
        #expect(miss.status == 404)
        let body = try miss.jsonObject()
        let shown = try candidates(body)
        #expect(shown.count == 25)
        #expect(body["candidatesOmitted"] as? Int == 977)
        let indices = shown.compactMap { $0["entry"] as? Int }
        #expect(indices == indices.sorted(), "file order")
        #expect(!indices.contains(1_000), "the POST entry is farther than every GET entry")
        #expect(miss.body.count < 20_000, "\(miss.body.count) bytes")
    }

    @Test func missingQueryParameterAndWrongHeader() throws {
        let body = try store.get("/api/people/", headers: ["authorization": "Bearer xyz"]).jsonObject()
        let reasons = try candidates(body).map { $0["reasons"] as? [String] ?? [] }
        #expect(reasons[1] == [#"missing query parameter 'page' (expected "2")"#])
        #expect(reasons[2] == [#"header 'authorization' is "Bearer xyz", expected "Bearer abc""#])
        #expect(body["path"] as? String == "/api/people/")
    }

    @Test func bodyDifferencesNameTheJSONPath() throws {
        let wrongName = try store.send("POST", "/api/people", body: #"{"person": {"name": "Finn"}, "tags": [1, 2, 3]}"#).jsonObject()
        #expect(try candidates(wrongName)[0]["reasons"] as? [String] == [#"body differs at $.person.name: expected "Rey", got "Finn""#])
        let shortTags = try store.send("POST", "/api/people", body: #"{"person": {"name": "Rey"}, "tags": [1, 2]}"#).jsonObject()
        #expect(try candidates(shortTags)[0]["reasons"] as? [String] == ["body differs at $.tags: expected 3 elements, got 2"])
        let noBody = try store.respond(method: "POST", target: "/api/people", headers: NoHeaders(), body: []).jsonObject()
        let reasons = try #require(try candidates(noBody)[0]["reasons"] as? [String])
        #expect(reasons.first == #"request has no body, so the entry's "request" was compared with its query parameters"#)
        let broken = try store.send("POST", "/api/people", body: #"{"person": "#).jsonObject()
        let brokenReasons = try #require(try candidates(broken)[0]["reasons"] as? [String])
        #expect(brokenReasons.first?.hasPrefix("request body is not JSON (line 1, column 12: expected a value") == true, "\(brokenReasons)")
    }

    @Test func missingFileListsLookedForAndSimilarPaths() throws {
        let response = store.get("/api/peple")
        #expect(response.status == 404)
        let body = try response.jsonObject()
        #expect(body["error"] as? String == "no fixture file serves GET /api/peple")
        #expect(body["lookedFor"] as? [String] == ["api/peple.json", "api/peple/index.json"])
        #expect((body["similarPaths"] as? [String])?.first == "/api/people")
        #expect((body["similarPaths"] as? [String])?.count ?? 0 <= 3)
        let image = try store.get("/images/luk.png").jsonObject()
        #expect(image["lookedFor"] as? [String] == ["images/luk.png", "images/luk.png.json", "images/luk.png/index.json"])
        #expect(image["similarPaths"] as? [String] == ["/images/luke.png"])
        #expect(try store.get("/").jsonObject()["lookedFor"] as? [String] == ["index.json"])
        #expect(try store.get("/zzzzzzzzzzzzzzzzzzzzzzzz").jsonObject()["similarPaths"] as? [String] == [])
        guard case .noMatch(let summary) = response.outcome else {
            Issue.record("outcome \(response.outcome)")
            return
        }
        #expect(summary.contains("did you mean /api/people?"))
    }

    @Test func brokenFilesAnswer500WithTheirProblems() throws {
        let response = store.get("/api/broken")
        #expect(response.status == 500)
        #expect(response.outcome == .brokenFixture(file: "api/broken.json"))
        #expect(response.preparedID != nil)
        let body = try response.jsonObject()
        #expect(body["fixtureFile"] as? String == "api/broken.json")
        #expect((body["error"] as? String)?.contains("api/broken.json") == true)
        let problems = try #require(body["problems"] as? [String])
        #expect(problems.count == 2)
        #expect(problems[0].hasPrefix("2:12: delay must be a number"), "\(problems)")
        #expect(problems[1] == "2:32: status 9 is out of range. Use an integer between 200 and 599", "\(problems)")
    }

    @Test func rejectedPathsExplainWhy() throws {
        for (target, status) in [("/api/../secret", 404), ("/api/%2e%2e/people", 404), ("/a%2fb", 404), ("//x", 404), ("no-slash", 400), ("/a#x", 400)] {
            let response = store.get(target)
            #expect(response.status == status, "\(target)")
            guard case .rejectedPath(let reason) = response.outcome else {
                Issue.record("\(target): \(response.outcome)")
                continue
            }
            let body = try response.jsonObject()
            let error = try #require(body["error"] as? String)
            let hint = try #require(body["hint"] as? String)
            #expect(reason == error.replacingOccurrences(of: "rejected request target: ", with: "") + "; " + hint, "the log keeps both")
        }
    }

    @Test func aMethodThatIsNotATokenIs400() throws {
        let response = store.respond(method: "G@T", target: "/api/1.0/people", headers: NoHeaders(), body: [])
        #expect(response.status == 400)
        #expect(try response.jsonObject()["error"] as? String
                == "the method \"G@T\" is not a valid method name: letters, digits and !#$%&'*+-.^_`|~ only (RFC 9110 §9.1)")
        #expect(store.respond(method: "PROPFIND", target: "/api/1.0/people", headers: NoHeaders(), body: []).status == 404, "any token is a method")
    }

    /// RFC 9110 §9.3.7: OPTIONS with the asterisk-form asks about the server in general.
    @Test func optionsAsteriskIsAnsweredForTheServer() throws {
        let response = store.respond(method: "OPTIONS", target: "*", headers: NoHeaders(), body: [])
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.headerValue("Allow") == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        #expect(response.outcome == .health, "a ping, as RFC 9110 §9.3.7 calls it")
        #expect(store.respond(method: "GET", target: "*", headers: NoHeaders(), body: []).status == 400, "only OPTIONS takes *")
    }

    /// A client configured to use the server as its proxy sends CONNECT host:port.
    @Test func connectIsNotImplementedAndSaysTheServerIsNoProxy() throws {
        let response = store.respond(method: "CONNECT", target: "api.example.com:443", headers: NoHeaders(), body: [])
        #expect(response.status == 501)
        guard case .rejectedPath(let reason) = response.outcome else {
            Issue.record("\(response.outcome)")
            return
        }
        #expect(reason.contains("not a forward proxy"))
        let body = try response.jsonObject()
        #expect(body["error"] as? String == "CONNECT api.example.com:443 asks for a tunnel, as to a proxy; mockserver is not a forward proxy")
        #expect((body["hint"] as? String)?.contains("base URL") == true)
        // Other methods with such a target get the rejected-target 400 (not valid origin-form).
        #expect(store.respond(method: "GET", target: "api.example.com:443", headers: NoHeaders(), body: []).status == 400)
    }

    @Test func staticFilesAnswerGetAndHeadOnly() throws {
        let post = store.send("POST", "/images/luke.png", body: "x")
        #expect(post.status == 405)
        #expect(post.headerValue("Allow") == "GET, HEAD")
        #expect(try post.jsonObject()["error"] as? String == "static files answer GET and HEAD only; POST /images/luke.png is not served")
        #expect(try post.jsonObject()["hint"] as? String
                == #"request it with GET or HEAD; to answer POST, serve the path from a fixture file with a "POST" entry instead"#)
        let lowercase = store.respond(method: "get", target: "/images/luke.png", headers: NoHeaders(), body: [])
        #expect(lowercase.status == 405)
        #expect(try lowercase.jsonObject()["hint"] as? String == "send GET, not get")
        #expect(store.respond(method: "HEAD", target: "/images/luke.png", headers: NoHeaders(), body: []).outcome == .staticFile("images/luke.png"))
        #expect(store.get("/images/luke.png/").status == 404)
    }

    @Test func logDescriptions() {
        #expect(MatchOutcome.matched(file: "a.json", entry: 2).logDescription == "matched a.json#2")
        #expect(MatchOutcome.rejectedPath(reason: "x").logDescription == "rejected path: x")
        #expect(MatchOutcome.health.logDescription == "health")
    }
}

@Suite("Static files")
struct StaticFileTests {
    @Test func contentTypesFollowTheExtension() throws {
        let expected: [String: String] = [
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
            "svg": "image/svg+xml", "ico": "image/x-icon", "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
            "htm": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
            "mjs": "text/javascript; charset=utf-8", "xml": "application/xml", "pdf": "application/pdf",
            "csv": "text/csv; charset=utf-8", "wasm": "application/wasm", "woff": "font/woff", "woff2": "font/woff2",
            "mp4": "video/mp4", "zip": "application/zip", "xyz": "application/octet-stream",
            // What AVPlayer and PWAs need: these were octet streams.
            "mov": "video/quicktime", "m4v": "video/x-m4v", "m4a": "audio/mp4", "m3u8": "application/vnd.apple.mpegurl",
            "ts": "video/mp2t", "aac": "audio/aac", "wav": "audio/wav", "ogg": "audio/ogg", "heic": "image/heic", "otf": "font/otf",
            "map": "application/json", "webmanifest": "application/manifest+json",
        ]
        let tree = try TemporaryFolder()
        for fileExtension in expected.keys { try tree.write("files/a.\(fileExtension)", "content \(fileExtension)") }
        try tree.write("files/UPPER.PNG", "u")
        try tree.write("files/noextension", "n")
        let store = try tree.load()
        #expect(store.staticFileCount == expected.count + 2)
        for (fileExtension, contentType) in expected {
            let response = store.get("/files/a.\(fileExtension)")
            #expect(response.status == 200)
            #expect(response.headers.first == HTTPHeader(name: "Content-Type", value: contentType), "\(fileExtension)")
            #expect(response.headers.map(\.name) == ["Content-Type", "ETag", "Last-Modified", "Accept-Ranges", "Cache-Control"])
            #expect(response.text == "content \(fileExtension)")
            #expect(response.outcome == .staticFile("files/a.\(fileExtension)"))
        }
        #expect(store.get("/files/UPPER.PNG").headerValue("content-type") == "image/png")
        #expect(store.get("/files/noextension").headerValue("content-type") == "application/octet-stream")
    }

    @Test func fixtureWinsOverAStaticFileAtTheSamePath() throws {
        let tree = try TemporaryFolder()
        try tree.write("thing", "static")
        try tree.write("thing.json", #"{"response": "fixture"}"#)
        let store = try tree.load()
        #expect(store.get("/thing").text == #""fixture""#)
        #expect(store.problems.count == 1)
        #expect(store.problems.first?.file == "thing")
    }
}
