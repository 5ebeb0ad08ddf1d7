import Foundation
import MockFixtures
@testable import MockRecorder
import MockUpstream
import TestSupport
import Testing

/// `mockserver import --from hoverfly`: a simulation's pairs answer as Hoverfly answers them,
/// with its strongest-match choice (the highest score, the last of equals) kept. The expected
/// answers follow Hoverfly's matching and scoring source (`core/matching`).
@Suite struct HoverflyImportTests {
    /// A v5 simulation of `pairs`, with `data` members `extra` (`"literals": […]`).
    static func simulation(_ pairs: [String], extra: String = "", version: String = "v5.2") -> String {
        #"{"data": {"pairs": [\#(pairs.joined(separator: ",\n"))]\#(extra.isEmpty ? "" : ", " + extra)}, "meta": {"schemaVersion": "\#(version)", "hoverflyVersion": "v1.10.0"}}"#
    }

    /// `[{"matcher": name, "value": value}]`, the value written as JSON.
    static func m(_ name: String, _ value: String) -> String {
        #"[{"matcher": "\#(name)", "value": \#(value)}]"#
    }

    static func pair(_ request: String, status: Int = 200, body: String, extra: String = "") -> String {
        #"{"request": {\#(request)}, "response": {"status": \#(status), "body": \#(body), "encodedBody": false, "templated": false\#(extra.isEmpty ? "" : ", " + extra)}}"#
    }

    typealias Harness = ToolImportHarness<HoverflySimulation>

