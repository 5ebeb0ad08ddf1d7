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

    /// A route of `responses` as the app saves it.
    static func route(_ uuid: String, _ method: String, _ endpoint: String, _ responses: [String]) -> String {
        #"{"uuid": "\#(uuid)", "type": "http", "method": "\#(method)", "endpoint": "\#(endpoint)", "responseMode": null, "responses": [\#(responses.joined(separator: ","))]}"#
    }

    static func response(_ fields: String) -> String {
        #"{"uuid": "r", "body": "", "latency": 0, "statusCode": 200, "label": "", "headers": [], "bodyType": "INLINE", "filePath": "", "databucketID": "", "sendFileAsBody": false, "rules": [], "rulesOperator": "OR", "disableTemplating": false, "fallbackTo404": false, "default": false, "crudKey": "id", "callbacks": [], "#
            + fields + "}"
    }

    typealias Harness = ToolImportHarness<MockoonEnvironment>

    @Test func rulesBecomeEntriesBeforeTheDefault() async throws {
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
        let answers = try await harness.served { send throws in
            [try send("GET", "/api/users/0", bearer, ""), try send("GET", "/api/users/7?deleted=true", bearer, ""),
             try send("GET", "/api/users/7?q=hi", bearer, ""), try send("GET", "/api/users/7", [:], ""),
             try send("POST", "/api/orders", Self.json, #"{"items": []}"#), try send("POST", "/api/orders", Self.json, #"{"items": [1]}"#)]
        }
        #expect(answers[0].status == 404 && answers[1].status == 404)
        let user = answers[2]
        #expect(user.status == 200 && sameJSON(user.body, #"{"id": "7", "q": "hi"}"#), "\(String(decoding: user.body, as: UTF8.self))")
        #expect(user.header("Content-Type") == "application/json", "the environment's header")
        #expect(answers[3].status == 403, "an inverted rule also holds for a missing header")
        #expect(answers[4].status == 422)
        #expect(answers[5].status == 201)
    }

    /// A body rule whose modifier is a JSONPath that is not a member path (a filter) becomes a
    /// `requestJsonPath` query: a list the path selects matches when one of its values does.
    @Test func jsonPathBodyRulesBecomeRequestJsonPathQueries() async throws {
        let routes = "[" + #"{"uuid": "j", "type": "http", "method": "post", "endpoint": "carts", "responseMode": null, "responses": ["#
            + Self.response(#""statusCode": 202, "rules": [{"target": "body", "modifier": "$.items[?(@.qty > 5)].sku", "value": "BULK", "invert": false, "operator": "equals"}]"#) + ","
            + Self.response(#""statusCode": 200, "rules": [{"target": "body", "modifier": "$.items[*].coupon", "value": "", "invert": false, "operator": "null"}]"#) + ","
            + Self.response(#""statusCode": 201, "default": true"#) + "]}]"
        let harness = try Harness(Self.environment(routes))
        let report = try harness.run()
        #expect(report.isComplete, "\(report)")
        let answers = try await harness.served { send throws in
            [try send("POST", "/api/carts", Self.json, #"{"items": [{"sku": "A", "qty": 1}, {"sku": "BULK", "qty": 9}]}"#).status,
             try send("POST", "/api/carts", Self.json, #"{"items": [{"sku": "BULK", "qty": 1}]}"#).status,
             try send("POST", "/api/carts", Self.json, #"{"items": [{"sku": "C", "qty": 1, "coupon": "X"}]}"#).status]
        }
        #expect(answers == [202, 200, 201], "a null rule on a list: no coupon selected (audit JP2 #2)")
    }

    @Test func whatHasNoEquivalentIsRefusedSayingWhy() async throws {
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
        #expect(report.notes.contains { $0.contains("is not imported: an earlier route answers the same method and endpoint, so Mockoon never serves it") }, "\(report.notes)")
        #expect(report.stubs.contains { $0.notes.contains { $0.hasPrefix("responses 1 have no rules and are not the default, so Mockoon never serves them") } })
        #expect(!report.isComplete)
    }

    @Test func aFileBodyIsCopiedOrInlinedWhenTemplated() async throws {
        let routes = "[" + [
            #"{"uuid": "a", "type": "http", "method": "get", "endpoint": "logo", "responseMode": null, "responses": ["# + Self.response(#""default": true, "bodyType": "FILE", "filePath": "files/logo.txt", "headers": [{"key": "Content-Type", "value": "text/plain"}]"#) + "]}",
            #"{"uuid": "b", "type": "http", "method": "get", "endpoint": "hello/:name", "responseMode": null, "responses": ["# + Self.response(#""default": true, "bodyType": "FILE", "filePath": "files/hello.json""#) + "]}",
        ].joined(separator: ",") + "]"
        let harness = try Harness(Self.environment(routes), files: ["files/logo.txt": "LOGO", "files/hello.json": #"{"hello": "{{urlParam 'name'}}", "n": {{int 1 1}}}"#])
        let report = try harness.run()
        #expect(report.isComplete, "\(report)")
        #expect(try harness.root.text("__files/files/logo.txt") == "LOGO", "under its place in the environment's folder")
        let bodies = try await harness.served { send throws in try ["/api/logo", "/api/hello/Rey"].map { try send("GET", $0, [:], "").body } }
        #expect(String(decoding: bodies[0], as: UTF8.self) == "LOGO")
        #expect(sameJSON(bodies[1], #"{"hello": "Rey", "n": 1}"#), "Mockoon fills a file in as text: \(String(decoding: bodies[1], as: UTF8.self))")
    }

    @Test func theCommandImportsAnEnvironment() async throws {
        let harness = try Harness(Self.environment("[" + #"{"uuid": "a", "type": "http", "method": "all", "endpoint": "ping", "responseMode": null, "responses": ["# + Self.response(#""default": true, "body": "pong""#) + "]}]"))
        let run = try await MockServerProcess.run(["import", "--from", "mockoon", harness.folder.path + "/env.json", "--root", harness.root.path])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("env.json#0: ANY /api/ping response 0 (default) → api/ping.json entry 0 (added)"), "\(run.standardOutput)")
    }

    /// Audit M1's defects: each answers as Mockoon does now.
    @Test func whatMockoonAnswersIsWhatTheImportAnswers() async throws {
        let routes = "[" + [
            Self.route("a", "get", "users/:id", [Self.response(#""default": true, "body": "{\"who\": \"param\"}""#)]),
            Self.route("b", "get", "users/me", [Self.response(#""default": true, "body": "{\"who\": \"me\"}""#)]),
            Self.route("c", "get", "logo", [Self.response(#""default": true, "bodyType": "FILE", "filePath": "img/logo.png""#)]),
            Self.route("d", "get", "list/a", [Self.response(#""default": true, "bodyType": "FILE", "filePath": "a/list.json", "sendFileAsBody": true"#)]),
            Self.route("e", "get", "list/b", [Self.response(#""default": true, "bodyType": "FILE", "filePath": "b/list.json", "sendFileAsBody": true"#)]),
            Self.route("f", "post", "nul", [Self.response(#""statusCode": 201, "body": "{\"r\": \"no-name\"}", "rules": [{"target": "body", "modifier": "name", "value": "", "invert": false, "operator": "null"}]"#),
                                       Self.response(#""default": true, "body": "{\"r\": \"default\"}""#)]),
            Self.route("g", "get", "login", [Self.response(#""default": true, "headers": [{"key": "Set-Cookie", "value": "session=abc"}, {"key": "Set-Cookie", "value": "csrf=xyz"}, {"key": "X-Id", "value": "{{queryParam 'id'}}"}], "disableTemplating": true, "body": "{\"a\": \"{{not filled}}\"}""#)]),
            Self.route("h", "post", "tags", [Self.response(#""statusCode": 201, "rules": [{"target": "body", "modifier": "ids", "value": "2", "invert": false, "operator": "equals"}]"#),
                                        Self.response(#""default": true"#)]),
        ].joined(separator: ",") + "]"
        let environment = Self.environment(routes).replacingOccurrences(of: #""headers": [{"key": "Content-Type", "value": "application/json"}]"#,
                                                                        with: #""headers": [{"key": "Content-Type", "value": "application/json"}, {"key": "Set-Cookie", "value": "env=1"}]"#)
        let harness = try Harness(environment, files: ["img/logo.png": "PNG", "a/list.json": #"["a"]"#, "b/list.json": #"["b"]"#])
        let report = try harness.run()
        #expect(report.notImportedCount == 0, "\(report)")
        let answers = try await harness.served { send throws in
            [try send("GET", "/api/users/me", [:], ""), try send("GET", "/api/logo", [:], ""), try send("GET", "/api/list/a", [:], ""),
             try send("GET", "/api/list/b", [:], ""), try send("POST", "/api/nul", [:], ""), try send("POST", "/api/nul", Self.json, #"{"name": "Rey"}"#),
             try send("GET", "/api/login?id=7", [:], ""), try send("POST", "/api/tags", Self.json, #"{"ids": [1, 2, 3]}"#)]
        }
        #expect(sameJSON(answers[0].body, #"{"who": "param"}"#), "the first route answers, as in Mockoon")
        let logo = answers[1]
        #expect(logo.header("Content-Type") == "image/png" && logo.header("Content-Disposition") == #"attachment; filename="logo.png""#, "\(logo.headers)")
        #expect(sameJSON(answers[2].body, #"["a"]"#) && sameJSON(answers[3].body, #"["b"]"#))
        #expect(answers[4].status == 201, "a null rule holds for a request without a body")
        #expect(answers[5].status == 200)
        let login = answers[6]
        #expect(login.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value) == ["env=1", "session=abc", "csrf=xyz"], "\(login.headers)")
        #expect(login.header("X-Id") == "7", "headers are filled in whatever disableTemplating says")
        #expect(sameJSON(login.body, #"{"a": "{{not filled}}"}"#))
        #expect(answers[7].status == 201, "a list of numbers holding the value")
    }

    /// Audit M2: priorities, paths and types after the first fixes.
    @Test func routeOrderKeepsRuntimeFixturesFirstAndFilePathsResolve() async throws {
        let routes = "[" + [
            Self.route("a", "get", "users/:id", [Self.response(#""default": true, "body": "{\"who\": \"param\"}""#)]),
            Self.route("b", "get", "users/me", [Self.response(#""default": true, "body": "{\"who\": \"me\"}""#)]),
            Self.route("c", "get", "doc", [Self.response(#""default": true, "bodyType": "FILE", "filePath": "./data/notes.unknownext", "sendFileAsBody": true"#)]),
            Self.route("d", "post", "inv", [Self.response(#""statusCode": 201, "rules": [{"target": "body", "modifier": "name", "value": "", "invert": true, "operator": "null"}]"#),
                                       Self.response(#""default": true"#)]),
        ].joined(separator: ",") + "]"
        let harness = try Harness(Self.environment(routes), files: ["data/notes.unknownext": "NOTES"])
        let report = try harness.run()
        #expect(report.notImportedCount == 0, "\(report)")
        #expect(!report.stubs.contains { $0.notes.contains { $0.contains("outside the environment's folder") } }, "\(report)")
        #expect(try harness.root.text("__files/data/notes.unknownext") == "NOTES")
        let users = try JSONParser.parse(try harness.root.bytes("api/users/{id}.json")).root.value
        #expect(users.objectMembers == nil && users != .null)
        if case .array(let entries) = users { #expect(entries.first?.value["priority"] == nil, "the first route keeps the default priority") }
        let answers = try await harness.served { send throws in
            [try send("GET", "/api/doc", [:], ""), try send("POST", "/api/inv", Self.json, #"{"name": "Rey"}"#),
             try send("POST", "/api/inv", Self.json, #"{"name": null}"#)]
        }
        #expect(answers[0].header("Content-Type") == "application/json", "an unknown type keeps the environment's")
        #expect(answers[1].status == 201, "an inverted null rule: present and not null")
        #expect(answers[2].status == 200)
    }

    /// A body rule whose member path is `$` alone names no member: refused, where an empty
    /// member path trapped the import.
    @Test func aBodyRuleOnDollarAloneIsRefused() throws {
        let routes = "[" + #"{"uuid": "a", "type": "http", "method": "post", "endpoint": "x", "responseMode": null, "responses": ["#
            + Self.response(#""rules": [{"target": "body", "modifier": "$", "value": "1", "invert": false, "operator": "equals"}]"#) + ","
            + Self.response(#""default": true"#) + "]}" + "]"
        let report = try Harness(Self.environment(routes)).run()
        let reasons = report.stubs.compactMap { stub -> String? in if case .notImported(let reason) = stub.outcome { reason } else { nil } }
        #expect(reasons.contains { $0.contains("\"$\" names the whole body; leave modifier empty") }, "\(report)")
    }
}

