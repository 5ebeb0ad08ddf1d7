import Testing
@testable import MockFixtures

/// Another tool's stub file loads as entries of ours that answer something else: it is named
/// (audit W2: a WireMock mapping loaded with "0 problems" and served only 404s).
@Suite struct ForeignFormatTests {
    @Test(arguments: [
        ("mapping.json", #"{"request": {"method": "GET", "urlPath": "/api/users/1"}, "response": {"status": 200, "jsonBody": {"id": 1}}}"#,
         "WireMock", "request.urlPath", 1, 31),
        ("pattern.json", #"[{"request": {"urlPattern": "/api/.*"}, "response": {"fixedDelayMilliseconds": 10}}]"#, "WireMock", "request.urlPattern", 1, 15),
        ("anymethod.json", #"{"priority": 1, "request": {"url": "/health"}, "response": {"status": 200, "body": "ok"}}"#, "WireMock", "request.url", 1, 29),
        ("all.json", #"{"mappings": []}"#, "WireMock", "mappings", 1, 2),
        ("expectations.json", #"[{"httpRequest": {"path": "/x"}, "httpResponse": {"statusCode": 200}}]"#, "MockServer", "httpRequest", 1, 3),
        ("simulation.json", #"{"data": {"pairs": []}, "meta": {"schemaVersion": "v5"}}"#, "Hoverfly", "data.pairs", 1, 11),
        ("environment.json", #"{"uuid": "a", "name": "API", "routes": []}"#, "Mockoon", "routes", 1, 30),
    ])
    func anotherToolsStubIsNamed(file: String, contents: String, tool: String, evidence: String, line: Int, column: Int) throws {
        let (store, tree) = try loadTree([file: contents])
        _ = tree
        let problem = try #require(store.problems(containing: "stub").first, "\(store.problems)")
        #expect(problem.severity == .warning)
        #expect(problem.message == "this looks like a \(tool) stub (\"\(evidence)\"), which mockserver does not read: its keys are taken as a fixture's own, so the file answers at its own path with something else")
        #expect(problem.hint.hasPrefix("move it out of the root and convert it with `mockserver import --from \(tool.lowercased()) FILE --root ROOT`"), "\(problem.hint)")
        #expect((problem.line, problem.column) == (line, column))
    }

    /// A body that holds such keys is a body: a URL shortener's `{"url": …}` is not a mapping.
    @Test func ourOwnEntriesWithTheseKeysAreNot() throws {
        let (store, tree) = try loadTree([
            "shorten.json": #"[{"method": "POST", "request": {"url": "https://example.com"}, "response": {"status": "ok", "short": "x"}}]"#,
            "data.json": #"{"response": {"data": {"items": []}, "routes": []}}"#,
            "webhook.json": #"[{"request": {"url": "https://hooks.example/x", "method": "POST"}, "status": 201}]"#,
            "hookpath.json": #"[{"method": "POST", "request": {"url": "/cb", "method": "POST"}, "status": 201, "response": {"ok": true}}]"#,
        ])
        _ = tree
        #expect(store.problems.isEmpty, "\(store.problems)")
    }

    /// An unknown key another tool uses gets a hint naming ours, which edit distance cannot find.
    @Test func anotherToolsKeysAreMappedInTheHint() throws {
        let (store, tree) = try loadTree(["a.json": #"[{"status": 200, "jsonBody": {"id": 1}, "fixedDelayMilliseconds": 50}]"#])
        _ = tree
        let hints = store.problems.filter { $0.message.hasPrefix("unknown key") }.map(\.hint)
        #expect(hints == [#"another tool's key: write the JSON answer as "response""#, #"another tool's key: write "delay": 300 (milliseconds)"#])
        let fixture = try EngineFixture([:])
        let refused = fixture.postJSON("/__admin/requests/count", #"{"urlPath": "/api/x", "headers": {"X-A": "1"}}"#)
        #expect(refused.status == 400)
        #expect(try refused.jsonObject()["hint"] as? String == #"another tool's key: write "path""#)
    }
}