    /// Hoverfly answers with the matching pair of highest score (exact 2, others 1), the last
    /// of equals: priorities keep that across the files paths and patterns land in.
    @Test func theStrongestMatchIsKeptAcrossPathsAndPatterns() async throws {
        let get = #""method": \#(Self.m("exact", #""GET""#))"#
        let harness = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("exact", #""/api/users/42""#)), \#(get)"#, body: #""exact""#),
            Self.pair(#""path": \#(Self.m("glob", #""/api/users/*""#)), \#(get)"#, body: #""glob""#),
            Self.pair(#""path": \#(Self.m("regex", #""^/api/users/[0-9]+$""#)), \#(get)"#, body: #""regex""#),
            Self.pair(#""path": \#(Self.m("glob", #""/api/*""#))"#, body: #""api catch-all""#),
            Self.pair(#""path": \#(Self.m("exact", #""/api/users/42""#)), "method": \#(Self.m("exact", #""DELETE""#))"#, status: 204, body: #""""#),
            Self.pair(#""path": \#(Self.m("regex", #""report""#)), \#(get)"#, body: #""reports""#),
        ]))
        let report = try harness.importCleanly()
        #expect(report.stubs.contains { $0.notes.contains { $0.contains("is found anywhere in the path: it is served by the catch-all {p0...}.json at the root") } }, "\(report)")
        let answers = try await harness.answers([
            ("GET", "/api/users/42", [:], ""),        // exact 2+2 beats glob and regex (1+2)
            ("GET", "/api/users/7", [:], ""),         // glob and regex tie: the later, regex
            ("GET", "/api/users/7/orders", [:], ""),  // glob's * spans '/'; the regex ends with $
            ("DELETE", "/api/users/42", [:], ""),
            ("POST", "/api/other", [:], ""),          // only the catch-all takes any method
            ("GET", "/api/reports", [:], ""),         // an unanchored regex is found anywhere
            ("GET", "/v2/annual-report.pdf", [:], ""),
            ("POST", "/v2/annual-report.pdf", [:], ""),
        ])
        #expect(answers.map { $0.hasPrefix("404") ? "404" : $0 } == ["200 exact", "200 regex", "200 glob", "204 ", "200 api catch-all", "200 reports", "200 reports", "404"],
                "\(answers)")
    }

    @Test func queryAndHeaderMatchersMatchAsHoverflys() async throws {
        let search = #""path": \#(Self.m("exact", #""/search""#))"#
        let harness = try Harness(Self.simulation([
            Self.pair(search, body: #""search fallback""#),
            Self.pair(#"\#(search), "query": {"q": \#(Self.m("exact", #""shoes""#))}"#, body: #""q is shoes""#),
            Self.pair(#"\#(search), "query": {"q": \#(Self.m("glob", #""*""#))}"#, body: #""some q""#),
            Self.pair(#"\#(search), "query": {}"#, body: #""no query params""#),
            Self.pair(#"\#(search), "query": {"q": \#(Self.m("exact", #""shoes""#)), "size": \#(Self.m("regex", #""^4[0-9]$""#))}"#, body: #""shoes size 40-49""#),
            Self.pair(#"\#(search), "query": {"tag": [{"matcher": "array", "value": ["b", "a"], "config": {"ignoreOrder": true}}]}"#, body: #""tags a and b""#),
            Self.pair(#""path": \#(Self.m("exact", #""/secure""#))"#, status: 401, body: #""anonymous""#),
            Self.pair(#""path": \#(Self.m("exact", #""/secure""#)), "headers": {"authorization": \#(Self.m("glob", #""Bearer *""#))}"#, body: #""authorized""#),
            Self.pair(#""path": \#(Self.m("exact", #""/secure""#)), "headers": {"X-Trace-Id": []}"#, status: 401, body: #""traced""#),
            Self.pair(#""path": \#(Self.m("exact", #""/lang""#)), "headers": {"Accept-Language": \#(Self.m("exact", #""fr""#))}"#, body: #""bonjour""#),
            Self.pair(#""path": \#(Self.m("exact", #""/lang""#)), "headers": {"Accept-Language": \#(Self.m("negate", #""fr""#))}"#, body: #""hello""#),
            Self.pair(#""path": \#(Self.m("exact", #""/multi""#)), "headers": {"X-Flag": \#(Self.m("exact", #""on;off""#))}"#, body: #""flags""#),
        ]))
        try harness.importCleanly()
        let answers = try await harness.answers([
            ("GET", "/search?q=shoes", [:], ""),
            ("GET", "/search?q=boots", [:], ""),          // fallback and glob tie: the later
            ("GET", "/search", [:], ""),                  // fallback and {} tie: the later
            ("GET", "/search?page=2", [:], ""),           // {} takes no parameter
            ("GET", "/search?q=shoes&size=42", [:], ""),
            ("GET", "/search?q=shoes&size=38", [:], ""),
            ("GET", "/search?tag=b&tag=a", [:], ""),
            ("GET", "/search?tag=a&tag=b&tag=c", [:], ""), // c is unknown to the array matcher
            ("GET", "/secure", ["Authorization": "Bearer abc"], ""),
            ("GET", "/secure", ["Authorization": "bearer abc"], ""),
            ("GET", "/secure", ["X-Trace-Id": "t-1"], ""),
            ("GET", "/lang", ["Accept-Language": "fr"], ""),
            ("GET", "/lang", ["Accept-Language": "FR"], ""),
            ("GET", "/multi", ["X-Flag": "on;off"], ""),
            ("GET", "/multi", ["X-Flag": "on, off"], ""),  // two lines, as ours join them
        ])
        #expect(Array(answers.prefix(8)) == ["200 q is shoes", "200 some q", "200 no query params", "200 search fallback", "200 shoes size 40-49",
                                             "200 q is shoes", "200 tags a and b", "200 search fallback"], "\(answers)")
        #expect(Array(answers.dropFirst(8)) == ["200 authorized", "401 anonymous", "401 traced", "200 bonjour", "200 hello", "200 flags", "200 flags"], "\(answers)")
        // negate needs the header, as Hoverfly's does.
        #expect(try await harness.answers([("GET", "/lang", [:], "")])[0].hasPrefix("404"))
    }

    @Test func bodyMatchersMatchAsHoverflys() async throws {
        let post = #""method": \#(Self.m("exact", #""POST""#))"#
        let harness = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("exact", #""/orders""#)), \#(post), "body": \#(Self.m("json", #""{\"item\": \"apple\", \"qty\": 1}""#))"#, status: 201, body: #""json exact""#),
            Self.pair(#""path": \#(Self.m("exact", #""/orders""#)), \#(post), "body": \#(Self.m("jsonPartial", #""{\"item\": \"apple\"}""#))"#, status: 201, body: #""partial apple""#),
            Self.pair(#""path": \#(Self.m("exact", #""/orders""#)), \#(post), "body": \#(Self.m("jsonpath", #""$.coupon""#))"#, status: 201, body: #""has coupon""#),
            Self.pair(#""path": \#(Self.m("exact", #""/chain""#)), \#(post), "body": [{"matcher": "jsonpath", "value": "$.user.id", "doMatch": {"matcher": "exact", "value": "1"}}]"#, body: #""user 1""#),
            Self.pair(#""path": \#(Self.m("exact", #""/token""#)), \#(post), "body": [{"matcher": "form", "value": {"grant_type": \#(Self.m("exact", #""client_credentials""#))}}]"#, body: #""token""#),
            Self.pair(#""path": \#(Self.m("exact", #""/notes""#)), \#(post), "body": \#(Self.m("glob", #""*urgent*""#))"#, status: 202, body: #""urgent note""#),
            Self.pair(#""path": \#(Self.m("exact", #""/tags""#)), \#(post), "body": \#(Self.m("jsonPartial", #""{\"tags\": [\"b\"]}""#))"#, body: #""has b""#),
        ]))
        try harness.importCleanly()
        let json = ["Content-Type": "application/json"]
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let text = ["Content-Type": "text/plain"]
        let answers = try await harness.answers([
            ("POST", "/orders", json, #"{"qty": 1, "item": "apple"}"#),                  // json and jsonPartial tie: the later
            ("POST", "/orders", json, #"{"item": "apple", "qty": 1, "coupon": "SAVE10"}"#), // partial and jsonpath tie: the later
            ("POST", "/orders", json, #"{"item": "pear"}"#),
            ("POST", "/chain", json, #"{"user": {"id": 1}}"#),                            // 1 passes on as "1"
            ("POST", "/chain", json, #"{"user": {"id": "1"}}"#),
            ("POST", "/chain", json, #"{"user": {"id": 12}}"#),
            ("POST", "/token", form, "grant_type=client_credentials&scope=read"),
            ("POST", "/token", form, "grant_type=password"),
            ("POST", "/notes", text, "an urgent fix"),
            ("POST", "/notes", text, "URGENT"),
            ("POST", "/tags", json, #"{"tags": ["a", "b", "c"], "x": 1}"#),              // partial arrays hold the listed elements
        ])
        #expect(answers.map { $0.hasPrefix("404") ? "404" : $0 } == ["201 partial apple", "201 has coupon", "404", "200 user 1", "200 user 1", "404",
                                                                      "200 token", "404", "202 urgent note", "404", "200 has b"], "\(answers)")
    }

    /// A `jsonpath` that is not a plain member path (an index, a filter) becomes a
    /// `requestJsonPath` query; a `doMatch` after one that can select several values is refused.
    @Test func jsonPathFiltersAndIndexesBecomeRequestJsonPathQueries() async throws {
        let post = #""method": \#(Self.m("exact", #""POST""#))"#
        let harness = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("exact", #""/orders""#)), \#(post), "body": [{"matcher": "jsonpath", "value": "$.items[0].sku", "doMatch": {"matcher": "exact", "value": "A1"}}]"#, body: #""first is A1""#),
            Self.pair(#""path": \#(Self.m("exact", #""/bulk""#)), \#(post), "body": \#(Self.m("jsonpath", #""$.items[?(@.qty > 5)]""#))"#, body: #""bulk""#),
            Self.pair(#""path": \#(Self.m("exact", #""/first""#)), \#(post), "body": [{"matcher": "jsonpath", "value": "$.items[0]", "doMatch": {"matcher": "jsonPartial", "value": "{\"sku\": \"A1\"}"}}]"#, body: #""first""#),
        ]))
        let report = try harness.importCleanly()
        #expect(report.stubs.contains { $0.notes.contains { $0.contains("a jsonpath filter or wildcard must select something here") } }, "\(report.stubs.map(\.notes))")
        let json = ["Content-Type": "application/json"]
        let answers = try await harness.answers([
            ("POST", "/orders", json, #"{"items": [{"sku": "A1"}, {"sku": "B2"}]}"#), ("POST", "/orders", json, #"{"items": [{"sku": "B2"}, {"sku": "A1"}]}"#),
            ("POST", "/bulk", json, #"{"items": [{"qty": 9}]}"#), ("POST", "/bulk", json, #"{"items": [{"qty": 1}]}"#),
            ("POST", "/first", json, #"{"items": [{"sku": "A1", "qty": 2}]}"#),
        ])
        #expect(answers.map { $0.hasPrefix("404") ? "404" : $0 } == ["200 first is A1", "404", "200 bulk", "404", "200 first"], "\(answers)")
        let refused = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("exact", #""/x""#)), \#(post), "body": [{"matcher": "jsonpath", "value": "$.items[*].sku", "doMatch": {"matcher": "exact", "value": "A1"}}]"#, body: #""x""#),
        ])).run()
        #expect(refused.description.contains("request.body[0].doMatch: follows \"$.items[*].sku\", which can select several values"), "\(refused)")
    }

    /// Hoverfly's state keys are scenarios here: a `sequence:` key starts at "1" (ours
    /// `started`), another key unset (`started` too); `removesState` sets it back.
    @Test func stateBecomesScenarios() async throws {
        let basket = #""path": \#(Self.m("exact", #""/basket""#))"#
        let harness = try Harness(Self.simulation([
            Self.pair(#"\#(basket), "requiresState": {"sequence:basket": "1"}"#, body: #""[]""#, extra: #""transitionsState": {"sequence:basket": "2"}"#),
            Self.pair(#"\#(basket), "requiresState": {"sequence:basket": "2"}"#, body: #""[\"apple\"]""#, extra: #""transitionsState": {"sequence:basket": "3"}"#),
            Self.pair(#"\#(basket), "requiresState": {"sequence:basket": "3"}"#, body: #""[\"apple\", \"pear\"]""#),
            Self.pair(#""path": \#(Self.m("exact", #""/login""#))"#, body: #""welcome""#, extra: #""transitionsState": {"loggedIn": "true"}"#),
            Self.pair(#""path": \#(Self.m("exact", #""/profile""#)), "requiresState": {"loggedIn": "true"}"#, body: #""profile""#),
            Self.pair(#""path": \#(Self.m("exact", #""/profile""#))"#, status: 401, body: #""please log in""#),
            Self.pair(#""path": \#(Self.m("exact", #""/logout""#))"#, status: 204, body: #""""#, extra: #""removesState": ["loggedIn"]"#),
        ]))
        try harness.importCleanly()
        #expect(try harness.entries("basket.json")[0]["state"] == .string("started"))
        let answers = try await harness.answers(["/basket", "/basket", "/basket", "/basket", "/profile", "/login", "/profile", "/logout", "/profile"].map { ("GET", $0, [:], "") })
        #expect(answers == ["200 []", #"200 ["apple"]"#, #"200 ["apple","pear"]"#, #"200 ["apple","pear"]"#, "401 please log in", "200 welcome",
                            "200 profile", "204 ", "401 please log in"], "\(answers)")
    }

    @Test func templatesBodiesAndFilesConvert() async throws {
        let harness = try Harness(Self.simulation([
            #"{"request": {"path": \#(Self.m("regex", #""^/users/[0-9]+$""#))}, "response": {"status": 200, "templated": true, "headers": {"Content-Type": ["application/json"], "X-Echo": ["{{ Request.Header.X-Request-Id }}"]}, "#
                + #""body": "{\"id\": \"{{ Request.Path.[1] }}\", \"at\": \"{{ Request.Path.[0] }}\", \"q\": \"{{{ Request.QueryParam.q }}}\", \"m\": \"{{ Request.Method }}\", \"company\": \"{{ Literals.company }}\", \"n\": \"{{ randomIntegerRange 3 4 }}\"}"}}"#,
            #"{"request": {"path": \#(Self.m("exact", #""/echo""#))}, "response": {"status": 200, "templated": true, "body": "name={{{ Request.Body 'jsonpath' '$.name' }}} day={{ now '' '2006-01-02' }}"}}"#,
            #"{"request": {"path": \#(Self.m("exact", #""/hello.txt""#))}, "response": {"status": 200, "encodedBody": true, "body": "SGVsbG8sIFdvcmxkIQ==", "headers": {"Content-Type": ["text/plain"], "Content-Length": ["13"]}}}"#,
            #"{"request": {"path": \#(Self.m("exact", #""/report""#))}, "response": {"status": 200, "bodyFile": "files/report.csv", "headers": {"Content-Type": ["text/csv"]}}}"#,
            #"{"request": {"path": \#(Self.m("exact", #""/greeting""#))}, "response": {"status": 200, "templated": true, "bodyFile": "files/greeting.txt"}}"#,
        ], extra: #""literals": [{"name": "company", "value": "Acme & Sons"}]"#),
            files: ["files/report.csv": "a,b\n1,2\n", "files/greeting.txt": "hello {{ Request.QueryParam.name }}"])
        let report = try harness.importCleanly()
        #expect(report.stubs.contains { $0.notes.contains { $0.hasPrefix("Hoverfly escapes a {{…}} request value for HTML") } }, "\(report)")
        #expect(try harness.root.text("__files/files/report.csv") == "a,b\n1,2\n")
        let answers = try await harness.answers([
            ("GET", "/users/42?q=a%26b", ["X-Request-Id": "r-1"], ""),
            ("POST", "/echo", ["Content-Type": "application/json"], #"{"name": "Rey"}"#),
            ("GET", "/hello.txt", [:], ""),
            ("GET", "/report", [:], ""),
            ("GET", "/greeting?name=Ann", [:], ""),
        ])
        #expect(sameJSON(Array(answers[0].dropFirst(4).utf8), #"{"id": "42", "at": "users", "q": "a&b", "m": "GET", "company": "Acme &amp; Sons", "n": "3"}"#), "\(answers[0])")
        let today = try #require(answers[1].split(separator: "day=").last)
        #expect(answers[1].hasPrefix("200 name=Rey day=") && today.count == 10 && today.split(separator: "-").count == 3, "\(answers[1])")
        #expect(Array(answers.dropFirst(2)) == ["200 Hello, World!", "200 a,b\n1,2\n", "200 hello Ann"], "\(answers)")
        let echoed = try await onOwnThread { [harness] in try serveFixtures(root: harness.root.path) { send throws in try send("GET", "/users/1", ["X-Request-Id": "r-9"], "").header("X-Echo") } }
        #expect(echoed == "r-9", "header values are templated too")
    }

    @Test func delaysAndGlobalDelaysBecomeEntryDelays() async throws {
        let harness = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("exact", #""/slow""#)), "method": \#(Self.m("exact", #""GET""#))"#, body: #""slow""#),
            Self.pair(#""path": \#(Self.m("exact", #""/fixed""#))"#, body: #""fixed""#, extra: #""fixedDelay": 300"#),
            Self.pair(#""path": \#(Self.m("exact", #""/spread""#))"#, body: #""spread""#, extra: #""logNormalDelay": {"min": 0, "max": 10000, "mean": 5000, "median": 500}"#),
            Self.pair(#""path": \#(Self.m("exact", #""/orders""#)), "method": \#(Self.m("exact", #""POST""#))"#, status: 202, body: #""accepted""#, extra: #""fixedDelay": 100"#),
        ], extra: #""globalActions": {"delays": [{"urlPattern": "api\\.example\\.com/slow", "httpMethod": "GET", "delay": 2000}, {"urlPattern": ".", "httpMethod": "POST", "delay": 500}], "delaysLogNormal": []}"#))
        let report = try harness.importCleanly()
        #expect(try harness.entries("slow.json")[0]["delay"] == .number(JSONNumber(2000)), "\(report)")
        #expect(try harness.entries("fixed.json")[0]["delay"] == .number(JSONNumber(300)))
        // σ = √(2 ln(mean / median)) = √(2 ln 10).
        #expect(try harness.entries("spread.json")[0]["delay"] == .makeObject([("median", .number(JSONNumber(500))), ("sigma", .number(JSONNumber(literal: "2.1460"))),
                                                                               ("max", .number(JSONNumber(10000)))]))
        #expect(try harness.entries("orders.json")[0]["delay"] == .number(JSONNumber(600)), "the global 500 ms adds to the pair's 100")
        #expect(report.stubs.first { $0.shown.hasSuffix("/slow") }?.notes.contains { $0.contains("read for its path part") } == true)
    }

    @Test func whatHasNoEquivalentIsRefusedSayingWhy() async throws {
        let path = { (value: String) in #""path": \#(Self.m("exact", "\"\(value)\""))"# }
        let harness = try Harness(Self.simulation([
            Self.pair(path("/state"), body: #""{{ State.x }}""#, extra: #""templated": true"#),
            Self.pair(#"\#(path("/xml")), "body": \#(Self.m("xpath", #""/order""#))"#, body: #""x""#),
            Self.pair(#"\#(path("/two")), "requiresState": {"a": "1", "b": "2"}"#, body: #""x""#),
            Self.pair(path("/early"), status: 103, body: #""x""#),
            Self.pair(#""path": [{"matcher": "glob", "value": "/a/*"}, {"matcher": "regex", "value": "b$"}]"#, body: #""x""#),
            Self.pair(#"\#(path("/m")), "method": \#(Self.m("regex", #""GET|POST""#))"#, body: #""x""#),
            Self.pair(path("/vars"), body: #""{{ Vars.id }}""#, extra: #""templated": true"#),
            Self.pair(path("/state"), body: #""the same request matchers again""#),
        ]))
        let report = try harness.run()
        let reasons = report.stubs.compactMap { stub -> String? in if case .notImported(let reason) = stub.outcome { reason } else { nil } }
        #expect(reasons.count == 7, "\(report)")
        for expected in ["reads Hoverfly's state, which ours cannot", "\"xpath\" has no equivalent for a body here", "uses the state keys \"a\", \"b\"",
                         "103 is not a final status (200-599): a 1xx answer", "holds 2 matchers that must all hold", "an entry answers one method (or ANY)",
                         "reads a variable of data.variables"] {
            #expect(reasons.contains { $0.contains(expected) }, "\(expected) in \(reasons)")
        }
        #expect(report.notes.contains { $0.contains("#7 is not imported: its request matchers are") && $0.contains("#0's, and Hoverfly keeps the first") }, "\(report.notes)")
        #expect(!report.isComplete)
        let old = try Harness(Self.simulation([Self.pair(path("/a"), body: #""a""#)], version: "v2"))
        #expect(throws: ImportError.self) { try old.run() }
    }

    /// v3/v4 files (`exactMatch`, header value lists, `queriesWithMatchers`) are upgraded as
    /// Hoverfly upgrades them.
    @Test func version4SimulationsAreUpgraded() async throws {
        let harness = try Harness(Self.simulation([
            #"{"request": {"path": {"exactMatch": "/v4"}, "method": {"exactMatch": "GET"}, "headers": {"X-Team": ["core"]}, "queriesWithMatchers": {"page": {"globMatch": "*"}}}, "response": {"status": 200, "body": "v4", "encodedBody": false, "templated": false}}"#,
            #"{"request": {"path": {"exactMatch": "/v4"}, "method": {"exactMatch": "GET"}}, "response": {"status": 410, "body": "none", "encodedBody": false, "templated": false}}"#,
        ], version: "v4"))
        try harness.importCleanly()
        let answers = try await harness.answers([("GET", "/v4?page=2", ["X-Team": "core"], ""), ("GET", "/v4", ["X-Team": "core"], ""), ("GET", "/v4?page=2", [:], "")])
        #expect(answers == ["200 v4", "410 none", "410 none"], "\(answers)")
    }

    /// Hoverfly's regex searches the path: without `$` it takes what follows, without `^` it is
    /// read from the start (noted), and one naming no `/` is found anywhere.
    @Test func regexPathsAndWholeQueriesReadAsHoverflys() async throws {
        let harness = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("regex", #""^/users/\\d+""#))"#, body: #""user""#),
            Self.pair(#""path": \#(Self.m("regex", #""/items/[a-z]+$""#))"#, body: #""item""#),
            Self.pair(#""path": \#(Self.m("exact", #""/find""#)), "deprecatedQuery": \#(Self.m("exact", #""a=1&b=2""#))"#, body: #""found""#),
            Self.pair(#""method": \#(Self.m("exact", #""PUT""#))"#, body: #""any path""#),
        ]))
        let report = try harness.importCleanly()
        #expect(report.stubs.contains { $0.notes.contains { $0.contains("is not anchored: Hoverfly's regex also finds it further into a path") } }, "\(report)")
        let answers = try await harness.answers([
            ("GET", "/users/12", [:], ""), ("GET", "/users/12/orders", [:], ""), ("GET", "/users/x", [:], ""),
            ("GET", "/items/pens", [:], ""), ("GET", "/items/Pens", [:], ""),
            ("GET", "/find?b=2&a=1", [:], ""), ("GET", "/find?a=1&b=2&c=3", [:], ""),
            ("PUT", "/any/thing", [:], ""), ("PUT", "/", [:], ""),   // no path matcher answers '/' too (index.json)
        ])
        #expect(answers.map { $0.hasPrefix("404") ? "404" : $0 } == ["200 user", "200 user", "404", "200 item", "404", "200 found", "404", "200 any path", "200 any path"], "\(answers)")
    }

    @Test(arguments: [
        ("2006-01-02T15:04:05Z07:00", "yyyy-MM-dd'T'HH:mm:ss'Z'"),
        ("02/01/06 15:04", "dd/MM/yy HH:mm"),
        ("Mon, 02 Jan 2006 15:04:05 MST", "EEE, dd MMM yyyy HH:mm:ss 'UTC'"),
        ("2006-01-02 at 15h", "yyyy-MM-dd 'at' HH'h'"),
        ("15:04 o'clock", "HH:mm 'o''clock'"),
        ("2006-01-02TZ07:00", "yyyy-MM-dd'TZ'"),
    ])
    func goLayoutsBecomeDatePatterns(layout: String, pattern: String) {
        #expect(HoverflyTemplate.pattern(goLayout: layout) == pattern)
    }

    @Test(arguments: ["3:04PM", "January 2", "Monday", "2006-002", "_2 Jan"])
    func layoutPartsOursCannotWriteAreRefused(layout: String) {
        #expect(HoverflyTemplate.pattern(goLayout: layout) == nil)
    }

    @Test func nowOffsetsAndFormatsConvert() async throws {
        var template = HoverflyTemplate(path: ImportedPath(), literals: [:])
        #expect(try template.converted("{{ now '1d' 'unix' }}", at: "k") == "{{now+1d.epoch}}")
        #expect(try template.converted("{{ now '-1h30m' 'epoch' }}", at: "k") == "{{now-90m.epochMillis}}")
        #expect(try template.converted("{{ now '' '' }}", at: "k") == "{{now.format(yyyy-MM-dd'T'HH:mm:ss'Z')}}")
        #expect(try template.converted("{{ currentDateTimeSubtract '2d' '2006' }}", at: "k") == "{{now-2d.format(yyyy)}}")
        #expect(throws: StubRefusal.self) { try template.converted("{{ now '1y' 'unix' }}", at: "k") }
        #expect(throws: StubRefusal.self) { try template.converted("{{ now '500ms' '' }}", at: "k") }
    }

    /// A folder of simulations, their destinations reported, and `--files` for body files, from
    /// the command line.
    @Test func theCommandImportsAFolderAndReportsDestinations() async throws {
        let first = Self.simulation([Self.pair(#""destination": \#(Self.m("exact", #""api.example.com""#)), "path": \#(Self.m("exact", #""/a""#))"#, body: #""a""#)])
        let second = Self.simulation([#"{"request": {"destination": \#(Self.m("exact", #""auth.example.com""#)), "path": \#(Self.m("exact", #""/token""#))}, "response": {"status": 200, "bodyFile": "token.json"}}"#])
        let folder = try TemporaryFolder(["sims/1.json": first, "sims/2.json": second, "bodies/token.json": #"{"token": "t"}"#], label: "hoverfly")
        let root = try TemporaryFolder(label: "imported")
        let run = try await MockServerProcess.run(["import", "--from", "hoverfly", folder.path + "/sims", "--files", folder.path + "/bodies", "--root", root.path])
        #expect(run.status == 0, "\(run.standardOutput) \(run.standardError)")
        #expect(run.standardOutput.contains("note: the destinations api.example.com, auth.example.com are not matched, so their pairs are served from one root"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("imported 2 of 2 pairs into"), "the summary counts what Hoverfly calls them: \(run.standardOutput)")
        #expect(try root.text("__files/token.json") == #"{"token": "t"}"#)
        let token = try await onOwnThread { [root] in try serveFixtures(root: root.path) { send throws in try send("GET", "/token", [:], "").body } }
        #expect(token == Array(#"{"token": "t"}"#.utf8))
    }

    // MARK: Audit H1

    /// Hoverfly joins a parameter's occurrences with `;`, and its body glob spans lines.
    @Test func repeatedParametersAndMultiLineBodiesMatchAsHoverflys() async throws {
        let search = #""path": \#(Self.m("exact", #""/search""#))"#
        let harness = try Harness(Self.simulation([
            Self.pair(search, body: #""fallback""#),
            Self.pair(#"\#(search), "query": {"q": \#(Self.m("exact", #""shoes""#))}"#, body: #""q is shoes""#),
            Self.pair(#"\#(search), "query": {"q": \#(Self.m("glob", #""*""#))}"#, body: #""some q""#),
            Self.pair(#""path": \#(Self.m("exact", #""/tags""#)), "query": {"tag": \#(Self.m("exact", #""a;b""#))}"#, body: #""a then b""#),
            Self.pair(#""path": \#(Self.m("exact", #""/notes""#)), "body": \#(Self.m("glob", #""*urgent*""#))"#, status: 202, body: #""urgent""#),
        ]))
        try harness.importCleanly()
        let text = ["Content-Type": "text/plain"]
        let answers = try await harness.answers([
            ("GET", "/search?q=shoes&q=boots", [:], ""),   // "shoes;boots" is not "shoes"
            ("GET", "/search?q=shoes", [:], ""),
            ("GET", "/tags?tag=a&tag=b", [:], ""), ("GET", "/tags?tag=a%3Bb", [:], ""), ("GET", "/tags?tag=a", [:], ""),
            ("POST", "/notes", text, "first line\nan urgent fix\nthird"),
        ])
        #expect(answers.map { $0.hasPrefix("404") ? "404" : $0 } == ["200 some q", "200 q is shoes", "200 a then b", "200 a then b", "404", "202 urgent"], "\(answers)")
    }

    /// What a capture holds (a recorded Date), pairs equal but for key order, a lower-case
    /// method, and templates the import fills in whole import cleanly, as Hoverfly serves them.
    @Test func capturesDuplicatesAndResolvedTemplatesImportCleanly() async throws {
        let harness = try Harness(Self.simulation([
            #"{"request": {"path": \#(Self.m("exact", #""/users""#)), "method": \#(Self.m("exact", #""GET""#))}, "response": {"status": 200, "body": "[]", "headers": {"Date": ["Tue, 01 Oct 2024 10:00:00 GMT"], "Content-Type": ["application/json"]}}}"#,
            #"{"request": {"method": \#(Self.m("exact", #""GET""#)), "path": \#(Self.m("exact", #""/users""#))}, "response": {"status": 500, "body": "second"}}"#,
            Self.pair(#""path": \#(Self.m("exact", #""/lower""#)), "method": \#(Self.m("exact", #""get""#))"#, body: #""lower""#),
            Self.pair(#""path": \#(Self.m("exact", #""/lit""#))"#, body: #""{{ Literals.name }} at {{ Request.Path.[0] }}""#, extra: #""templated": true"#),
            Self.pair(#""path": \#(Self.m("exact", #""/open""#))"#, body: #""{{ oops""#, extra: #""templated": true"#),
            Self.pair(#""path": \#(Self.m("exact", #""/missing""#))"#, body: #""[{{ Request.Nope }}]""#, extra: #""templated": true"#),
        ], extra: #""literals": [{"name": "name", "value": "Ann"}]"#))
        let report = try harness.importCleanly()
        #expect(report.notes.contains { $0.contains("#1 is not imported: its request matchers are") }, "key order does not make a pair new: \(report.notes)")
        #expect(report.notes.contains { $0.contains("#2 is not imported: its method \"get\" answers only requests sending \"get\"") })
        #expect(report.notes.contains { $0 == "the recorded Date header of 1 pair is left out: the server sends the current date" }, "\(report.notes)")
        #expect(!report.stubs.contains { $0.notes.contains { $0.hasPrefix("Hoverfly escapes") } }, "a literal and a path's text are not request values")
        #expect(try harness.entries("lit.json")[0]["template"] == nil, "nothing is left to fill in")
        let answers = try await harness.answers([("GET", "/users", [:], ""), ("GET", "/lit", [:], ""), ("GET", "/open", [:], ""), ("GET", "/missing", [:], "")])
        #expect(answers == ["200 []", "200 Ann at lit", "200 {{ oops", "200 []"], "\(answers)")
    }

    @Test func pathsHoverflyMatchesAreNotRefused() async throws {
        let harness = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("regex", #""^\\/esc\\/users\\/\\d+$""#))"#, body: #""escaped""#),
            Self.pair(#""path": \#(Self.m("exact", #""/a b""#))"#, body: #""space""#),
            Self.pair(#""path": \#(Self.m("glob", #""*/users""#))"#, body: #""ends in users""#),
        ]))
        try harness.importCleanly()
        let answers = try await harness.answers([("GET", "/esc/users/12", [:], ""), ("GET", "/a%20b", [:], ""), ("GET", "/users", [:], ""), ("GET", "/x/y/users", [:], ""),
                                           ("GET", "/xusers", [:], "")])
        #expect(answers.map { $0.hasPrefix("404") ? "404" : $0 } == ["200 escaped", "200 space", "200 ends in users", "200 ends in users", "404"], "\(answers)")
        let caseless = try Harness(Self.simulation([Self.pair(#""path": \#(Self.m("regex", #""(?i)^/case$""#))"#, body: #""x""#)]))
        let report = try caseless.run()
        guard case .notImported(let reason)? = report.stubs.first?.outcome else { Issue.record("\(report)"); return }
        #expect(reason.contains("ignores case in the path"), "\(reason)")
    }

    /// A removed `sequence:` key answers no step (Hoverfly's pairs need it set); a global delay
    /// anchored at the path never applies (Hoverfly reads host then path).
    @Test func removedSequencesAndAnchoredGlobalDelays() async throws {
        let harness = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("exact", #""/s""#)), "requiresState": {"sequence:x": "1"}"#, body: #""one""#, extra: #""transitionsState": {"sequence:x": "2"}"#),
            Self.pair(#""path": \#(Self.m("exact", #""/s""#)), "requiresState": {"sequence:x": "2"}"#, body: #""two""#),
            Self.pair(#""path": \#(Self.m("exact", #""/clear""#))"#, body: #""cleared""#, extra: #""removesState": ["sequence:x"]"#),
            Self.pair(#""path": \#(Self.m("exact", #""/d/g1""#))"#, body: #""g""#),
        ], extra: #""globalActions": {"delays": [{"urlPattern": "^/d/g1", "httpMethod": "", "delay": 500}], "delaysLogNormal": []}"#))
        try harness.importCleanly()
        #expect(try harness.entries("d/g1.json")[0]["delay"] == nil)
        let answers = try await harness.answers(["/s", "/s", "/clear", "/s"].map { ("GET", $0, [:], "") })
        #expect(answers.map { $0.hasPrefix("404") ? "404" : $0 } == ["200 one", "200 two", "200 cleared", "404"], "\(answers)")
    }

    @Test func aFolderSkipsFilesThatAreNoSimulationAndOtherToolsAreNamed() async throws {
        let folder = try TemporaryFolder(["sims/a.json": Self.simulation([Self.pair(#""path": \#(Self.m("exact", #""/a""#))"#, body: #""a""#)]),
                                          "sims/user.json": #"{"id": 1}"#], label: "hoverfly")
        let root = try TemporaryFolder(label: "imported")
        let report = try HoverflyImporter(root: root.path).importSimulations(from: [folder.path + "/sims"])
        #expect(report.isComplete && report.notes.contains { $0.hasSuffix("user.json is not a Hoverfly simulation (no \"data\": {\"pairs\": […]}), so it is not read") }, "\(report)")
        let wireMock = try TemporaryFolder(["stub.json": #"{"request": {"urlPath": "/a"}, "response": {"status": 200}}"#], label: "wiremock")
        #expect { try HoverflyImporter(root: root.path).importSimulations(from: [wireMock.path + "/stub.json"]) } throws: { error in
            "\(error)".hasSuffix("it looks like a WireMock stub file: import it with --from wiremock")
        }
    }

    /// Answer headers the server writes itself are named when left out; a Host matcher, which
    /// Hoverfly never matches, refuses the pair.
    @Test func droppedHeadersAreNamedAndHostMatchersRefused() async throws {
        let harness = try Harness(Self.simulation([
            #"{"request": {"path": \#(Self.m("exact", #""/h""#))}, "response": {"status": 200, "body": "h", "headers": {"Keep-Alive": ["timeout=5"], "X-Empty": [""], "X-Kept": ["1"], "Content-Length": ["1"]}}}"#,
            Self.pair(#""path": \#(Self.m("exact", #""/host""#)), "headers": {"Host": \#(Self.m("exact", #""example.test""#))}"#, body: #""host""#),
        ]))
        let report = try harness.run()
        #expect(report.stubs.first?.notes.contains("response.headers Keep-Alive, X-Empty are left out: the server writes its own connection and framing headers, and sends no header without a value") == true, "\(report)")
        guard case .notImported(let reason)? = report.stubs.last?.outcome else { Issue.record("\(report)"); return }
        #expect(reason.contains("is never matched by Hoverfly"), "\(reason)")
    }

    // MARK: Audit R2

    @Test func literalsWithBracesFlagsInPathsAndBrokenBodiesAsHoverflyReadsThem() async throws {
        let harness = try Harness(Self.simulation([
            Self.pair(#""path": \#(Self.m("exact", #""/lit""#))"#, body: #""{{ Literals.tpl }}""#, extra: #""templated": true"#),
            Self.pair(#""path": \#(Self.m("regex", #""(?s)^/flag/[0-9]+$""#))"#, body: #""flag""#),
            Self.pair(#""path": \#(Self.m("exact", #""/d""#))"#, body: #""d""#),
        ], extra: #""literals": [{"name": "tpl", "value": "{{ not a placeholder }}"}], "globalActions": {"delays": [{"urlPattern": "^localhost/d", "httpMethod": "", "delay": 400}], "delaysLogNormal": []}"#))
        try harness.importCleanly()
        #expect(try harness.entries("d.json")[0]["delay"] == nil, "Hoverfly reads localhost:8500/d, which ^localhost/ never matches")
        let answers = try await harness.answers([("GET", "/lit", [:], ""), ("GET", "/flag/7", [:], "")])
        #expect(answers == ["200 {{ not a placeholder }}", "200 flag"], "\(answers)")
        let refused = try Harness(Self.simulation([
            #"{"request": {"path": \#(Self.m("exact", #""/bad64""#))}, "response": {"status": 200, "body": "not base64!", "encodedBody": true}}"#,
            Self.pair(#""path": \#(Self.m("exact", #""/search?q=1""#))"#, body: #""q""#),
            // An escaped backslash before the slash is a backslash in the path, not `\/`.
            Self.pair(#""path": \#(Self.m("regex", #""^/r6/a\\\\/b$""#))"#, body: #""backslash""#),
        ]))
        let refusedReport = try refused.run()
        let reasons = refusedReport.stubs.compactMap { stub -> String? in if case .notImported(let reason) = stub.outcome { reason } else { nil } }
        #expect(reasons.count == 2 && reasons[0].contains("holds a '?'") && reasons[1].contains("contains a '\\'"), "\(reasons)")
        // Go keeps the whole groups of four before the first bad character: "not " has none.
        #expect(refusedReport.stubs[0].notes.contains { $0.hasPrefix("response.body is not base64: Hoverfly sends what decodes before the first bad character (nothing)") }, "\(refusedReport)")
    }

    @Test func aBrokenSimulationInAFolderFailsAndWireMockNamesOtherTools() throws {
        let folder = try TemporaryFolder(["sims/a.json": Self.simulation([Self.pair(#""path": \#(Self.m("exact", #""/a""#))"#, body: #""a""#)]),
                                          "sims/b.json": #"{"data": {"pairs": [}"#], label: "hoverfly")
        let root = try TemporaryFolder(label: "imported")
        let folderReport = try HoverflyImporter(root: root.path).importSimulations(from: [folder.path + "/sims"])
        #expect(!folderReport.isComplete && folderReport.importedCount == 1, "the broken file is a line of its own: \(folderReport)")
        #expect(folderReport.description.contains("sims/b.json → not imported: not valid JSON (1:"), "\(folderReport)")
        let report = try WireMockImporter(root: root.path).importStubs(from: [folder.path + "/sims/a.json"])
        guard case .notImported(let reason)? = report.stubs.first?.outcome else { Issue.record("\(report)"); return }
        #expect(reason.hasSuffix("it looks like a Hoverfly simulation file: import it with --from hoverfly"), "\(reason)")
    }
}

