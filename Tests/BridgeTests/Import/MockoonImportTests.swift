import Foundation
import MockFixtures
@testable import MockRecorder
import MockUpstream
import TestSupport
import Testing

/// `mockserver import --from mockoon`: an environment's routes answer as Mockoon answers them.
@Suite struct MockoonImportTests {
    static let json = ["Content-Type": "application/json"]

    /// A Mockoon environment as the app saves it (the fields the importer reads, and some it
    /// does not), with `routes` given.
    static func environment(_ routes: String, extra: String = "") -> String {
        """
        {"uuid": "e1", "lastMigration": 32, "name": "Demo", "endpointPrefix": "api", "latency": 0, "port": 3000, "hostname": "",
         "folders": [], "rootChildren": [], "proxyMode": false, "proxyHost": "", "cors": true,
         "headers": [{"key": "Content-Type", "value": "application/json"}], "proxyReqHeaders": [], "proxyResHeaders": [], "data": [],
         "callbacks": [{"uuid": "cb1", "id": "x", "uri": "http://127.0.0.1:9/hook", "name": "hook", "method": "post", "headers": [], "body": "{\\"user\\": \\"{{urlParam 'id'}}\\"}", "bodyType": "INLINE"}],
         "routes": \(routes)\(extra)}
        """
    }

    static func response(_ fields: String) -> String {
        #"{"uuid": "r", "body": "", "latency": 0, "statusCode": 200, "label": "", "headers": [], "bodyType": "INLINE", "filePath": "", "databucketID": "", "sendFileAsBody": false, "rules": [], "rulesOperator": "OR", "disableTemplating": false, "fallbackTo404": false, "default": false, "crudKey": "id", "callbacks": [], "#
            + fields + "}"
    }

    struct Harness {
        let folder: TemporaryFolder
        let root: TemporaryFolder

        init(_ environment: String, files: [String: String] = [:]) throws {
            folder = try TemporaryFolder(files.merging(["env.json": environment]) { $1 }, label: "mockoon")
            root = try TemporaryFolder(label: "imported")
        }

        @discardableResult
        func run() throws -> ImportReport {
            try MockoonImporter(root: root.path).importEnvironments(from: [folder.path + "/env.json"])
        }

        func serve<Result>(_ body: ((String, String, [String: String], String) throws -> UpstreamResponse) throws -> Result) throws -> Result {
            try serveFixtures(root: root.path, body)
        }
    }

