import Foundation
import MockFixtures
@testable import MockRecorder
import MockUpstream
import TestSupport
import Testing

/// `mockserver import --from mockserver`: expectations answer as MockServer answers them —
/// priority first (higher first), then the order they were added, `times` used up before the
/// next — with values read as text or whole-value patterns, as its `RegexStringMatcher` reads
/// them (`mockserver-core/.../matchers`).
@Suite struct MockServerImportTests {
    typealias Harness = ToolImportHarness<MockServerExpectations>

    /// `[{…}, …]` of expectations answering `body` for `request` (the inside of `httpRequest`).
    static func expectation(_ request: String, status: Int = 200, body: String, extra: String = "") -> String {
        #"{"httpRequest": {\#(request)}, "httpResponse": {"statusCode": \#(status), "body": \#(body)}\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    @Test func pathsArePlainTextPatternsOrParameters() async throws {
        let harness = try Harness("[" + [
            Self.expectation(#""method": "GET", "path": "/api/users""#, body: #"{"users": []}"#),
            Self.expectation(#""method": "GET", "path": "/api/users/[0-9]+""#, body: #""user""#),
            Self.expectation(#""path": "/orders/{orderId}", "pathParameters": {"orderId": ["[A-Z]{3}-[0-9]+"]}"#, body: #""order""#),
            Self.expectation(#""path": "/files/.*""#, body: #""file""#),
            Self.expectation(#""path": "/api/v1.0/status""#, body: #""ok""#),
            Self.expectation(#""path": "/.*""#, status: 404, body: #"{"error": "no fixture"}"#, extra: #""priority": -10"#),
        ].joined(separator: ",") + "]")
        let report = try harness.importCleanly()
        #expect(report.stubs.contains { $0.notes.contains { $0.contains("is read as written; MockServer also reads it as a pattern") } }, "\(report)")
        let answers = try await harness.answers([
            ("GET", "/api/users", [:], ""), ("GET", "/api/users/42", [:], ""), ("GET", "/api/users/42/roles", [:], ""),
            ("GET", "/orders/ABC-123", [:], ""), ("GET", "/orders/abc-123", [:], ""), ("GET", "/orders/ABC-123/lines", [:], ""),
            ("GET", "/files/a/b.pdf", [:], ""), ("GET", "/api/v1.0/status", [:], ""), ("DELETE", "/anything", [:], ""),
        ])
        // The catch-all's own 404 answers what nothing else takes (Harness shows any 404 as "404").
        #expect(answers == [#"200 {"users":[]}"#, "200 user", "404", "200 order", "200 order", "404", "200 file", "200 ok", "404"], "\(answers)")
        let fallback = try await onOwnThread { [harness] in try serveFixtures(root: harness.root.path) { send throws in try send("DELETE", "/anything", [:], "").body } }
        #expect(String(decoding: fallback, as: UTF8.self) == #"{"error":"no fixture"}"#, "the catch-all, priority -10, answers last")
    }

    /// Priority (higher first), then file order, the first active one answering; `times` used up
    /// hands on to the next; a repeated id replaces the earlier one where it stood; `times: {}`
    /// never answers.
    @Test func priorityOrderTimesAndIdsAreKept() async throws {
        let harness = try Harness("[" + [
            Self.expectation(#""path": "/pay""#, status: 500, body: #""dead""#, extra: #""priority": 100, "times": {}"#),
            Self.expectation(#""method": "POST", "path": "/checkout""#, status: 503, body: #""busy""#, extra: #""times": {"remainingTimes": 2, "unlimited": false}"#),
            Self.expectation(#""method": "POST", "path": "/checkout""#, body: #""checked out""#, extra: #""times": {"unlimited": true}"#),
            Self.expectation(#""method": "POST", "path": "/pay""#, body: #""paid""#, extra: #""id": "pay-ok""#),
            Self.expectation(#""method": "POST", "path": "/pay", "headers": {"X-Customer-Tier": ["gold|platinum"]}"#, body: #""paid (vip)""#, extra: #""priority": 10"#),
            Self.expectation(#""method": "POST", "path": "/pay""#, status: 201, body: #""paid again""#, extra: #""id": "pay-ok""#),
            Self.expectation("", status: 418, body: #""fallback""#, extra: #""priority": -1"#),
        ].joined(separator: ",") + "]")
        let report = try harness.importCleanly()
        #expect(report.notes.contains { $0.contains("#0 is not imported: its times {} make it never active") }, "\(report.notes)")
        #expect(report.notes.contains { $0.contains("#3 is replaced by") && $0.contains("#5, which has the same id \"pay-ok\"") }, "\(report.notes)")
        let answers = try await harness.answers([
            ("POST", "/checkout", [:], ""), ("POST", "/checkout", [:], ""), ("POST", "/checkout", [:], ""),
            ("POST", "/pay", [:], ""), ("POST", "/pay", ["X-Customer-Tier": "gold"], ""), ("POST", "/pay", ["x-customer-tier": "PLATINUM"], ""),
            ("POST", "/pay", ["X-Customer-Tier": "gold-plus"], ""), ("GET", "/pay", [:], ""), ("GET", "/whatever", [:], ""),
            ("GET", "/", [:], ""),   // the expectation for every path answers '/' too (index.json)
        ])
        #expect(answers == ["503 busy", "503 busy", "200 checked out", "201 paid again", "200 paid (vip)", "200 paid (vip)", "201 paid again",
                            "418 fallback", "418 fallback", "418 fallback"], "\(answers)")
    }

    /// A JSON_PATH that is not a plain member path ("at least one value is returned") becomes a
    /// `requestJsonPath` query that must select something.
    @Test func jsonPathFiltersBecomeRequestJsonPathQueries() async throws {
        let harness = try Harness("[" + [
            Self.expectation(#""method": "POST", "path": "/cart", "body": {"type": "JSON_PATH", "jsonPath": "$.items[?(@.qty > 5)]"}"#, body: #""bulk""#),
            Self.expectation(#""method": "POST", "path": "/cart", "body": {"type": "JSON_PATH", "jsonPath": "$..coupon"}"#, body: #""coupon""#),
        ].joined(separator: ",") + "]")
        try harness.importCleanly()
        let json = ["Content-Type": "application/json"]
        let answers = try await harness.answers([
            ("POST", "/cart", json, #"{"items": [{"qty": 1}, {"qty": 6}]}"#), ("POST", "/cart", json, #"{"items": [{"qty": 1, "extras": {"coupon": "X"}}]}"#),
            ("POST", "/cart", json, #"{"items": [{"qty": 1}]}"#),
        ])
        #expect(answers == ["200 bulk", "200 coupon", "404"], "\(answers)")
    }

    @Test func queryHeaderCookieAndBodyMatchers() async throws {
        let harness = try Harness("[" + [
            Self.expectation(#""path": "/search", "queryStringParameters": {"q": ["shoes"], "page": ["[0-9]+"]}"#, body: #""results""#),
            Self.expectation(#""path": "/items", "queryStringParameters": [{"name": "tag", "values": ["red", "blue"]}]"#, body: #""red and blue""#),
            Self.expectation(#""path": "/report", "queryStringParameters": {"?debug": ["true"]}"#, body: #""report""#),
            Self.expectation(#""path": "/public", "headers": {"!Authorization": []}"#, body: #""anonymous""#),
            Self.expectation(#""path": "/public", "headers": {"Authorization": ["Bearer .+"]}, "cookies": {"session": "[A-F0-9]+"}"#, body: #""personal""#),
            Self.expectation(#""method": "POST", "path": "/orders", "body": {"type": "JSON", "json": {"sku": "A1", "qty": 1, "tags": ["x"]}}"#, status: 201, body: #""partial""#),
            Self.expectation(#""method": "PUT", "path": "/orders/1", "body": {"type": "JSON", "json": "{\"sku\": \"A1\", \"qty\": 2}", "matchType": "STRICT"}"#, body: #""strict""#),
            Self.expectation(#""method": "POST", "path": "/echo", "body": "ping""#, body: #""pong""#),
            Self.expectation(#""method": "POST", "path": "/logs", "body": {"type": "STRING", "string": "ERROR", "subString": true}"#, body: #""has error""#),
            Self.expectation(#""method": "POST", "path": "/sms", "body": {"type": "REGEX", "regex": "code=[0-9]{6}"}"#, body: #""code""#),
            Self.expectation(#""method": "POST", "path": "/login", "body": {"type": "PARAMETERS", "parameters": {"user": ["alice"]}}"#, status: 302, body: #""""#,
                             extra: #""id": "login""#),
            Self.expectation(#""method": "POST", "path": "/cart", "body": {"type": "JSON_PATH", "jsonPath": "$.coupon"}"#, body: #""coupon""#),
        ].joined(separator: ",") + "]")
        try harness.importCleanly()
        let json = ["Content-Type": "application/json"]
        let answers = try await harness.answers([
            ("GET", "/search?q=shoes&page=2&sort=asc", [:], ""), ("GET", "/search?q=shoes", [:], ""), ("GET", "/search?q=shoes&page=two", [:], ""),
            ("GET", "/items?tag=red", [:], ""), ("GET", "/items?tag=blue&tag=red&tag=green", [:], ""),
            ("GET", "/report?x=1", [:], ""), ("GET", "/report?debug=true", [:], ""), ("GET", "/report?debug=yes", [:], ""),
            ("GET", "/public", [:], ""), ("GET", "/public", ["Authorization": "Bearer abc", "Cookie": "session=DEADBEEF"], ""),
            ("GET", "/public", ["Authorization": "Bearer abc"], ""),
            ("POST", "/orders", json, #"{"note": "n", "tags": ["y", "x"], "qty": 1, "sku": "A1"}"#), ("POST", "/orders", json, #"{"sku": "A1"}"#),
            ("PUT", "/orders/1", json, #"{"qty": 2, "sku": "A1"}"#), ("PUT", "/orders/1", json, #"{"sku": "A1", "qty": 2, "extra": true}"#),
            ("POST", "/echo", ["Content-Type": "text/plain"], "ping"), ("POST", "/echo", ["Content-Type": "text/plain"], "PING"),
            ("POST", "/logs", ["Content-Type": "text/plain"], "2024 ERROR disk"), ("POST", "/logs", ["Content-Type": "text/plain"], "error"),
            ("POST", "/sms", ["Content-Type": "text/plain"], "CODE=123456"), ("POST", "/sms", ["Content-Type": "text/plain"], "code=123456&lang=en"),
            ("POST", "/login", ["Content-Type": "application/x-www-form-urlencoded"], "user=alice&password=x"),
            ("POST", "/cart", json, #"{"coupon": "SAVE"}"#), ("POST", "/cart", json, #"{"items": []}"#),
        ])
        #expect(answers == ["200 results", "404", "404", "404", "200 red and blue", "200 report", "200 report", "404", "200 anonymous", "200 personal", "404",
                            "201 partial", "404", "200 strict", "404", "200 pong", "404", "200 has error", "404", "200 code", "404", "302 ", "200 coupon", "404"],
                "\(answers)")
    }

    @Test func answersForwardsAndFaultsConvert() async throws {
        let harness = try Harness("[" + [
            #"{"httpRequest": {"path": "/logo"}, "httpResponse": {"headers": {"Cache-Control": ["public, max-age=86400"], "Content-Length": ["9"]}, "cookies": {"seen": "1"}, "body": {"type": "BINARY", "base64Bytes": "iVBORw0KGgo=", "contentType": "image/png"}, "delay": {"timeUnit": "SECONDS", "value": 1}}}"#,
            #"{"httpRequest": {"path": "/feed"}, "httpResponse": {"body": {"type": "XML", "xml": "<feed/>"}, "reasonPhrase": "Fine"}}"#,
            #"{"httpRequest": {"path": "/upstream/.*"}, "httpForward": {"host": "backend.internal", "port": 8443, "scheme": "HTTPS"}}"#,
            #"{"httpRequest": {"path": "/flaky"}, "httpError": {"dropConnection": true}}"#,
            #"{"httpRequest": {"path": "/tpl"}, "httpResponse": {"body": "{{not a template}}"}}"#,
        ].joined(separator: ",") + "]")
        let report = try harness.importCleanly()
        #expect(report.stubs.contains { $0.notes.contains { $0.hasPrefix("httpResponse.reasonPhrase \"Fine\" is dropped") } }, "\(report)")
        let logo = try JSONParser.parse(try harness.root.bytes("logo.json")).root.value.arrayElementValues[0]
        #expect(logo["delay"] == .number(JSONNumber(1000)))
        #expect(logo["headers"] == .makeObject([("Cache-Control", .string("public, max-age=86400")), ("Set-Cookie", .string("seen=1")), ("Content-Type", .string("image/png"))]), "\(logo)")
        let upstream = try JSONParser.parse(try harness.root.bytes("upstream/{p1...}.json")).root.value.arrayElementValues[0]
        #expect(upstream["forward"] == .string("https://backend.internal:8443"))
        let flaky = try JSONParser.parse(try harness.root.bytes("flaky.json")).root.value.arrayElementValues[0]
        #expect(flaky["fault"] == .string("emptyResponse"))
        let answers = try await onOwnThread { [harness] in try serveFixtures(root: harness.root.path) { send throws in
            try ["/feed", "/tpl"].map { path throws in
                let response = try send("GET", path, [:], "")
                return "\(response.status) \(response.header("Content-Type") ?? "-") \(String(decoding: response.body, as: UTF8.self))"
            } }
        }
        #expect(answers == ["200 application/xml <feed/>", "200 text/plain; charset=utf-8 {{not a template}}"], "\(answers)")
    }

    @Test func whatHasNoEquivalentIsRefusedSayingWhy() async throws {
        let harness = try Harness("[" + [
            #"{"httpRequest": {"method": "!GET", "path": "/a"}, "httpResponse": {}}"#,
            #"{"httpRequest": {"path": "/tpl"}, "httpResponseTemplate": {"templateType": "VELOCITY", "template": "{}"}}"#,
            #"{"httpRequest": {"path": "/xml", "body": {"type": "XPATH", "xpath": "/a"}}, "httpResponse": {}}"#,
            #"{"httpRequest": {"path": "/colors", "queryStringParameters": {"keyMatchStyle": "MATCHING_KEY", "tag": ["red|blue"]}}, "httpResponse": {}}"#,
            #"{"httpRequest": {"path": "/not", "body": {"type": "JSON", "json": {"a": 1}, "not": true}}, "httpResponse": {}}"#,
            #"{"httpRequest": {"path": "/raw"}, "httpError": {"responseBytes": "eQ=="}}"#,
            #"{"httpRequest": {"path": "/early"}, "httpResponse": {"statusCode": 101}}"#,
            #"{"specUrlOrPayload": "https://example.com/openapi.json"}"#,
        ].joined(separator: ",") + "]")
        let report = try harness.run()
        let reasons = report.stubs.compactMap { stub -> String? in if case .notImported(let reason) = stub.outcome { reason } else { nil } }
        for expected in ["an entry answers one method (or ANY)", "a VELOCITY template rendering the response has no equivalent", "\"XPATH\" has no equivalent here",
                         "MATCHING_KEY", "a negated body has no equivalent", "raw bytes written outside HTTP", "101 is not a final status",
                         "an OpenAPI expectation has no equivalent here"] {
            #expect(reasons.contains { $0.contains(expected) }, "\(expected) in \(reasons)")
        }
        #expect(reasons.count == 8)
        #expect(report.description.hasSuffix("; 8 not imported (each line above says why and what to write instead)") && report.description.contains("imported 0 of 8 expectations into"), "\(report)")
        let broken = try Harness(#"{'httpRequest': {'path': '/a'}}"#)
        #expect(throws: ImportError.self) { try broken.run() }
    }

    // MARK: Audit MS1

    /// MockServer compares a value as text first, then as a pattern; names may hold `[`/`.`; a
    /// list-form name can be negated; anchors say nothing more; `type` it does not know is JSON.
    @Test func valuesNamesAndBodiesReadAsMockServerReadsThem() async throws {
        let harness = try Harness("[" + [
            Self.expectation(#""path": "/media", "headers": {"Accept": ["application/vnd.api+json"]}"#, body: #""json api""#),
            Self.expectation(#""path": "/lv/a+b""#, body: #""plus""#),
            Self.expectation(#""method": "POST", "path": "/price", "body": {"type": "REGEX", "regex": "total: $5"}"#, body: #""five""#),
            Self.expectation(#""path": "/no/h", "headers": [{"name": {"not": true, "value": "X-Block"}, "values": [".*"]}]"#, body: #""unblocked""#),
            Self.expectation(#""path": "/pages", "queryStringParameters": {"page[number]": ["2"]}"#, body: #""page two""#),
            Self.expectation(#""path": "^/anchored/x$""#, body: #""anchored""#),
            Self.expectation(#""method": "POST", "path": "/cars", "body": {"type": "car", "wheels": 4}"#, body: #"{"type": "order", "id": 7}"#),
            Self.expectation(#""path": "/opt/{id}", "pathParameters": {"?id": ["[0-9]+"]}"#, body: #""optional id""#),
            #"{"httpRequest": {"path": "/created"}, "httpResponse": {"statusCode": "201", "body": "made"}, "times": {"remainingTimes": 2.0, "unlimited": false}}"#,
        ].joined(separator: ",") + "]")
        try harness.importCleanly()
        let json = ["Content-Type": "application/json"]
        let answers = try await harness.answers([
            ("GET", "/media", ["Accept": "application/vnd.api+json"], ""), ("GET", "/lv/a+b", [:], ""), ("GET", "/lv/aab", [:], ""),
            ("POST", "/price", ["Content-Type": "text/plain"], "total: $5"),
            ("GET", "/no/h", [:], ""), ("GET", "/no/h", ["X-Block": "1"], ""),
            ("GET", "/pages?page%5Bnumber%5D=2", [:], ""), ("GET", "/anchored/x", [:], ""),
            ("POST", "/cars", json, #"{"type": "car", "wheels": 4, "colour": "red"}"#),
            ("GET", "/opt/7", [:], ""),
            ("GET", "/created", [:], ""), ("GET", "/created", [:], ""), ("GET", "/created", [:], ""),
        ])
        #expect(answers == ["200 json api", "200 plus", "200 plus", "200 five", "200 unblocked", "404", "200 page two", "200 anchored",
                            #"200 {"type":"order","id":7}"#, "200 optional id", "201 made", "201 made", "404"], "\(answers)")
        let any = try Harness(#"[{"httpRequest": {"method": "ANY", "path": "/x"}, "httpResponse": {}}]"#)
        guard case .notImported(let reason)? = try any.run().stubs.first?.outcome else { Issue.record("ANY was imported"); return }
        #expect(reason.contains("is a method name to MockServer, which no request sends"), "\(reason)")
    }

    @Test func ipv6ForwardsAndUnmatchedKeepAliveAreSaid() async throws {
        let harness = try Harness("[" + [
            #"{"httpRequest": {"path": "/v6"}, "httpForward": {"host": "::1", "port": 8080}}"#,
            #"{"httpRequest": {"path": "/ka", "keepAlive": true}, "httpResponse": {"body": "ka"}}"#,
        ].joined(separator: ",") + "]")
        let report = try harness.importCleanly()
        #expect(try JSONParser.parse(try harness.root.bytes("v6.json")).root.value.arrayElementValues[0]["forward"] == .string("http://[::1]:8080"))
        #expect(report.stubs.contains { $0.notes.contains { $0.hasPrefix("httpRequest.keepAlive is not matched") } }, "\(report)")
    }

    // MARK: Audit R2

    /// Numbers as Jackson reads them (any 32-bit priority, decimals cut), escaped slashes in a
    /// path, and a pattern only Java runs refused rather than compared as text.
    @Test func numbersEscapedSlashesAndJavaOnlyPatterns() async throws {
        let harness = try Harness("[" + [
            #"{"httpRequest": {"path": "\\/esc\\/x"}, "httpResponse": {"statusCode": 201.5, "body": "esc", "delay": {"timeUnit": "MILLISECONDS", "value": "300"}}, "priority": 2147483647}"#,
            #"{"httpRequest": {"path": "/low"}, "httpResponse": {"body": "low"}, "priority": -2147483648}"#,
            #"{"httpRequest": {"path": "/half"}, "httpResponse": {"body": "half"}, "priority": 1.5}"#,
        ].joined(separator: ",") + "]")
        try harness.importCleanly()
        let escaped = try JSONParser.parse(try harness.root.bytes("esc/x.json")).root.value.arrayElementValues[0]
        #expect(escaped["status"] == .number(JSONNumber(201)) && escaped["delay"] == .number(JSONNumber(300)), "\(escaped)")
        #expect(try await harness.answers([("GET", "/esc/x", [:], ""), ("GET", "/low", [:], ""), ("GET", "/half", [:], "")]) == ["201 esc", "200 low", "200 half"])
        let lookahead = try Harness(#"[{"httpRequest": {"path": "/u", "headers": {"X-Role": ["(?!admin).*"]}}, "httpResponse": {}}]"#)
        guard case .notImported(let reason)? = try lookahead.run().stubs.first?.outcome else { Issue.record("a lookahead was imported as text"); return }
        #expect(reason.contains("is a pattern ours cannot run"), "\(reason)")
    }

    // MARK: Audit R3

    /// `c++` is compared as text (ours cannot run it as Java would, and MockServer matches the
    /// text first); a bare `.+` path answers "/" too; a file's own "/" expectation leaves the
    /// every-path one out of index.json, which would never answer there.
    @Test func textValuesBarePlusAndTheRootsOwnEntry() async throws {
        let harness = try Harness("[" + [
            #"{"httpRequest": {"path": "/lang", "headers": {"X-Lang": ["c++"]}}, "httpResponse": {"body": "cpp"}}"#,
            #"{"httpRequest": {"path": ".+"}, "httpResponse": {"statusCode": 418, "body": "any"}, "priority": -1}"#,
        ].joined(separator: ",") + "]")
        try harness.importCleanly()
        #expect(try await harness.answers([("GET", "/lang", ["X-Lang": "c++"], ""), ("GET", "/", [:], ""), ("GET", "/x", [:], "")])
                    == ["200 cpp", "418 any", "418 any"])
        let withRoot = try Harness("[" + [
            #"{"httpRequest": {"path": "/"}, "httpResponse": {"body": "home"}}"#,
            #"{"httpRequest": {"path": "/.*"}, "httpResponse": {"statusCode": 418, "body": "any"}}"#,
        ].joined(separator: ",") + "]")
        try withRoot.importCleanly()
        #expect(try await withRoot.answers([("GET", "/", [:], ""), ("GET", "/x", [:], "")]) == ["200 home", "418 any"])
    }

    /// Java's POSIX classes are the ranges they stand for, and a typed body's keys are read in
    /// any case, as MockServer's reader reads them (audits R3 #2, MS1 #14).
    @Test func posixClassesAndTypedKeysInAnyCase() async throws {
        let harness = try Harness("[" + [
            #"{"httpRequest": {"path": "/code", "headers": {"X-Code": ["\\p{Alpha}+-[\\p{Digit}]{2}"]}}, "httpResponse": {"body": "code"}}"#,
            #"{"httpRequest": {"method": "POST", "path": "/log", "body": {"Type": "STRING", "String": "ERROR", "SubString": true}}, "httpResponse": {"body": "logged"}}"#,
        ].joined(separator: ",") + "]")
        try harness.importCleanly()
        let text = ["Content-Type": "text/plain"]
        let answers = try await harness.answers([("GET", "/code", ["X-Code": "abc-12"], ""), ("GET", "/code", ["X-Code": "abc-1x"], ""),
                                                 ("POST", "/log", text, "disk ERROR"), ("POST", "/log", text, "fine")])
        #expect(answers == ["200 code", "404", "200 logged", "404"], "\(answers)")
    }
}

