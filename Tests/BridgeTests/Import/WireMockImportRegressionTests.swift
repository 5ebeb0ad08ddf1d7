import Foundation
import MockFixtures
@testable import MockRecorder
import MockUpstream
import TestSupport
import Testing

/// What audit I2 found after the first fixes: each case answers as WireMock does, or is refused.
@Suite struct WireMockImportRegressionTests {
    @Test func aMergedStubsBodyFileTakesTheFilesParameterNames() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "PUT", "urlPathPattern": "/users/[0-9]+"}, "response": {"transformers": ["response-template"], "bodyFileName": "put.json"}}"#,
                                        files: ["put.json": #"{"updated": "{{request.path.[1]}}"}"#],
                                        existing: ["users/{id}.json": #"[{"method": "GET", "template": true, "response": {"id": "{{path.id}}"}}]"#])
        try harness.importCleanly()
        let bodies = try await harness.served { send throws in [try send("GET", "/users/5", [:], ""), try send("PUT", "/users/5", [:], "")] }
        #expect(bodies.map(\.status) == [200, 200])
        #expect(sameJSON(bodies[1].body, #"{"updated": "5"}"#), "\(String(decoding: bodies[1].body, as: UTF8.self))")
    }

    @Test func stubsSharingOneTemplatedBodyFileEachGetTheirOwn() async throws {
        let harness = try ImportHarness(mappings: [
            "a.json": #"{"request": {"urlPath": "/api/users/1"}, "response": {"bodyFileName": "user.json", "transformers": ["response-template"]}}"#,
            "b.json": #"{"request": {"urlPath": "/api/users/2"}, "response": {"bodyFileName": "user.json", "transformers": ["response-template"]}}"#,
            "c.json": #"{"request": {"urlPath": "/raw"}, "response": {"bodyFileName": "user.json"}}"#,
        ], files: ["user.json": #"{"id": "{{request.path.[2]}}"}"#])
        try harness.importCleanly()
        let bodies = try await harness.served { send throws in try ["/api/users/1", "/api/users/2", "/raw"].map { try send("GET", $0, [:], "").body } }
        #expect(sameJSON(bodies[0], #"{"id": "1"}"#) && sameJSON(bodies[1], #"{"id": "2"}"#), "\(bodies.map { String(decoding: $0, as: UTF8.self) })")
        #expect(String(decoding: bodies[2], as: UTF8.self) == #"{"id": "{{request.path.[2]}}"}"#, "without the transformer, sent as written")
    }

    @Test func aSourceInsideTheRootIsRead() async throws {
        let root = try TemporaryFolder(["wiremock/mappings/x.json": #"{"request": {"urlPath": "/x"}, "response": {"body": "x"}}"#], label: "imported")
        let report = try WireMockImporter(root: root.path).importStubs(from: [root.path + "/wiremock"])
        #expect(report.stubs.map(\.outcome) == [.added(file: "x.json", entry: 0)], "\(report)")
        let inside = try TemporaryFolder(["mappings/x.json": #"{"request": {"urlPath": "/x"}, "response": {}}"#, "out/y.json": "[]"], label: "wiremock")
        #expect(throws: ImportError.self) { try WireMockImporter(root: inside.path + "/mappings").importStubs(from: [inside.path]) }
    }

    @Test func theTransformerWithNothingToFillInIsNoTemplate() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"urlPath": "/api/users/7"}, "response": {"transformers": ["response-template"], "jsonBody": {"id": "{{request.path.[2]}}"}}}"#)
        let report = try harness.importCleanly()
        #expect(report.isComplete)
        #expect(try harness.entries("api/users/7.json")[0]["template"] == nil)
    }

    @Test func anExistingFolderIndexOfTheShapeIsUsedAndABrokenFileIsNotWrittenTo() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "DELETE", "urlPathTemplate": "/users/{userId}"}, "response": {"status": 204}}"#,
                                        existing: ["users/{id}/index.json": #"[{"method": "GET", "response": {"ok": true}}]"#])
        let report = try harness.importCleanly()
        #expect(report.stubs[0].outcome == .added(file: "users/{id}/index.json", entry: 1), "\(report)")
        #expect(try await harness.statuses(["/users/5"]) == [200])
        let broken = try ImportHarness(stub: #"{"request": {"method": "POST", "urlPath": "/c"}, "response": {}}"#, existing: ["c.json": #"[{"method": "GET", "status": 700}]"#])
        #expect(try broken.refusal().contains("c.json has a load error"))
    }

    @Test(arguments: [
        (#"{"request": {"urlPath": "/l"}, "response": {"transformers": ["response-template"], "body": "{{jsonPath request.body '$.items.length()'}}"}}"#, "calls the JSONPath function length()"),
        (#"{"request": {"urlPathPattern": "/k/[a-z]+"}, "response": {"transformers": ["response-template"], "jsonBody": {"{{request.path.[1]}}": true}}}"#, "has a placeholder in the key"),
    ])
    func whatWouldBeConvertedWronglyIsRefused(stub: String, reason: String) async throws {
        let refusal = try ImportHarness(stub: stub).refusal()
        #expect(refusal.contains(reason), "\(refusal)")
    }

    @Test func aBodyFileLinkedOutsideTheFilesFolderIsRefused() async throws {
        let outside = try TemporaryFolder(["secret.txt": "secret"], label: "outside")
        let harness = try ImportHarness(stub: #"{"request": {"urlPath": "/s"}, "response": {"bodyFileName": "link.txt"}}"#, files: ["x.txt": "x"])
        try FileManager.default.createSymbolicLink(atPath: harness.wiremock.path + "/__files/link.txt", withDestinationPath: outside.path + "/secret.txt")
        #expect(try harness.refusal().contains("leads outside the WireMock __files folder"))
    }

    @Test func aChangedBodyFileRefusesTheReimport() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"urlPath": "/u"}, "response": {"bodyFileName": "u.json"}}"#, files: ["u.json": #"{"v": 1}"#])
        try harness.importCleanly()
        _ = try harness.wiremock.write("__files/u.json", #"{"v": 2}"#)
        let again = try harness.run()
        guard case .notImported(let reason) = again.stubs[0].outcome else {
            Issue.record("\(again)")
            return
        }
        #expect(reason.contains("__files/u.json is already in the root with other content"))
    }

    @Test func globalTemplatingConvertsEveryStub() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"urlPathPattern": "/g/[0-9]+"}, "response": {"jsonBody": {"id": "{{request.path.[1]}}"}}}"#)
        let report = try WireMockImporter(root: harness.root.path).importStubs(from: [harness.wiremock.path], templateAll: true)
        #expect(report.isComplete, "\(report)")
        let body = try await harness.served { send throws in try send("GET", "/g/1", [:], "").body }
        #expect(sameJSON(body, #"{"id": "1"}"#))
    }

    @Test func aMergeKeepsTheBracesOfTextSentAsWritten() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "POST", "urlPathPattern": "/u/[0-9]+"}, "response": {"body": "literal {{path.p1}}"}}"#,
                                        existing: ["u/{id}.json": #"[{"method": "GET", "response": {}}]"#])
        try harness.importCleanly()
        #expect(try harness.entries("u/{id}.json")[1]["responseText"] == .string("literal {{path.p1}}"))
    }

    @Test func aTextPatternMatchesAnAbsentBodyAsEmptyText() async throws {
        let harness = try ImportHarness(mappings: [
            "any.json": #"{"request": {"method": "POST", "urlPath": "/any", "bodyPatterns": [{"matches": ".*"}]}, "response": {"status": 200}}"#,
            "empty.json": #"{"request": {"method": "POST", "urlPath": "/empty", "bodyPatterns": [{"equalTo": ""}]}, "response": {"status": 200}}"#,
            "null.json": #"{"request": {"method": "POST", "urlPath": "/null", "bodyPatterns": [{"equalToJson": "null"}]}, "response": {"status": 200}}"#,
            "absent.json": #"{"request": {"method": "POST", "urlPath": "/absent", "bodyPatterns": [{"matchesJsonPath": {"expression": "$.x", "absent": true}}]}, "response": {"status": 200}}"#,
        ])
        try harness.importCleanly()
        let statuses = try await harness.served { send throws in
            [try send("POST", "/any", [:], "").status,
             try send("POST", "/empty", [:], "").status,
             try send("POST", "/empty", ["Content-Type": "text/plain"], "x").status,
             try send("POST", "/null", ["Content-Type": "application/json"], "null").status,
             try send("POST", "/null", ["Content-Type": "application/json"], #"{"a": 1}"#).status,
             try send("POST", "/absent", ["Content-Type": "application/json"], #"{"x": null}"#).status,
             try send("POST", "/absent", ["Content-Type": "application/json"], #"{"x": 1}"#).status]
        }
        #expect(statuses == [200, 200, 404, 200, 404, 200, 404])
    }

    /// Audit I3.
    @Test func aChangedTemplatedBodyFileRefusesTheReimportToo() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"urlPath": "/t"}, "response": {"bodyFileName": "t.json", "transformers": ["response-template"]}}"#,
                                        files: ["t.json": #"{"q": "{{request.query.q}}", "v": 1}"#])
        try harness.importCleanly()
        _ = try harness.wiremock.write("__files/t.json", #"{"q": "{{request.query.q}}", "v": 2}"#)
        let again = try harness.run()
        guard case .notImported(let reason) = again.stubs[0].outcome else {
            Issue.record("\(again)")
            return
        }
        #expect(reason.contains("its body file changed since t.json entry 0 was imported from it"))
        #expect(try harness.entries("t.json").count == 1)
    }

    @Test func aFileIndentedWiderIsMeasuredAsWritten() async throws {
        let body = String(repeating: "x", count: 3_000)
        let harness = try ImportHarness(stub: "{\"request\": {\"urlPath\": \"/w\"}, \"response\": {\"jsonBody\": {\"a\": {\"b\": {\"c\": [\"\(body)\"]}}}}}",
                                        existing: ["w.json": "[\n        {\"method\": \"DELETE\"}\n]\n"])
        let report = try harness.run(maximumFileBytes: 3_040)
        #expect(report.notImportedCount == 1, "\(report)")
        #expect(try harness.root.text("w.json") == "[\n        {\"method\": \"DELETE\"}\n]\n")
    }

    @Test func aBraceNameTheLoaderReadsLiterallyIsNoShape() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "GET", "urlPathTemplate": "/v/{id}"}, "response": {}}"#,
                                        existing: ["v/{1}.json": #"[{"response": {"literal": true}}]"#])
        let report = try harness.run()
        #expect(report.stubs[0].outcome == .added(file: "v/{id}.json", entry: 0), "\(report)")
    }

    @Test func aFixtureFileThatCannotBeWrittenLeavesNoBodyFileBehind() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"urlPath": "/blocked/x"}, "response": {"bodyFileName": "b.json"}}"#,
                                        files: ["b.json": #"{"b": 1}"#], existing: ["blocked": "a file where a folder would go"])
        let report = try harness.run()
        guard case .notImported(let reason) = report.stubs[0].outcome else {
            Issue.record("\(report)")
            return
        }
        #expect(reason.contains("its folder cannot be created: Not a directory"), "\(reason)")
        #expect(!harness.root.exists("__files/b.json") && report.bodyFilesCopied.isEmpty)
    }

    @Test func anEmptyContainsMatchesAnyValue() async throws {
        let harness = try ImportHarness(mappings: [
            "q.json": #"{"request": {"urlPath": "/c", "queryParameters": {"q": {"contains": ""}}}, "response": {}}"#,
            "b.json": #"{"request": {"method": "POST", "urlPath": "/b", "bodyPatterns": [{"contains": ""}]}, "response": {}}"#,
        ])
        try harness.importCleanly()
        #expect(try await harness.statuses(["/c?q=", "/c?q=x", "/c"]) == [200, 200, 404])
        #expect(try await harness.served { send throws in [try send("POST", "/b", [:], "").status, try send("POST", "/b", ["Content-Type": "text/plain"], "x").status] } == [200, 200])
    }

    @Test func aDryRunReportsWhatWouldFailTheRealRun() async throws {
        let existing = #"[{"method": "GET", "priority": 1, "response": {"first": true}}]"#
        let harness = try ImportHarness(stub: #"{"request": {"method": "GET", "urlPath": "/w", "headers": {"X-A": {"equalTo": "1"}}}, "response": {}}"#,
                                        existing: ["w.json": existing])
        let dry = try harness.run(dryRun: true)
        #expect(dry.stubs[0].outcome == .wouldAdd(file: "w.json") && !dry.problems.isEmpty && !dry.isComplete, "\(dry)")
        #expect(try harness.root.text("w.json") == existing, "the root is not touched")
        #expect(dry.description.contains("would import 1 of 1 stub") && dry.description.contains("nothing written (dry run)"))
    }
}