    @Test func rulesBecomeEntriesBeforeTheDefault() throws {
        let routes = "[" + [
            #"{"uuid": "u1", "type": "http", "method": "get", "endpoint": "users/:id", "responseMode": null, "responses": ["#
                + Self.response(#""statusCode": 404, "body": "{\"error\": \"gone\"}", "rules": [{"target": "params", "modifier": "id", "value": "0", "invert": false, "operator": "equals"}, {"target": "query", "modifier": "deleted", "value": "true", "invert": false, "operator": "equals"}]"#) + ","
                + Self.response(#""body": "{\"id\": \"{{urlParam 'id'}}\", \"q\": \"{{queryParam 'q'}}\"}", "default": true, "callbacks": [{"uuid": "cb1", "latency": 50}]"#) + ","
                + Self.response(#""statusCode": 403, "rules": [{"target": "header", "modifier": "Authorization", "value": "^Bearer ", "invert": true, "operator": "regex"}], "rulesOperator": "AND""#)
                + "]}",
            #"{"uuid": "u2", "type": "http", "method": "post", "endpoint": "orders", "responseMode": null, "responses": ["#
                + Self.response(#""statusCode": 422, "body": "{\"error\": \"no items\"}", "rules": [{"target": "body", "modifier": "items", "value": "", "invert": false, "operator": "empty_array"}]"#) + ","
                + Self.response(#""statusCode": 201, "body": "{\"ok\": true}", "default": true"#)
                + "]}",
        ].joined(separator: ",") + "]"
        let harness = try Harness(Self.environment(routes))
        let report = try harness.run()
        #expect(report.isComplete, "\(report)")
        #expect(report.notes.contains { $0.hasSuffix("cors answers browsers' preflights: serve with --cors") })
        let users = try JSONParser.parse(try harness.root.bytes("api/users/{id}.json")).root.value
        guard case .array(let entries) = users else { Issue.record("\(users)"); return }
        #expect(entries.count == 4, "two OR rules, one AND rule, the default last: \(users)")
        #expect(entries.last?.value["webhooks"] != nil && entries.last?.value["template"] == .bool(true))
        let bearer = ["Authorization": "Bearer t"]
        try harness.serve { send throws in
            #expect(try send("GET", "/api/users/0", bearer, "").status == 404)
            #expect(try send("GET", "/api/users/7?deleted=true", bearer, "").status == 404)
            let user = try send("GET", "/api/users/7?q=hi", bearer, "")
            #expect(user.status == 200 && sameJSON(user.body, #"{"id": "7", "q": "hi"}"#), "\(String(decoding: user.body, as: UTF8.self))")
            #expect(user.header("Content-Type") == "application/json", "the environment's header")
            #expect(try send("GET", "/api/users/7", [:], "").status == 403, "an inverted rule also holds for a missing header")
            #expect(try send("POST", "/api/orders", Self.json, #"{"items": []}"#).status == 422)
            #expect(try send("POST", "/api/orders", Self.json, #"{"items": [1]}"#).status == 201)
        }
    }

    @Test func whatHasNoEquivalentIsRefusedSayingWhy() throws {
        let routes = "[" + [
            #"{"uuid": "a", "type": "crud", "method": "", "endpoint": "people", "responses": ["# + Self.response(#""default": true"#) + "]}",
            #"{"uuid": "b", "type": "http", "method": "get", "endpoint": "seq", "responseMode": "SEQUENTIAL", "responses": ["# + Self.response(#""default": true"#) + "]}",
            #"{"uuid": "c", "type": "http", "method": "get", "endpoint": "rn", "responseMode": null, "responses": ["#
                + Self.response(#""rules": [{"target": "request_number", "modifier": "", "value": "1", "invert": false, "operator": "equals"}]"#) + ","
                + Self.response(#""default": true"#) + "]}",
            #"{"uuid": "d", "type": "http", "method": "get", "endpoint": "tpl", "responseMode": null, "responses": ["# + Self.response(#""default": true, "body": "{{#repeat 3}}x{{/repeat}}""#) + "]}",
            #"{"uuid": "e", "type": "http", "method": "get", "endpoint": "tpl", "responseMode": null, "responses": ["# + Self.response(#""default": true"#) + "]}",
            #"{"uuid": "f", "type": "http", "method": "get", "endpoint": "unused", "responseMode": null, "responses": ["# + Self.response(#""default": true"#) + "," + Self.response(#""statusCode": 500"#) + "]}",
        ].joined(separator: ",") + "]"
        let report = try Harness(Self.environment(routes)).run()
        let reasons = report.stubs.compactMap { stub -> String? in if case .notImported(let reason) = stub.outcome { reason } else { nil } }
        #expect(reasons.contains { $0.hasPrefix("type: a CRUD route has no direct equivalent; declare a resource") }, "\(report)")
        #expect(reasons.contains { $0.hasPrefix("responseMode: \"SEQUENTIAL\" has no equivalent here") })
        #expect(reasons.contains { $0.contains("\"request_number\" has no equivalent here") })
        #expect(reasons.contains { $0.contains("is a Handlebars block") })
        #expect(reasons.contains { $0 == "is never served: an earlier route answers the same method and endpoint" })
        #expect(reasons.contains { $0.hasPrefix("responses[1]: is never served: it has no rules and is not the route's default response") })
        #expect(!report.isComplete)
    }

    @Test func aFileBodyIsCopiedOrInlinedWhenTemplated() throws {
        let routes = "[" + [
            #"{"uuid": "a", "type": "http", "method": "get", "endpoint": "logo", "responseMode": null, "responses": ["# + Self.response(#""default": true, "bodyType": "FILE", "filePath": "files/logo.txt", "headers": [{"key": "Content-Type", "value": "text/plain"}]"#) + "]}",
            #"{"uuid": "b", "type": "http", "method": "get", "endpoint": "hello/:name", "responseMode": null, "responses": ["# + Self.response(#""default": true, "bodyType": "FILE", "filePath": "files/hello.json""#) + "]}",
        ].joined(separator: ",") + "]"
        let harness = try Harness(Self.environment(routes), files: ["files/logo.txt": "LOGO", "files/hello.json": #"{"hello": "{{urlParam 'name'}}", "n": {{int 1 1}}}"#])
        let report = try harness.run()
        #expect(report.isComplete, "\(report)")
        #expect(try harness.root.text("__files/logo.txt") == "LOGO")
        let bodies = try harness.serve { send throws in try ["/api/logo", "/api/hello/Rey"].map { try send("GET", $0, [:], "").body } }
        #expect(String(decoding: bodies[0], as: UTF8.self) == "LOGO")
        #expect(sameJSON(bodies[1], #"{"hello": "Rey", "n": 1}"#), "Mockoon fills a file in as text: \(String(decoding: bodies[1], as: UTF8.self))")
    }

    @Test func theCommandImportsAnEnvironment() async throws {
        let harness = try Harness(Self.environment("[" + #"{"uuid": "a", "type": "http", "method": "all", "endpoint": "ping", "responseMode": null, "responses": ["# + Self.response(#""default": true, "body": "pong""#) + "]}]"))
        let run = try await MockServerProcess.run(["import", "--from", "mockoon", harness.folder.path + "/env.json", "--root", harness.root.path])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("env.json#0: ANY /api/ping response 0 (default) → api/ping.json entry 0 (added)"), "\(run.standardOutput)")
    }
}
