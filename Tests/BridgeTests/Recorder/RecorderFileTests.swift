import Foundation
import MockFixtures
import MockRecorder
import MockUpstream
import TestSupport
import Testing

/// Where recorded entries go and how they merge with what is already there.
@Suite struct RecorderFileTests {
    @Test(arguments: [
        ("/", "index.json"),
        ("/api/people", "api/people.json"),
        ("/api/people/", "api/people.json"),
        ("/api/caf%C3%A9/1", "api/café/1.json"),
        ("/api/index", "api/index/index.json"),
        ("/index", "index/index.json"),
        ("/data.json", "data.json.json"),
    ])
    func mapsPathsToFilesAsTheServerDoes(target: String, file: String) throws {
        let harness = try RecordingHarness()
        let outcome = try harness.record("GET", target, json: #"{"at": "\#(target)"}"#)
        #expect(outcome.file == file)
        try harness.replay { client, url in
            let answer = try client.forward(UpstreamRequest(method: "GET", url: url + target))
            #expect(answer.status == 200, "\(target) is not served back from \(file)")
            #expect(sameJSON(answer.body, #"{"at": "\#(target)"}"#))
        }
    }

    @Test func mergesIntoAnExistingIndexFileInsteadOfShadowingIt() throws {
        let harness = try RecordingHarness(existing: ["api/things/index.json": #"[{"response": {"hand": "written"}}]"#])
        let outcome = try harness.record("POST", "/api/things", requestHeaders: ["Content-Type": "application/json"], requestBody: #"{"a": 1}"#,
                                         status: 201, json: #"{"id": 1}"#)
        #expect(outcome.file == "api/things/index.json" && outcome.entry == 1)
        #expect(!harness.root.exists("api/things.json"))
        _ = try harness.loadCleanly()
    }

    @Test func repeatsReplaceTheirEntryAndOtherRequestsAddEntries() throws {
        let harness = try RecordingHarness()
        let json = ["Content-Type": "application/json"]
        let first = try harness.record("GET", "/api/people?page=1", json: #"{"page": 1, "v": 1}"#)
        let second = try harness.record("GET", "/api/people?page=2", json: #"{"page": 2}"#)
        let wildcard = try harness.record("GET", "/api/people", json: #"{"all": true}"#)
        let again = try harness.record("GET", "/api/people?page=1", json: #"{"page": 1, "v": 2}"#)
        let posted = try harness.record("POST", "/api/people", requestHeaders: json, requestBody: #"{"name": "Rey"}"#, json: #"{"id": 1}"#)
        let postedAgain = try harness.record("POST", "/api/people", requestHeaders: json, requestBody: #"{ "name" : "Rey" }"#, json: #"{"id": 2}"#)
        #expect([first, second, wildcard, again, posted, postedAgain].map(\.action) == [.added, .added, .added, .replaced, .added, .replaced])
        #expect([first, second, wildcard, again, posted, postedAgain].map(\.entry) == [0, 1, 2, 0, 3, 3])
        let entries = try harness.entries("api/people.json")
        #expect(entries.count == 4)
        #expect(entries[0]["response"]?["v"] == .number(JSONNumber(2)))
        #expect(entries[3]["response"]?["id"] == .number(JSONNumber(2)))
        let bodies = try harness.replay { client, url in
            try ["/api/people?page=1", "/api/people?page=2", "/api/people"].map { try client.forward(UpstreamRequest(method: "GET", url: url + $0)).body }
        }
        #expect(sameJSON(bodies[0], #"{"page": 1, "v": 2}"#))
        #expect(sameJSON(bodies[1], #"{"page": 2}"#))
        #expect(sameJSON(bodies[2], #"{"all": true}"#))
    }

    @Test func aRepeatMatchesAHandWrittenEntryTheWayTheMatcherDoes() throws {
        // {"page": 2} written by hand constrains the same requests as a recorded "page=2".
        let harness = try RecordingHarness(existing: ["api/list.json": #"[{"request": {"page": 2}, "response": {"old": true}}]"#])
        let outcome = try harness.record("GET", "/api/list?page=2", json: #"{"new": true}"#)
        #expect(outcome.action == .replaced && outcome.entry == 0)
        #expect(try harness.entries("api/list.json").count == 1)
    }

    @Test func entriesWithOtherConstraintsAreNeverReplaced() throws {
        let harness = try RecordingHarness(existing: ["api/me.json": """
            [
              {"requestHeaders": {"Authorization": "Bearer a"}, "response": {"who": "a"}},
              {"method": "GET", "times": 1, "status": 503},
              {"method": "POST", "requestJsonPath": {"$.items[?@.qty > 1]": {"$any": true}}, "status": 202}
            ]
            """])
        let outcome = try harness.record("GET", "/api/me", json: #"{"who": "anyone"}"#)
        #expect(outcome.action == .added && outcome.entry == 3)
        let posted = try harness.record("POST", "/api/me", requestHeaders: ["Content-Type": "application/json"], requestBody: "{}", json: #"{"ok": true}"#)
        #expect(posted.action == .added && posted.entry == 4, "a POST recorded beside a requestJsonPath entry does not replace it")
        _ = try harness.loadCleanly()
    }

    @Test func handWrittenTextIsKeptByteForByte() throws {
        let original = """
            [
                { "method": "GET", "request": {"page": "1"}, "response": {"hand": 1.0, "n": 1e2} },   
                {"method":"DELETE","status":204},
            ]
            """
        let harness = try RecordingHarness(existing: ["api/hand.json": original])
        try harness.record("GET", "/api/hand?page=2", json: #"{"recorded": true}"#)
        let merged = try harness.root.text("api/hand.json")
        let keptPart = String(original[..<original.range(of: #""status":204}"#)!.upperBound])
        #expect(merged.hasPrefix(keptPart), "the hand-written entries changed:\n\(merged)")
        #expect(try harness.entries("api/hand.json").count == 3)
        _ = try harness.loadCleanly()

        // A replaced hand-written entry keeps everything around it too.
        try harness.record("DELETE", "/api/hand", status: 410, headers: [:], body: [])
        let replaced = try harness.root.text("api/hand.json")
        #expect(replaced.hasPrefix(String(original[..<original.range(of: "   \n")!.upperBound])))
        #expect(try harness.entries("api/hand.json")[1]["status"] == .number(JSONNumber(410)))
    }

    @Test func aFileIndentedWithFourSpacesGetsEntriesIndentedWithFour() throws {
        let handWritten = "[\n    {\n        \"method\": \"POST\",\n        \"status\": 201\n    }\n]\n"
        let harness = try RecordingHarness(existing: ["api/people.json": handWritten])
        try harness.record("GET", "/api/people", json: #"{"names": ["Luke"]}"#)
        let text = try harness.root.text("api/people.json")
        #expect(text.hasPrefix(String(handWritten.dropLast(3)) + ",\n    {\n        \"method\": \"GET\","), "\(text)")
        let indents = text.split(separator: "\n" as Character).map { line in line.utf8.prefix(while: { $0 == UInt8(ascii: " ") }).count }
        #expect(indents.allSatisfy { $0 % 4 == 0 }, "\(text)")
        #expect(text.contains("\n                \"Luke\"\n"), "four levels deep: \(text)")
        _ = try harness.loadCleanly()
    }

    @Test func aFileWithCRLFLineEndsKeepsThem() throws {
        let handWritten = "[\r\n  {\"method\": \"POST\", \"status\": 201}\r\n]\r\n"
        let harness = try RecordingHarness(existing: ["api/people.json": handWritten])
        try harness.record("GET", "/api/people", json: #"{"count": 1}"#)
        let text = try harness.root.text("api/people.json")
        #expect(text.hasPrefix("[\r\n  {\"method\": \"POST\", \"status\": 201},\r\n  {\r\n"), "\(text.debugDescription)")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no bare LF: \(text.debugDescription)")
        _ = try harness.loadCleanly()
    }

    @Test func aSingleEntryFileBecomesAnArray() throws {
        let harness = try RecordingHarness(existing: ["solo.json": #"{"response": {"solo": true}}"#])
        try harness.record("POST", "/solo", requestHeaders: ["Content-Type": "application/json"], requestBody: "[1]", json: "{}")
        let entries = try harness.entries("solo.json")
        #expect(entries.count == 2)
        #expect(entries[0]["response"]?["solo"] == .bool(true))
        _ = try harness.loadCleanly()
    }

    @Test func aFileThatDoesNotParseIsNeverOverwritten() throws {
        let broken = #"[{"response": {"oops": }]"#
        let harness = try RecordingHarness(existing: ["api/broken.json": broken, "api/scalar.json": "42"])
        let error = try #require(throws: RecordError.self) { try harness.record("GET", "/api/broken", json: "{}") }
        #expect(error.description.contains("api/broken.json is not valid JSON (1:"), "\(error)")
        #expect(error.description.contains("never overwritten"))
        #expect(try harness.root.text("api/broken.json") == broken)
        let scalar = try #require(throws: RecordError.self) { try harness.record("GET", "/api/scalar", json: "{}") }
        #expect(scalar == .notAnEntryList(file: "api/scalar.json", found: "number"))
        #expect(try harness.root.text("api/scalar.json") == "42")
    }

    /// A file declaring a resource holds the test's items: recording never writes into it
    /// (audit R17 saw the declaration replaced by a recorded GET).
    @Test func aResourceDeclarationIsNeverOverwritten() throws {
        let declared = #"{"$resource": {"items": [{"id": 1, "name": "Rey"}]}}"#
        let wrapped = #"[{"$resource": {}}]"#
        let harness = try RecordingHarness(existing: ["api/people.json": declared, "api/ships.json": wrapped])
        let error = try #require(throws: RecordError.self) { try harness.record("GET", "/api/people", json: "[]") }
        #expect(error == .resourceDeclaration(file: "api/people.json"))
        #expect(error.description.hasPrefix("api/people.json declares a resource"), "\(error)")
        #expect(try harness.root.text("api/people.json") == declared)
        #expect(throws: RecordError.resourceDeclaration(file: "api/ships.json")) { try harness.record("POST", "/api/ships", json: "{}") }
        #expect(try harness.root.text("api/ships.json") == wrapped)
    }

    @Test(arguments: [
        ("GET", "/api/x", 304, "conditional request"),
        ("GET", "/video.mp4", 206, "Range request"),
        ("GET", "/.env", 200, "starts with '.'"),
        ("GET", "/.well-known/.secret", 200, "the path segment '.secret' starts with '.'"),
        ("POST", "/__admin/reset", 200, "server's own endpoints"),
        ("GET", "/api/%2e%2e/secret", 200, "path is refused"),
        ("GET", "/static.txt", 200, "static file static.txt"),
        ("GET", "/api/%7Bid%7D", 200, "the path segment '{id}' has braces"),
        ("GET", "/api/a%7Bb", 200, "has braces"),
    ])
    func skipsWhatCannotBeReplayedAndSaysWhy(method: String, target: String, status: Int, reason: String) throws {
        let harness = try RecordingHarness(existing: ["static.txt": "hello"])
        let outcome = try harness.record(method, target, status: status, json: "{}")
        #expect(outcome.action == .skipped)
        #expect(outcome.reason?.contains(reason) == true, "\(outcome)")
        #expect(outcome.description.contains("not recorded"))
        #expect(harness.root.files() == ["static.txt"])
    }

    /// The loader serves `.well-known` (RFC 8615), so what is recorded there replays.
    @Test func recordsWellKnownURIs() throws {
        let harness = try RecordingHarness()
        let outcome = try harness.record("GET", "/.well-known/openid-configuration", json: #"{"issuer": "https://id.test"}"#)
        #expect(outcome.action == .added, "\(outcome)")
        #expect(harness.root.files() == [".well-known/openid-configuration.json"])
        _ = try harness.loadCleanly()
    }

    @Test func headIsSkippedWhenItsGetEntryAnswersIt() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/api/item", json: #"{"id": 1}"#)
        let head = try harness.record("HEAD", "/api/item", body: [])
        #expect(head.action == .skipped && head.reason?.contains("GET entry") == true)
        let lonelyHead = try harness.record("HEAD", "/api/other", headers: ["Content-Type": "text/csv"], body: [])
        #expect(lonelyHead.action == .added)
        _ = try harness.loadCleanly()
    }

    @Test func concurrentRecordsIntoOneFileLoseNothing() async throws {
        let harness = try RecordingHarness()
        let recorder = harness.recorder
        try await withThrowingTaskGroup(of: Void.self) { group in
            for page in 0..<40 {
                group.addTask {
                    try recorder.record(RecordedExchange(method: "GET", target: "/api/pages?page=\(page)", status: 200,
                                                         responseHeaders: [HTTPHeader(name: "Content-Type", value: "application/json")],
                                                         responseBody: Array(#"{"page": \#(page)}"#.utf8)))
                }
            }
            try await group.waitForAll()
        }
        let pages = try harness.entries("api/pages.json").compactMap { $0["request"]?["page"]?.stringValue }
        #expect(Set(pages) == Set((0..<40).map(String.init)))
        #expect(harness.root.files() == ["api/pages.json"], "no temporary file is left behind")
        _ = try harness.loadCleanly()
    }

    /// Two recorders of one root (two processes, as `record` and `--proxy-unmatched --record`)
    /// exclude each other through the lock file: each record reads the file the other wrote.
    @Test func twoRecordersOfOneRootLoseNothing() async throws {
        let harness = try RecordingHarness()
        let recorders = [harness.recorder, try FixtureRecorder(root: harness.root.path)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for page in 0..<60 {
                let recorder = recorders[page % 2]
                group.addTask {
                    try await onOwnThread { () throws(RecordError) in
                        _ = try recorder.record(RecordedExchange(method: "GET", target: "/api/pages?page=\(page)", status: 200,
                                                                 responseHeaders: [HTTPHeader(name: "Content-Type", value: "application/json")],
                                                                 responseBody: Array(#"{"page": \#(page)}"#.utf8)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let pages = try harness.entries("api/pages.json").compactMap { $0["request"]?["page"]?.stringValue }
        #expect(Set(pages) == Set((0..<60).map(String.init)), "\(60 - Set(pages).count) entries lost")
    }

    @Test func aReplacedBinaryBodyRemovesTheFileNoEntryUsesAnyMore() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/report", headers: ["Content-Type": "application/pdf"], body: [1, 2, 3])
        #expect(harness.root.exists("__files/report.pdf"))
        try harness.record("GET", "/report", headers: ["Content-Type": "image/png"], body: [4, 5, 6])
        #expect(!harness.root.exists("__files/report.pdf"))
        #expect(try harness.root.bytes("__files/report.png") == [4, 5, 6])
        #expect(try harness.entries("report.json").count == 1)
    }

    /// A body file another fixture file names is kept when the recorded entry stops using it.
    @Test func aBodyFileAnotherFixtureNamesIsKept() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/report", headers: ["Content-Type": "application/pdf"], body: [1, 2, 3])
        try harness.root.write("other.json", #"[{"responseFile": "__files/report.pdf", "headers": {"Content-Type": "application/pdf"}}]"#)
        try harness.record("GET", "/report", headers: ["Content-Type": "image/png"], body: [4, 5, 6])
        #expect(try harness.root.bytes("__files/report.pdf") == [1, 2, 3], "other.json still answers with it")
        _ = try harness.loadCleanly()
    }

    /// The same body to another query is another request: both are kept, and each replays.
    @Test func requestsWithABodyAreToldApartByTheirQueryToo() throws {
        let harness = try RecordingHarness()
        let json = ["Content-Type": "application/json"]
        #expect(try harness.record("POST", "/pq?page=1", requestHeaders: json, requestBody: #"{"k": "Q"}"#, json: #"{"page": 1}"#).action == .added)
        #expect(try harness.record("POST", "/pq?page=2", requestHeaders: json, requestBody: #"{"k": "Q"}"#, json: #"{"page": 2}"#).action == .added)
        #expect(try harness.record("POST", "/pq?page=2", requestHeaders: json, requestBody: #"{"k": "Q"}"#, json: #"{"page": 22}"#).action == .replaced)
        #expect(try harness.entries("pq.json").count == 2)
        try harness.replay { client, url in
            let header = [HTTPHeader(name: "Content-Type", value: "application/json")]
            for (page, answer) in [("1", #"{"page": 1}"#), ("2", #"{"page": 22}"#)] {
                let response = try client.forward(UpstreamRequest(method: "POST", url: url + "/pq?page=\(page)", headers: header, body: Array(#"{"k":"Q"}"#.utf8)))
                #expect(response.status == 200 && sameJSON(response.body, answer), "page \(page)")
            }
        }
    }

    /// `?q=x` would answer `?q=x&page=2` too (extra parameters are allowed): the more specific
    /// recording goes before it, and each request replays its own answer.
    @Test func aMoreSpecificRequestIsRecordedBeforeTheEntryThatWouldShadowIt() throws {
        let harness = try RecordingHarness()
        try harness.record("GET", "/search?q=x", json: #"{"page": 1}"#)
        let second = try harness.record("GET", "/search?q=x&page=2", json: #"{"page": 2}"#)
        #expect(second.action == .added && second.entry == 0)
        try harness.record("GET", "/search?q=y", json: #"{"page": 0}"#)
        #expect(try harness.entries("search.json").map { $0["request"]?["page"]?.stringValue } == ["2", nil, nil])
        try harness.replay { client, url in
            for (query, answer) in [("q=x", #"{"page": 1}"#), ("q=x&page=2", #"{"page": 2}"#), ("page=2&q=x", #"{"page": 2}"#), ("q=y", #"{"page": 0}"#)] {
                let response = try client.forward(UpstreamRequest(method: "GET", url: url + "/search?" + query))
                #expect(response.status == 200 && sameJSON(response.body, answer), "\(query)")
            }
        }
    }

    /// The matcher takes a single value when any occurrence has it, so `?tag=a` would answer
    /// `?tag=a&tag=b`; and an entry asking for a JSON body and no query answers that body with any
    /// query. The wider recording goes before each (audit P2: the second replayed the first's answer).
    @Test func repeatedValuesAndQueriesOnABodyAreRecordedBeforeTheEntryThatWouldShadowThem() throws {
        let harness = try RecordingHarness()
        let json = ["Content-Type": "application/json"]
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        try harness.record("GET", "/tags?tag=a", json: #"{"n": 1}"#)
        #expect(try harness.record("GET", "/tags?tag=a&tag=b", json: #"{"n": 2}"#).entry == 0)
        try harness.record("POST", "/ids", requestHeaders: form, requestBody: "id=1", json: #"{"n": 1}"#)
        #expect(try harness.record("POST", "/ids", requestHeaders: form, requestBody: "id=1&id=2", json: #"{"n": 2}"#).entry == 0)
        try harness.record("POST", "/_search", requestHeaders: json, requestBody: #"{"q": "x"}"#, json: #"{"page": 1}"#)
        #expect(try harness.record("POST", "/_search?from=10", requestHeaders: json, requestBody: #"{"q": "x"}"#, json: #"{"page": 2}"#).entry == 0)
        #expect(try harness.record("POST", "/_search", requestHeaders: json, requestBody: #"{"q": "y"}"#, json: #"{"page": 0}"#).entry == 2,
                "another body is not shadowed")
        try harness.replay { client, url in
            for (method, target, headers, body, answer) in [
                ("GET", "/tags?tag=a", [String: String](), "", #"{"n": 1}"#), ("GET", "/tags?tag=b&tag=a", [:], "", #"{"n": 2}"#),
                ("POST", "/ids", form, "id=1", #"{"n": 1}"#), ("POST", "/ids", form, "id=1&id=2", #"{"n": 2}"#),
                ("POST", "/_search", json, #"{"q":"x"}"#, #"{"page": 1}"#), ("POST", "/_search?from=10", json, #"{"q":"x"}"#, #"{"page": 2}"#),
                ("POST", "/_search", json, #"{"q":"y"}"#, #"{"page": 0}"#),
            ] {
                let response = try client.forward(UpstreamRequest(method: method, url: url + target,
                                                                  headers: headers.map { HTTPHeader(name: $0.key, value: $0.value) }, body: Array(body.utf8)))
                #expect(response.status == 200 && sameJSON(response.body, answer), "\(method) \(target) \(body): \(String(decoding: response.body, as: UTF8.self))")
            }
        }
    }

    /// A literal file would win over the `{name}` file that serves the path today, for every
    /// method: the recording is refused with what to do instead.
    /// Catch-alls too: the deepest one on the way serves what nothing more specific does.
    @Test(arguments: [("DELETE", "/people/7", "people/{id}.json"), ("GET", "/acme/orders", "{tenant}/orders.json"), ("GET", "/acme", "{tenant}/index.json"),
                      ("GET", "/files/a/b.pdf", "files/{path...}.json"), ("GET", "/files/docs/x/y", "files/docs/{rest...}.json"),
                      ("GET", "/files/docs", "files/{path...}.json"), ("GET", "/dir/a", "dir/{p...}/index.json"), ("POST", "/dir/a/b", "dir/{p...}/index.json")])
    func aPathATemplatedFileServesIsNotTakenOver(method: String, target: String, templated: String) throws {
        let existing = ["people/{id}.json": #"[{"response": {"from": "template"}}]"#,
                        "{tenant}/orders.json": #"[{"response": []}]"#, "{tenant}/index.json": #"[{"response": {}}]"#,
                        "files/{path...}.json": #"[{"response": {}}]"#, "files/docs/{rest...}.json": #"[{"response": {}}]"#,
                        "dir/{p...}/index.json": #"[{"response": {}}]"#]
        let harness = try RecordingHarness(existing: existing)
        let outcome = try harness.record(method, target, json: "{}")
        #expect(outcome.action == .skipped)
        #expect(outcome.reason?.contains("\(templated) serves this path") == true, "\(outcome)")
        #expect(Set(harness.root.files()) == Set(existing.keys))
    }

    @Test func refusesARootThatIsNotAFolder() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("file", "x")
        #expect(throws: RecordError.self) { try FixtureRecorder(root: folder.path + "/missing") }
        let error = try #require(throws: RecordError.self) { try FixtureRecorder(root: file) }
        #expect(error.description.contains("it is a file, not a folder"))
    }

    @Test func neverWritesThroughALinkOutOfTheRoot() throws {
        let outside = try TemporaryFolder(label: "outside")
        let harness = try RecordingHarness()
        try FileManager.default.createSymbolicLink(atPath: harness.root.path + "/api", withDestinationPath: outside.path)
        let error = try #require(throws: RecordError.self) { try harness.record("GET", "/api/people", json: "{}") }
        #expect(error == .outsideRoot(path: "api/people.json"))
        #expect(outside.files().isEmpty)
    }
}
