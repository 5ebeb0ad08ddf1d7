import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MockFixtures
@testable import MockRecorder
import MockUpstream
import TestSupport
import Testing

/// What audit I1 found converted wrongly or left out: each case answers as WireMock does now,
/// or is refused saying why.
@Suite struct WireMockImportAuditTests {
    static let json = ["Content-Type": "application/json"]

    @Test func bodyPatternsNeverMatchAQueryWithoutABody() async throws {
        let harness = try ImportHarness(mappings: ["all.json": #"""
            {"mappings": [
             {"request": {"method": "POST", "urlPath": "/users", "bodyPatterns": [{"equalToJson": {"name": "Rey"}}]}, "response": {"status": 201}},
             {"request": {"method": "POST", "urlPath": "/token", "formParameters": {"grant_type": {"equalTo": "client_credentials"}}}, "response": {"status": 200}},
             {"request": {"method": "POST", "urlPath": "/path", "bodyPatterns": [{"matchesJsonPath": "$.a"}]}, "response": {"status": 200}}]}
            """#])
        try harness.importCleanly()
        let statuses = try await harness.served { send throws in
            [try send("POST", "/users?name=Rey", [:], "").status,
             try send("POST", "/token?grant_type=client_credentials", [:], "").status,
             try send("POST", "/path?a=1", [:], "").status,
             try send("POST", "/users", Self.json, #"{"name": "Rey"}"#).status,
             try send("POST", "/token", ["Content-Type": "application/x-www-form-urlencoded"], "grant_type=client_credentials").status]
        }
        #expect(statuses == [404, 404, 404, 201, 200])
    }

    @Test func anEmptyJSONObjectMatchesOnlyAnEmptyObject() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "POST", "urlPath": "/e", "bodyPatterns": [{"equalToJson": "{}"}]}, "response": {"status": 200}}"#)
        try harness.importCleanly()
        let statuses = try await harness.served { send throws in
            [try send("POST", "/e", Self.json, "{}").status,
             try send("POST", "/e", Self.json, #"{"a": 1}"#).status,
             try send("POST", "/e", [:], "").status]
        }
        #expect(statuses == [200, 404, 404])
        let partial = try ImportHarness(stub: #"{"request": {"urlPath": "/e", "bodyPatterns": [{"equalToJson": {}, "ignoreExtraElements": true}]}, "response": {}}"#)
        #expect(try partial.refusal().contains("matches any JSON object"))
    }

    @Test func pathsOfOneShapeShareAFileAndItsParameterNames() async throws {
        let harness = try ImportHarness(mappings: ["all.json": #"""
            {"mappings": [
             {"request": {"method": "GET", "urlPathTemplate": "/orgs/{org}"}, "response": {"jsonBody": {"org": "{{request.path.org}}"}, "transformers": ["response-template"]}},
             {"request": {"method": "DELETE", "urlPathTemplate": "/orgs/{orgId}", "pathParameters": {"orgId": {"equalTo": "acme"}}}, "response": {"status": 204}},
             {"request": {"method": "PUT", "urlPathPattern": "/orgs/[a-z]+"}, "response": {"status": 202}}]}
            """#], existing: ["users/{id}.json": #"[{"method": "GET", "response": {"from": "file"}}]"#])
        let report = try harness.importCleanly()
        #expect(report.stubs.map(\.outcome) == [.added(file: "orgs/{org}.json", entry: 0), .added(file: "orgs/{org}.json", entry: 1),
                                                .added(file: "orgs/{org}.json", entry: 2)], "\(report)")
        #expect(report.stubs[1].notes.contains("the path parameter {orgId} is {org} here: orgs/{org}.json serves the same paths"))
        let statuses = try await harness.served { send throws in
            [try send("GET", "/orgs/acme", [:], "").status, try send("DELETE", "/orgs/acme", [:], "").status,
             try send("DELETE", "/orgs/other", [:], "").status, try send("PUT", "/orgs/acme", [:], "").status]
        }
        #expect(statuses == [200, 204, 404, 202])
        #expect(try harness.entries("orgs/{org}.json")[1]["pathParameters"]?["org"] == .string("acme"))
        let onDisk = try ImportHarness(stub: #"{"request": {"method": "DELETE", "urlPathPattern": "/users/[0-9]+"}, "response": {"status": 204}}"#,
                                       existing: ["users/{id}.json": #"[{"method": "GET", "response": {"from": "file"}}]"#])
        #expect(try onDisk.importCleanly().stubs[0].outcome == .added(file: "users/{id}.json", entry: 1))
        #expect(try await onDisk.statuses(["/users/7"]) == [200])
    }

    @Test func twoFoldersWithOneBodyFileNameDoNotShareIt() async throws {
        let first = try TemporaryFolder(["mappings/a.json": #"{"request": {"urlPath": "/one"}, "response": {"bodyFileName": "data.json"}}"#,
                                         "__files/data.json": #"{"src": 1}"#], label: "wiremock")
        let second = try TemporaryFolder(["mappings/b.json": #"{"request": {"urlPath": "/two"}, "response": {"bodyFileName": "data.json"}}"#,
                                          "__files/data.json": #"{"src": 2}"#], label: "wiremock")
        let root = try TemporaryFolder(label: "imported")
        let report = try WireMockImporter(root: root.path).importStubs(from: [first.path, second.path])
        #expect(report.stubs.map(\.outcome).first == .added(file: "one.json", entry: 0))
        guard case .notImported(let reason) = report.stubs[1].outcome else {
            Issue.record("the second stub was imported: \(report)")
            return
        }
        #expect(reason.contains("__files/data.json is already in the root with other content, or another source of this import has a file of that name"))
        #expect(try root.text("__files/data.json") == #"{"src": 1}"#)
    }

    @Test func aPlaceholderThatIsAWholeStringStaysAString() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPathPattern": "/c/[0-9]+"},
             "response": {"transformers": ["response-template"],
               "jsonBody": {"id": "{{request.path.[1]}}", "count": "{{jsonPath request.body '$.count'}}", "at": "{{now format='epoch'}}", "text": "n={{request.path.[1]}}"}}}
            """#)
        let report = try harness.importCleanly()
        #expect(report.stubs[0].notes.contains { $0.contains("sends null here when its value is missing") })
        let body = try await harness.served { send throws in try send("POST", "/c/7", Self.json, #"{"count": 3}"#).body }
        let value = try JSONParser.parse(body).root.value
        #expect(value["id"] == .string("7") && value["count"] == .string("3") && value["text"] == .string("n=7"), "\(value)")
        #expect(value["at"]?.stringValue?.allSatisfy(\.isNumber) == true, "epoch as text, as WireMock writes it: \(String(describing: value["at"]))")
    }

    @Test(arguments: ["-9223372036854775808 seconds", "9223372036854775807 weeks", "40000 days"])
    func anOffsetBeyondAHundredYearsIsRefusedNotATrap(offset: String) async throws {
        let harness = try ImportHarness(stub: "{\"request\": {\"urlPath\": \"/t\"}, \"response\": {\"transformers\": [\"response-template\"], \"body\": \"{{now offset='\(offset)'}}\"}}")
        #expect(try harness.refusal().contains("beyond the 100 years ours move by"))
    }

    @Test func aPathTooLongForTheFileSystemRefusesItsStubAlone() async throws {
        let long = (0..<25).map { _ in String(repeating: "y", count: 200) }.joined(separator: "/")
        let harness = try ImportHarness(mappings: [
            "a.json": #"{"request": {"urlPath": "/a"}, "response": {}}"#,
            "m.json": "{\"request\": {\"urlPath\": \"/\(long)\"}, \"response\": {}}",
            "z.json": #"{"request": {"urlPath": "/z"}, "response": {}}"#,
        ])
        let report = try harness.run()
        #expect(report.filesWritten == ["a.json", "z.json"], "\(report)")
        guard case .notImported(let reason) = report.stubs[1].outcome else {
            Issue.record("\(report)")
            return
        }
        #expect(reason.contains("longer than file systems take"))
    }

    @Test func aFileOverTheLoadersLimitIsNotWritten() async throws {
        let harness = try ImportHarness(mappings: [
            "big.json": "{\"request\": {\"urlPath\": \"/big\"}, \"response\": {\"body\": \"\(String(repeating: "x", count: 5_000))\"}}",
            "small.json": #"{"request": {"urlPath": "/small"}, "response": {}}"#,
        ])
        let report = try harness.run(maximumFileBytes: 4_096)
        #expect(report.filesWritten == ["small.json"])
        #expect(report.description.contains("big.json would grow past the 4096 bytes a fixture file may hold"), "\(report)")
        #expect(!harness.root.exists("big.json"))
    }

    @Test func aPlainJSONPathWantsAValueAndASubMatcherAnyElementOfAList() async throws {
        let harness = try ImportHarness(mappings: [
            "a.json": #"{"request": {"method": "POST", "urlPath": "/a", "bodyPatterns": [{"matchesJsonPath": "$.a"}]}, "response": {"status": 200}}"#,
            "t.json": #"{"request": {"method": "POST", "urlPath": "/t", "bodyPatterns": [{"matchesJsonPath": {"expression": "$.tags", "contains": "urgent"}}]}, "response": {"status": 200}}"#,
        ])
        try harness.importCleanly()
        let cases = [(#"{"a": 1}"#, 200), (#"{"a": null}"#, 404), (#"{"a": []}"#, 404), (#"{"a": {}}"#, 404), (#"{"b": 1}"#, 404)]
        let statuses = try await harness.served { send throws in
            (try cases.map { try send("POST", "/a", Self.json, $0.0).status },
             [try send("POST", "/t", Self.json, #"{"tags": ["x", "urgent!"]}"#).status, try send("POST", "/t", Self.json, #"{"tags": "is urgent"}"#).status,
              try send("POST", "/t", Self.json, #"{"tags": ["x"]}"#).status])
        }
        #expect(statuses.0 == cases.map(\.1), "\(cases.map(\.0))")
        #expect(statuses.1 == [200, 200, 404])
    }

    @Test func aPatternEndingInALiteralMatchesNoQueryEvenAfterASpanningSegment() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "GET", "urlPattern": "/api/.*/details"}, "response": {}}"#)
        try harness.importCleanly()
        #expect(try await harness.statuses(["/api/x/details", "/api/x/details?y=1"]) == [200, 404])
    }

    @Test func getOrHeadIsAGetEntry() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "GET_OR_HEAD", "urlPath": "/goh"}, "response": {"body": "ok"}}"#)
        try harness.importCleanly()
        let statuses = try await harness.served { send throws in [try send("GET", "/goh", [:], "").status, try send("HEAD", "/goh", [:], "").status] }
        #expect(statuses == [200, 200])
    }

    @Test func templatedBodyFilesAreConvertedAndOnlyTheirCandidatesCopied() async throws {
        let harness = try ImportHarness(mappings: [
            "g.json": #"{"request": {"urlPath": "/greet"}, "response": {"bodyFileName": "greeting.json", "transformers": ["response-template"]}}"#,
            "u.json": #"{"request": {"urlPathPattern": "/users/[0-9]+"}, "response": {"bodyFileName": "users/{{request.path.[1]}}.json", "transformers": ["response-template"]}}"#,
            "t.json": #"{"request": {"urlPath": "/hello"}, "response": {"bodyFileName": "hello.txt", "transformers": ["response-template"]}}"#,
        ], files: [
            "greeting.json": #"{"hello": "{{request.query.name}}"}"#,
            "users/1.json": #"{"id": "{{request.path.[1]}}", "kind": "user"}"#,
            "users/NOTES.txt": "not a candidate",
            "hello.txt": "Hello {{request.query.name}}!",
        ])
        try harness.importCleanly()
        #expect(!harness.root.exists("__files/users/NOTES.txt"))
        let bodies = try await harness.served { send throws in try ["/greet?name=Rey", "/users/1", "/hello?name=Finn"].map { try send("GET", $0, [:], "").body } }
        #expect(sameJSON(bodies[0], #"{"hello": "Rey"}"#) && sameJSON(bodies[1], #"{"id": "1", "kind": "user"}"#), "\(bodies.map { String(decoding: $0, as: UTF8.self) })")
        #expect(String(decoding: bodies[2], as: UTF8.self) == "Hello Finn!")
    }

    @Test func caseInsensitiveIsReadForEqualToOnly() async throws {
        let harness = try ImportHarness(mappings: [
            "q.json": #"{"request": {"urlPath": "/q", "queryParameters": {"q": {"contains": "sky", "caseInsensitive": true}}}, "response": {}}"#,
            "b.json": #"{"request": {"method": "POST", "urlPath": "/b", "bodyPatterns": [{"equalTo": "hello", "caseInsensitive": true}]}, "response": {}}"#,
        ])
        try harness.importCleanly()
        #expect(try await harness.statuses(["/q?q=SKY", "/q?q=sky"]) == [404, 200])
        #expect(try await harness.served { send throws in try send("POST", "/b", ["Content-Type": "text/plain"], "HELLO").status } == 200)
    }

    @Test func convertibleKeysThatWereRefusedAreImported() async throws {
        let harness = try ImportHarness(mappings: [
            "not.json": #"{"request": {"urlPath": "/not", "headers": {"X-Env": {"not": {"equalTo": "prod"}}}}, "response": {}}"#,
            "exact.json": #"{"request": {"urlPath": "/exact", "queryParameters": {"id": {"hasExactly": [{"equalTo": "1"}, {"equalTo": "2"}]}}}, "response": {}}"#,
            "status.json": #"{"request": {"urlPath": "/status"}, "response": {"status": "201", "headers": {"Connection": "keep-alive", "X-A": "1"}}}"#,
            "comments.json": "// a comment\n{\"request\": {\"urlPath\": \"/comments\" /* inline */}, \"response\": {\"body\": \"a // not a comment\"}}",
            "random.json": #"{"request": {"urlPath": "/random"}, "response": {"transformers": ["response-template"], "body": "{{randomValue type='ALPHANUMERIC'}}"}}"#,
            "hook.json": #"{"request": {"urlPath": "/hook"}, "response": {}, "serveEventListeners": [{"name": "webhook", "parameters": {"url": "http://127.0.0.1:9/h", "headers": {"X-Multi": ["a", "b"]}, "delay": {"type": "uniform", "lower": 10, "upper": 20}}}]}"#,
        ])
        let report = try harness.importCleanly()
        #expect(try await harness.statuses(["/not"], headers: ["X-Env": "dev"]) == [200])
        #expect(try await harness.statuses(["/not"], headers: ["X-Env": "prod"]) == [404])
        #expect(try await harness.statuses(["/exact?id=2&id=1", "/exact?id=1", "/exact?id=1&id=2&id=3"]) == [200, 404, 404])
        let answers = try await harness.served { send throws in try ["/status", "/comments", "/random"].map { try send("GET", $0, [:], "") } }
        #expect(answers[0].status == 201 && answers[0].header("X-A") == "1")
        #expect(String(decoding: answers[1].body, as: UTF8.self) == "a // not a comment")
        #expect(answers[2].body.count == 36, "WireMock's default length")
        #expect(report.stubs.contains { $0.notes.contains { $0.contains("mixed case here") } })
        let hook = try harness.entries("hook.json")[0]["webhooks"]
        #expect(hook == .makeArray([.makeObject([("url", .string("http://127.0.0.1:9/h")), ("method", .string("GET")),
                                                 ("headers", .makeObject([("X-Multi", .string("a, b"))])),
                                                 ("delay", .makeObject([("min", .number(JSONNumber(10))), ("max", .number(JSONNumber(20)))]))])]))
    }

    @Test(arguments: [
        (#"{"request": {"urlPath": "/__admin/x"}, "response": {}}"#, "mockserver's admin API"),
        (#"{"scenarioName": "s", "requiredScenarioState": "started", "request": {"urlPath": "/s"}, "response": {}}"#, "is the first state of every scenario here"),
        (#"{"request": {"method": "POST", "urlPath": "/x", "bodyPatterns": [{"equalToJson": {"$set": {"a": 1}}, "ignoreExtraElements": true}]}, "response": {}}"#, "compared literally"),
        (#"{"request": {"urlPathPattern": "(?i)/api/x"}, "response": {}}"#, "paths are case-sensitive"),
    ])
    func whatHasNoFaithfulFormIsRefused(stub: String, reason: String) async throws {
        let refusal = try ImportHarness(stub: stub).refusal()
        #expect(refusal.contains(reason), "\(refusal)")
    }

    @Test func aStubNameCannotForgeReportLinesAndARootInsideTheSourceIsNotReadBack() async throws {
        let harness = try ImportHarness(stub: #"{"name": "evil\u001b[31m\nforged", "request": {"urlPath": "/a"}, "response": {}}"#)
        let report = try WireMockImporter(root: harness.wiremock.path + "/mappings/out").importStubs(from: [harness.wiremock.path])
        #expect(!report.description.contains("\n" + "forged") && report.description.contains(#"\nforged"#), "\(report)")
        let again = try WireMockImporter(root: harness.wiremock.path + "/mappings/out").importStubs(from: [harness.wiremock.path])
        #expect(again.stubs.count == 1 && again.isComplete, "its own output is not read as stubs: \(again)")
        #expect(again.description.contains("imported 1 of 1 stub into \(harness.wiremock.path)/mappings/out (1 already there)"), "\(again)")
    }

    /// Reading a FIFO named as a body file would block the import for good.
    @Test func aBodyFileThatIsNoRegularFileIsRefused() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"urlPath": "/f"}, "response": {"bodyFileName": "pipe.json"}}"#, files: ["x.json": "{}"])
        #expect(mkfifo(harness.wiremock.path + "/__files/pipe.json", 0o600) == 0)
        #expect(try harness.refusal().contains("pipe.json is not a regular file"))
    }

    @Test func aWarningTheImportBringsFailsIt() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "GET", "urlPath": "/w", "headers": {"X-A": {"equalTo": "1"}}}, "response": {}}"#,
                                        existing: ["w.json": #"[{"method": "GET", "priority": 1, "response": {"first": true}}]"#])
        let report = try harness.run()
        #expect(!report.isComplete && !report.problems.isEmpty, "the new entry sits behind a wildcard of a lower priority number: \(report)")
        #expect(report.description.contains("new problem"))
    }
}
