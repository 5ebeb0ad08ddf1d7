import Foundation
import MockFixtures
import MockRecorder
import MockUpstream
import TestSupport
import Testing

/// `mockserver import --from wiremock`: each stub becomes an entry that answers what WireMock
/// answered, or is refused naming the key that has no equivalent.
@Suite struct WireMockImportTests {
    // MARK: URLs

    @Test func aURLPathBecomesTheFileServingIt() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "GET", "urlPath": "/api/users/1"},
             "response": {"status": 200, "jsonBody": {"id": 1, "name": "Luke"}, "headers": {"X-Trace": "abc"}}}
            """#)
        let report = try harness.importCleanly()
        #expect(report.stubs.first?.outcome == .added(file: "api/users/1.json", entry: 0))
        let answer = try await harness.served { send throws in try send("GET", "/api/users/1?any=1", [:], "") }
        #expect(answer.status == 200)
        #expect(sameJSON(answer.body, #"{"id": 1, "name": "Luke"}"#))
        #expect(answer.header("X-Trace") == "abc")
    }

    @Test func aURLPathPatternBecomesAParameterSegmentMatchingTheRegexWhole() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "GET", "urlPathPattern": "/api/users/[0-9]+/orders"},
             "response": {"status": 200, "jsonBody": []}}
            """#)
        let report = try harness.importCleanly()
        #expect(report.stubs.first?.outcome == .added(file: "api/users/{p2}/orders.json", entry: 0))
        #expect(try await harness.statuses(["/api/users/42/orders", "/api/users/4x2/orders", "/api/users/x/orders"]) == [200, 404, 404])
    }

    @Test func anOptionalTrailingSlashIsTheSameFile() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"method": "GET", "urlPathPattern": "/api/users/?"}, "response": {"status": 200}}"#)
        let report = try harness.importCleanly()
        #expect(report.stubs.first?.outcome == .added(file: "api/users.json", entry: 0))
        #expect(try await harness.statuses(["/api/users", "/api/users/"]) == [200, 200])
    }

    @Test func aURLHoldsTheWholeQueryExactly() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "GET", "url": "/search?q=luke+sky&page=2"}, "response": {"status": 200, "body": "found"}}
            """#)
        try harness.importCleanly()
        #expect(try await harness.statuses(["/search?page=2&q=luke%20sky", "/search?q=luke+sky&page=2&debug=1", "/search?q=luke+sky", "/search"])
            == [200, 404, 404, 404])
    }

    @Test func aURLPatternMatchesNoQueryUnlessItsEndCanRunIntoOne() async throws {
        let harness = try ImportHarness(mappings: [
            "users.json": #"{"request": {"method": "GET", "urlPattern": "/api/users/[a-z]+"}, "response": {"status": 200}}"#,
            "files.json": #"{"request": {"method": "GET", "urlPattern": "/files/.*"}, "response": {"status": 200, "body": "file"}}"#,
        ])
        let report = try harness.importCleanly()
        #expect(report.stubs.contains { $0.outcome == .added(file: "files/{p1...}.json", entry: 0) })
        #expect(report.stubs.contains { $0.notes.contains { $0.contains("also matches /files/ (an empty rest), which the catch-all {p1...} does not") } })
        #expect(try await harness.statuses(["/api/users/luke", "/api/users/luke?x=1", "/api/users/L1", "/files/a/b.pdf?v=2", "/files/x"]) == [200, 404, 404, 200, 200])
    }

    @Test func aURLPathTemplateKeepsItsNamesAndPathParameterMatchers() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "GET", "urlPathTemplate": "/orgs/{org}/repos/{repo}", "pathParameters": {"org": {"equalTo": "acme"}}},
             "response": {"status": 200, "jsonBody": {"repo": "{{request.path.repo}}", "third": "{{request.path.[3]}}"}, "transformers": ["response-template"]}}
            """#)
        try harness.importCleanly()
        let (good, other) = try await harness.served { send throws in (try send("GET", "/orgs/acme/repos/kit", [:], ""), try send("GET", "/orgs/other/repos/kit", [:], "")) }
        #expect(sameJSON(good.body, #"{"repo": "kit", "third": "kit"}"#))
        #expect(other.status == 404)
    }

    @Test(arguments: [
        (#""urlPattern": "/a|/b""#, "alternatives across segments"),
        (#""urlPathPattern": "/(a/b)""#, "a group spanning segments"),
        (#""urlPattern": "/search\\?q=.*""#, "matches the query"),
        (#""urlPath": "/api/{id}""#, "would read as a path parameter"),
        (#""urlPath": "/api/.hidden""#, "hidden name"),
        (#""urlPath": "/a/../b""#, "'.' or '..' segment"),
        (#""urlPath": "/a", "url": "/b""#, "WireMock reads one"),
        (#""urlPathPattern": "/users/(?=x)[a-z]+""#, "would not load: "),
    ])
    func aURLWithNoFileShapeIsRefused(request: String, reason: String) async throws {
        let harness = try ImportHarness(stub: "{\"request\": {\"method\": \"GET\", \(request)}, \"response\": {\"status\": 200}}")
        let refusal = try harness.refusal()
        #expect(refusal.contains(reason), "\(refusal)")
    }

    // MARK: Matchers

    @Test func valueMatchersBecomeOursForQueryHeadersAndCookies() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "GET", "urlPath": "/m",
              "queryParameters": {"a": {"equalTo": "X", "caseInsensitive": true}, "b": {"matches": "[0-9]+"}, "c": {"absent": true},
                                  "d": {"or": [{"equalTo": "1"}, {"equalTo": "2"}]}, "e": {"doesNotMatch": "x.*"}},
              "headers": {"X-Contains": {"contains": "mid"}, "X-Not": {"doesNotContain": "bad"}},
              "cookies": {"session": {"equalTo": "s1"}}},
             "response": {"status": 204}}
            """#)
        try harness.importCleanly()
        let good = "/m?a=x&b=12&d=2&e=yes"
        let headers = ["X-Contains": "a mid b", "X-Not": "fine", "Cookie": "session=s1"]
        let misses = ["/m?a=y&b=12&d=2&e=yes", "/m?a=x&b=12x&d=2&e=yes", "/m?a=x&b=12&c=1&d=2&e=yes", "/m?a=x&b=12&d=3&e=yes", "/m?a=x&b=12&d=2&e=xx"]
        let statuses = try await harness.served { send throws in
            [try send("GET", good, headers, "").status] + (try misses.map { try send("GET", $0, headers, "").status })
                + [try send("GET", good, headers.merging(["X-Not": "bad one"]) { $1 }, "").status,
                   try send("GET", good, headers.merging(["Cookie": "session=s2"]) { $1 }, "").status]
        }
        #expect(statuses == [204] + Array(repeating: 404, count: misses.count + 2), "\(misses)")
    }

    @Test func basicAuthCredentialsBecomeAnAuthorizationHeader() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "GET", "urlPath": "/private", "basicAuthCredentials": {"username": "luke", "password": "force"}}, "response": {"status": 200}}
            """#)
        try harness.importCleanly()
        #expect(try await harness.statuses(["/private"], headers: ["Authorization": "Basic bHVrZTpmb3JjZQ=="]) == [200])
        #expect(try await harness.statuses(["/private"], headers: ["Authorization": "Basic bHVrZTp4"]) == [404])
    }

    @Test func unknownMatchersAreRefusedNamingTheKey() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "GET", "urlPath": "/x", "headers": {"Date": {"before": "now"}}}, "response": {"status": 200}}
            """#)
        #expect(try harness.refusal().hasPrefix("request.headers.Date.before: has no equivalent here"))
    }

    // MARK: Bodies

    @Test func equalToJSONWithExtraElementsAndAnyOrderIsAPartialBody() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPath": "/orders",
              "bodyPatterns": [{"equalToJson": "{\"sku\": \"A1\", \"tags\": [\"x\", \"y\"], \"at\": \"${json-unit.ignore}\", \"id\": \"${json-unit.regex}[0-9]+\"}",
                                "ignoreExtraElements": true, "ignoreArrayOrder": true}]},
             "response": {"status": 201}}
            """#)
        try harness.importCleanly()
        let json = ["Content-Type": "application/json"]
        let statuses = try await harness.served { send throws in
            [try send("POST", "/orders", json, #"{"sku": "A1", "tags": ["z", "y", "x"], "at": 5, "id": "12", "more": true}"#).status,
             try send("POST", "/orders", json, #"{"sku": "A1", "tags": ["y"], "at": 5, "id": "12"}"#).status,
             try send("POST", "/orders", json, #"{"sku": "A1", "tags": ["x", "y"], "id": "12"}"#).status,
             try send("POST", "/orders", json, #"{"sku": "A1", "tags": ["x", "y"], "at": 1, "id": "1a"}"#).status]
        }
        #expect(statuses == [201, 404, 404, 404])
    }

    @Test func equalToJSONWithoutOptionsIsExactAndDollarKeysAreLiteral() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "PATCH", "urlPath": "/docs/1", "bodyPatterns": [{"equalToJson": {"$set": {"a": 1}}}]}, "response": {"status": 200}}
            """#)
        try harness.importCleanly()
        let entry = try harness.entries("docs/1.json")[0]
        #expect(entry["request"] == .makeObject([("$equals", .makeObject([("$set", .makeObject([("a", .number(JSONNumber(1)))]))]))]))
        let statuses = try await harness.served { send throws in
            [try send("PATCH", "/docs/1", ["Content-Type": "application/json"], #"{"$set": {"a": 1}}"#).status,
             try send("PATCH", "/docs/1", ["Content-Type": "application/json"], #"{"$set": {"a": 1}, "b": 2}"#).status]
        }
        #expect(statuses == [200, 404])
    }

    @Test func plainMemberJSONPathsMergeIntoOnePartialBody() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPath": "/pay",
              "bodyPatterns": [{"matchesJsonPath": "$.card.number"}, {"matchesJsonPath": {"expression": "$.card.cvc", "matches": "[0-9]{3}"}},
                               {"matchesJsonPath": {"expression": "$.amount", "equalTo": "10"}}]},
             "response": {"status": 200}}
            """#)
        try harness.importCleanly()
        let json = ["Content-Type": "application/json"]
        let statuses = try await harness.served { send throws in
            [try send("POST", "/pay", json, #"{"card": {"number": "4242", "cvc": "123", "name": "L"}, "amount": 10}"#).status,
             try send("POST", "/pay", json, #"{"card": {"number": "4242", "cvc": "123"}, "amount": "10"}"#).status,
             try send("POST", "/pay", json, #"{"card": {"cvc": "123"}, "amount": 10}"#).status,
             try send("POST", "/pay", json, #"{"card": {"number": "4242", "cvc": "12"}, "amount": 10}"#).status]
        }
        #expect(statuses == [200, 200, 404, 404])
    }

    /// JSONPaths that are not plain member paths (filters, `..`, indexes, Jayway's operators), or
    /// that overlap, become `requestJsonPath` queries, as WireMock's `matchesJsonPath` reads them.
    @Test func otherJSONPathsBecomeRequestJsonPathQueries() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPath": "/orders",
              "bodyPatterns": [{"matchesJsonPath": "$.items[?(@.qty > 1)]"}, {"matchesJsonPath": {"expression": "$..sku", "contains": "GIFT"}},
                               {"matchesJsonPath": "customer.id"}, {"matchesJsonPath": {"expression": "$.items[0].sku", "matches": "A.*"}},
                               {"matchesJsonPath": "$.items[?(@.size in ['S', 'M'])]"}, {"matchesJsonPath": "$.customer"},
                               {"matchesJsonPath": {"expression": "$.customer['id']", "or": [{"equalTo": "7"}, {"equalTo": "11"}]}}]},
             "response": {"status": 201}}
            """#)
        try harness.importCleanly()
        let entry = try harness.entries("orders.json")[0]
        #expect(entry["request"] == nil)
        #expect(entry["requestJsonPath"]?.objectMembers?.map(\.key)
                == ["$.items[?(@.qty > 1)]", "$..sku", "$.customer.id", "$.items[0].sku", "$.items[?(@.size in ['S', 'M'])]", "$.customer", "$.customer['id']"])
        let json = ["Content-Type": "application/json"]
        let statuses = try await harness.served { send throws in
            [try send("POST", "/orders", json, #"{"customer": {"id": 7}, "items": [{"sku": "A1", "qty": 1}, {"sku": "GIFT-9", "qty": 2, "size": "M"}]}"#).status,
             try send("POST", "/orders", json, #"{"customer": {"id": 7}, "items": [{"sku": "A1", "qty": 1}, {"sku": "GIFT-9", "qty": 1, "size": "M"}]}"#).status,
             try send("POST", "/orders", json, #"{"customer": {"id": 7}, "items": [{"sku": "B1", "qty": 2, "size": "M"}, {"sku": "GIFT"}]}"#).status,
             try send("POST", "/orders", json, #"{"customer": {"id": 7}, "items": [{"sku": "A1", "qty": 2, "size": "L"}, {"sku": "GIFT"}]}"#).status,
             try send("POST", "/orders", json, #"{"customer": {"name": "Rey"}, "items": [{"sku": "A1", "qty": 2, "size": "S"}, {"sku": "GIFT"}]}"#).status]
        }
        #expect(statuses == [201, 404, 404, 404, 404], "the filter, the index's regex, Jayway's in and the member each decide one miss")
        let byNumber = try await harness.served { send throws in
            [try send("POST", "/orders", json, #"{"customer": {"id": 11}, "items": [{"sku": "A1", "qty": 1}, {"sku": "GIFT-9", "qty": 2, "size": "M"}]}"#).status,
             try send("POST", "/orders", json, #"{"customer": {"id": 12}, "items": [{"sku": "A1", "qty": 1}, {"sku": "GIFT-9", "qty": 2, "size": "M"}]}"#).status]
        }
        #expect(byNumber == [201, 404], "an or of equalTo texts takes the numbers, as WireMock compares a JSONPath's result as text")
    }

    /// `matchesJsonPath` with an `equalToJson` sub-matcher compares the value found as JSON:
    /// exactly, or with `ignoreExtraElements` as a partial object (audit JP #7).
    @Test func jsonPathsWithEqualToJsonCompareTheValueAsJSON() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPath": "/accounts",
              "bodyPatterns": [{"matchesJsonPath": {"expression": "$.owner", "equalToJson": "{\"id\": 7}"}},
                               {"matchesJsonPath": {"expression": "$.plan", "ignoreExtraElements": true, "equalToJson": {"tier": "pro"}}},
                               {"matchesJsonPath": {"expression": "$..coupon", "absent": true}}]},
             "response": {"status": 201}}
            """#)
        try harness.importCleanly()
        let json = ["Content-Type": "application/json"]
        let statuses = try await harness.served { send throws in
            [try send("POST", "/accounts", json, #"{"owner": {"id": 7}, "plan": {"tier": "pro", "seats": 3}}"#).status,
             try send("POST", "/accounts", json, #"{"owner": {"id": 7, "name": "Rey"}, "plan": {"tier": "pro"}}"#).status,
             try send("POST", "/accounts", json, #"{"owner": {"id": 7}, "plan": {"tier": "free"}}"#).status,
             try send("POST", "/accounts", json, #"{"owner": {"id": 7}, "plan": {"tier": "pro", "extras": {"coupon": "X"}}}"#).status]
        }
        #expect(statuses == [201, 404, 404, 404], "absent on a .. query: no coupon anywhere (audit JP2 #2)")
    }

    /// A member path RFC 9535 cannot write (a space in a dotted name) is still a member of the
    /// partial body, as before `requestJsonPath`: member paths are read first.
    @Test func memberPathsThatAreNoRFCQueryStayPartialBodies() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPath": "/names", "bodyPatterns": [{"matchesJsonPath": "$.first name"}]}, "response": {"status": 201}}
            """#)
        try harness.importCleanly()
        #expect(try harness.entries("names.json")[0]["requestJsonPath"] == nil)
        let json = ["Content-Type": "application/json"]
        let statuses = try await harness.served { send throws in
            [try send("POST", "/names", json, #"{"first name": "Rey", "last": "S"}"#).status, try send("POST", "/names", json, #"{"first": "Rey"}"#).status]
        }
        #expect(statuses == [201, 404])
    }

    @Test func textBodyPatternsSearchATextBodyAndSaySoInANote() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPath": "/soap", "bodyPatterns": [{"contains": "<GetUser>"}]}, "response": {"status": 200, "body": "<ok/>"}}
            """#)
        let report = try harness.importCleanly()
        #expect(report.stubs[0].notes.contains { $0.contains("searches the text of a body that is not JSON") })
        let statuses = try await harness.served { send throws in
            [try send("POST", "/soap", ["Content-Type": "text/xml"], "<Envelope><GetUser>1</GetUser></Envelope>").status,
             try send("POST", "/soap", ["Content-Type": "text/xml"], "<Envelope/>").status]
        }
        #expect(statuses == [200, 404])
    }

    @Test(arguments: [
        (#"[{"equalToXml": "<a/>"}]"#, "request.bodyPatterns[0].equalToXml: has no equivalent here"),
        (#"[{"equalToJson": {"a": 1}}, {"contains": "x"}]"#, "holds 2 patterns"),
        (#"[{"equalToJson": {"a": "${json-unit.any-string}"}}]"#, "JsonUnit placeholder"),
        (#"[{"matchesJsonPath": "$.items[0]"}, {"matchesJsonPath": {"expression": "$.items[0]", "contains": "x"}}]"#,
         #"request.bodyPatterns[1].matchesJsonPath: "$.items[0]" is a second matchesJsonPath on the same expression"#),
        (#"[{"matchesJsonPath": "$.items.max()"}]"#, #"request.bodyPatterns[0].matchesJsonPath: "$.items.max()" is not a JSONPath query here"#),
    ])
    func bodyPatternsWithNoEquivalentAreRefused(patterns: String, reason: String) async throws {
        let harness = try ImportHarness(stub: "{\"request\": {\"method\": \"POST\", \"urlPath\": \"/x\", \"bodyPatterns\": \(patterns)}, \"response\": {\"status\": 200}}")
        let refusal = try harness.refusal()
        #expect(refusal.contains(reason), "\(refusal)")
    }

    // MARK: Answers

    @Test func templatesBecomeOurPlaceholders() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPathPattern": "/users/[0-9]+"},
             "response": {"status": 201, "transformers": ["response-template"],
               "headers": {"Location": "/users/{{request.path.[1]}}", "X-Trace": "{{request.headers.X-Trace}}"},
               "jsonBody": {"id": "{{request.path.[1]}}", "q": "{{request.query.q}}", "name": "{{jsonPath request.body '$.person.name'}}",
                            "code": "{{randomValue length=6 type='NUMERIC'}}", "at": "{{now offset='2 days' format='yyyy-MM-dd'}}", "m": "{{request.method}}",
                            "first": "{{request.path.[0]}}", "path": "{{request.path}}"}}}
            """#)
        try harness.importCleanly()
        let answer = try await harness.served { send throws in
            try send("POST", "/users/7?q=hi", ["X-Trace": "t1", "Content-Type": "application/json"], #"{"person": {"name": "Rey"}}"#)
        }
        #expect(answer.status == 201)
        #expect(answer.header("Location") == "/users/7" && answer.header("X-Trace") == "t1")
        let body = try JSONParser.parse(answer.body).root.value
        #expect(body["id"] == .string("7") && body["q"] == .string("hi") && body["name"] == .string("Rey") && body["m"] == .string("POST"))
        #expect(body["first"] == .string("users") && body["path"] == .string("/users/7"), "a literal segment is its text; the whole path is composed")
        #expect(body["code"]?.stringValue?.count == 6 && body["code"]?.stringValue?.allSatisfy(\.isNumber) == true)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let inTwoDays = formatter.string(from: Date().addingTimeInterval(2 * 86_400))
        let inTwoDaysLater = formatter.string(from: Date().addingTimeInterval(2 * 86_400 + 5))
        #expect(body["at"] == .string(inTwoDays) || body["at"] == .string(inTwoDaysLater), "\(String(describing: body["at"]))")
    }

    @Test(arguments: [
        ("{{#if request.query.a}}x{{/if}}", "is a Handlebars block"),
        ("{{request.url}}", "{{request.url}} has no equivalent here"),
        ("{{request.baseUrl}}", "{{request.baseUrl}} has no equivalent here"),
        ("{{lookup request.query 'a'}}", "uses a helper with no equivalent"),
        ("{{now timezone='Europe/Paris'}}", "ours are in UTC"),
    ])
    func templatesWithNoEquivalentAreRefused(body: String, reason: String) async throws {
        let harness = try ImportHarness(stub: "{\"request\": {\"urlPathPattern\": \"/users/[0-9]+\"}, \"response\": {\"body\": \"\(body)\", \"transformers\": [\"response-template\"]}}")
        let refusal = try harness.refusal()
        #expect(refusal.hasPrefix("response.body: "), "\(refusal)")
        #expect(refusal.contains(reason.replacingOccurrences(of: "\\\"", with: "\"")), "\(refusal)")
    }

    /// Also under `--template-all`, which templates any `{{` (an unknown placeholder there would be a load error).
    @Test func placeholdersWithoutTheTransformerAreSentAsWritten() async throws {
        let harness = try ImportHarness(mappings: [
            "t.json": #"{"request": {"urlPath": "/t"}, "response": {"body": "Hello {{name}}"}}"#,
            "f.json": #"{"request": {"urlPath": "/f"}, "response": {"bodyFileName": "f.txt"}}"#,
            "plain.json": #"{"request": {"urlPath": "/plain"}, "response": {"bodyFileName": "plain.txt"}}"#,
        ], files: ["f.txt": "Dear {{name}}", "plain.txt": "no braces"])
        try harness.importCleanly()
        #expect(try harness.entries("t.json")[0]["template"] == .bool(false))
        #expect(try harness.entries("f.json")[0]["template"] == .bool(false))
        #expect(try harness.entries("plain.json")[0]["template"] == nil)
        var options = FixtureLoadOptions()
        options.templateAll = true
        #expect(try FixtureStore.load(root: harness.root.path, options: options).problems.isEmpty)
        let bodies = try await harness.served { send throws in try ["/t", "/f"].map { try send("GET", $0, [:], "").body } }
        #expect(bodies.map { String(decoding: $0, as: UTF8.self) } == ["Hello {{name}}", "Dear {{name}}"])
    }

    @Test func bodyFilesAreCopiedUnderFilesAndTemplatedOnesBringTheirFolder() async throws {
        let harness = try ImportHarness(mappings: [
            "one.json": #"{"request": {"urlPath": "/report"}, "response": {"bodyFileName": "reports/q1.json", "headers": {"Content-Type": "application/json"}}}"#,
            "many.json": #"{"request": {"urlPathPattern": "/users/[0-9]+"}, "response": {"bodyFileName": "users/{{request.path.[1]}}.json", "transformers": ["response-template"]}}"#,
        ], files: ["reports/q1.json": #"{"q": 1}"#, "users/1.json": #"{"id": 1}"#, "users/2.json": #"{"id": 2}"#, "other.txt": "not needed"])
        let report = try harness.importCleanly()
        #expect(Set(report.bodyFilesCopied) == ["__files/reports/q1.json", "__files/users/1.json", "__files/users/2.json"])
        #expect(!harness.root.exists("__files/other.txt"))
        let bodies = try await harness.served { send throws in try ["/report", "/users/2", "/users/3"].map { try send("GET", $0, [:], "") } }
        #expect(sameJSON(bodies[0].body, #"{"q": 1}"#) && sameJSON(bodies[1].body, #"{"id": 2}"#) && bodies[2].status == 404)
    }

    @Test func aMissingOrConflictingBodyFileRefusesTheStub() async throws {
        let missing = try ImportHarness(stub: #"{"request": {"urlPath": "/r"}, "response": {"bodyFileName": "gone.json"}}"#, files: ["x.json": "{}"])
        #expect(try missing.refusal().contains("gone.json"))
        let conflicting = try ImportHarness(stub: #"{"request": {"urlPath": "/r"}, "response": {"bodyFileName": "a.json"}}"#,
                                            files: ["a.json": #"{"new": 1}"#], existing: ["__files/a.json": #"{"old": 1}"#])
        #expect(try conflicting.refusal().contains("__files/a.json is already in the root with other content"))
        #expect(try conflicting.root.text("__files/a.json") == #"{"old": 1}"#)
    }

    @Test func delaysFaultsAndDribbleConvert() async throws {
        let harness = try ImportHarness(mappings: [
            "a.json": #"{"request": {"urlPath": "/slow"}, "response": {"jsonBody": {"a": 1}, "fixedDelayMilliseconds": 250}}"#,
            "b.json": #"{"request": {"urlPath": "/uniform"}, "response": {"status": 200, "delayDistribution": {"type": "uniform", "lower": 10, "upper": 20}}}"#,
            "c.json": #"{"request": {"urlPath": "/lognormal"}, "response": {"status": 200, "delayDistribution": {"type": "lognormal", "median": 80, "sigma": 0.4}}}"#,
            "d.json": #"{"request": {"urlPath": "/reset"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}}"#,
            "e.json": #"{"request": {"urlPath": "/dribble"}, "response": {"body": "0123456789", "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 1000}}}"#,
        ])
        try harness.importCleanly()
        #expect(try harness.entries("slow.json")[0]["delay"] == .number(JSONNumber(250)))
        #expect(try harness.entries("uniform.json")[0]["delay"] == .makeObject([("min", .number(JSONNumber(10))), ("max", .number(JSONNumber(20)))]))
        #expect(try harness.entries("lognormal.json")[0]["delay"]?["median"] == .number(JSONNumber(80)))
        #expect(try harness.entries("reset.json")[0]["fault"] == .string("connectionReset"))
        #expect(try harness.entries("dribble.json")[0]["bytesPerSecond"] == .number(JSONNumber(10)))
    }

    @Test(arguments: [
        (#"{"status": 101}"#, "response.status: 101 is an interim (1xx) status"),
        (#"{"transformers": ["body-transformer"]}"#, "response.transformers: \"body-transformer\" is a transformer with no equivalent"),
        (#"{"fault": "RANDOM_DATA_THEN_CLOSE"}"#, "response.fault"),
        (#"{"proxyBaseUrl": "http://api.test", "proxyUrlPrefixToRemove": "/v1"}"#, "a forward appends the whole request path"),
        (#"{"fixedDelayMilliseconds": 700000}"#, "from 0 to 600000"),
        (#"{"jsonBody": {}, "body": "x"}"#, "WireMock sends one"),
    ])
    func answersWithNoEquivalentAreRefused(response: String, reason: String) async throws {
        let harness = try ImportHarness(stub: "{\"request\": {\"urlPath\": \"/x\"}, \"response\": \(response)}")
        let refusal = try harness.refusal()
        #expect(refusal.contains(reason), "\(refusal)")
    }

    @Test func aProxyStubBecomesAForwardingEntry() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"urlPathPattern": "/api/.*"}, "response": {"proxyBaseUrl": "https://api.example.com/v2", "additionalProxyRequestHeaders": {"Authorization": "Bearer t"}}}
            """#)
        try harness.importCleanly()
        let entry = try harness.entries("api/{p1...}.json")[0]
        #expect(entry["forward"] == .makeObject([("to", .string("https://api.example.com/v2")), ("headers", .makeObject([("Authorization", .string("Bearer t"))]))]))
    }

    // MARK: Mapping keys

    @Test func scenariosStartInStartedAsOursStartInStarted() async throws {
        let harness = try ImportHarness(mappings: [
            "1.json": #"{"scenarioName": "cart", "requiredScenarioState": "Started", "newScenarioState": "full", "request": {"method": "POST", "urlPath": "/cart"}, "response": {"status": 201}}"#,
            "2.json": #"{"scenarioName": "cart", "requiredScenarioState": "Started", "request": {"method": "GET", "urlPath": "/cart"}, "response": {"jsonBody": {"items": 0}}}"#,
            "3.json": #"{"scenarioName": "cart", "requiredScenarioState": "full", "request": {"method": "GET", "urlPath": "/cart"}, "response": {"jsonBody": {"items": 1}}}"#,
        ])
        try harness.importCleanly()
        let bodies = try await harness.served { send throws in
            [try send("GET", "/cart", [:], "").body, try send("POST", "/cart", [:], "").body, try send("GET", "/cart", [:], "").body]
        }
        #expect(sameJSON(bodies[0], #"{"items": 0}"#) && sameJSON(bodies[2], #"{"items": 1}"#))
    }

    @Test func webhooksBecomeTemplatedWebhooks() async throws {
        let harness = try ImportHarness(stub: #"""
            {"request": {"method": "POST", "urlPath": "/orders"}, "response": {"status": 202},
             "serveEventListeners": [{"name": "webhook", "parameters": {"method": "POST", "url": "http://127.0.0.1:9/cb",
               "headers": {"Content-Type": "application/json"}, "body": "{\"id\": \"{{jsonPath originalRequest.body '$.id'}}\"}",
               "delay": {"type": "fixed", "milliseconds": 100}}}]}
            """#)
        try harness.importCleanly()
        let entry = try harness.entries("orders.json")[0]
        #expect(entry["template"] == .bool(true))
        #expect(entry["webhooks"] == .makeArray([.makeObject([
            ("url", .string("http://127.0.0.1:9/cb")), ("method", .string("POST")),
            ("headers", .makeObject([("Content-Type", .string("application/json"))])),
            ("bodyText", .string(#"{"id": "{{body.id}}"}"#)), ("delay", .number(JSONNumber(100))),
        ])]))
    }

    @Test func priorityAndAnyMethodCarryOver() async throws {
        let harness = try ImportHarness(mappings: [
            "a.json": #"{"priority": 1, "request": {"urlPath": "/p", "headers": {"X-Fail": {"equalTo": "1"}}}, "response": {"status": 503}}"#,
            "b.json": #"{"request": {"method": "GET", "urlPath": "/p"}, "response": {"status": 200}}"#,
        ])
        try harness.importCleanly()
        #expect(try harness.entries("p.json").map { $0["method"] } == [.string("ANY"), .string("GET")])
        #expect(try await harness.statuses(["/p"], headers: ["X-Fail": "1"]) == [503])
        #expect(try await harness.statuses(["/p"]) == [200])
    }

    @Test(arguments: [
        (#"{"request": {"urlPath": "/x", "host": "api.test"}, "response": {}}"#, "request.host: has no equivalent: a mockserver is one host"),
        (#"{"request": {"urlPath": "/x"}, "response": {}, "unknown": 1}"#, "unknown: is no key of a WireMock stub mapping"),
        (#"{"request": {"urlPath": "/x"}, "response": {}, "scenarioName": "a/b"}"#, "scenarioName"),
        (#"{"request": {"urlPath": "/x"}}"#, "response: is missing"),
        (#"{"request": {"urlPath": "/x"}, "response": {}, "priority": 0}"#, "priority: 0 is not a whole number from 1 to 1000000"),
    ])
    func mappingKeysWithNoEquivalentAreRefused(stub: String, reason: String) async throws {
        let refusal = try ImportHarness(stub: stub).refusal()
        #expect(refusal.hasPrefix(reason), "\(refusal)")
    }

    // MARK: Files

    @Test func existingFilesAreAppendedToAndAnImportAgainAddsNothing() async throws {
        let handWritten = "[\n    {\"method\": \"DELETE\", \"status\": 204}\n]\n"
        let harness = try ImportHarness(stub: #"{"request": {"method": "GET", "urlPath": "/things"}, "response": {"jsonBody": [1]}}"#,
                                        existing: ["things/index.json": handWritten])
        let first = try harness.importCleanly()
        #expect(first.stubs[0].outcome == .added(file: "things/index.json", entry: 1))
        #expect(!harness.root.exists("things.json"))
        #expect(try harness.root.text("things/index.json").hasPrefix("[\n    {\"method\": \"DELETE\", \"status\": 204},\n"))
        let again = try harness.importCleanly()
        #expect(again.stubs[0].outcome == .alreadyThere(file: "things/index.json", entry: 1))
        #expect(again.filesWritten.isEmpty)
        #expect(try harness.entries("things/index.json").count == 2)
    }

    @Test func aBrokenOrResourceFileIsNeverOverwritten() async throws {
        let harness = try ImportHarness(mappings: [
            "a.json": #"{"request": {"urlPath": "/broken"}, "response": {}}"#,
            "b.json": #"{"request": {"urlPath": "/people"}, "response": {}}"#,
        ], existing: ["broken.json": "[{", "people.json": #"{"$resource": {"items": []}}"#])
        let report = try harness.run()
        #expect(report.notImportedCount == 2, "\(report)")
        #expect(report.description.contains("broken.json is not valid JSON") && report.description.contains("then import again"))
        #expect(report.description.contains("people.json declares a resource"))
        #expect(try harness.root.text("broken.json") == "[{")
    }

    @Test func aDryRunWritesNothing() async throws {
        let harness = try ImportHarness(stub: #"{"request": {"urlPath": "/a"}, "response": {"bodyFileName": "a.json"}}"#, files: ["a.json": "{}"])
        let report = try harness.run(dryRun: true)
        #expect(report.stubs[0].outcome == .wouldAdd(file: "a.json"))
        #expect(harness.root.files().isEmpty)
    }

    @Test func aFileOfManyStubsNamesEachByPlaceAndName() async throws {
        let harness = try ImportHarness(mappings: ["all.json": #"""
            {"mappings": [{"name": "ok", "request": {"urlPath": "/a"}, "response": {}}, {"request": {"urlPath": "/b"}, "response": {"status": 700}}]}
            """#, "broken.json": "{"])
        let report = try harness.run()
        let sources = report.stubs.map(\.source).map { $0.replacingOccurrences(of: harness.wiremock.path + "/", with: "") }
        #expect(sources == ["mappings/all.json#0 (\"ok\")", "mappings/all.json#1", "mappings/broken.json"])
        #expect(report.description.contains("→ not imported: response.status: 700 is not an HTTP status"))
        #expect(report.description.contains("mappings/broken.json → not imported: not valid JSON (1:2"))
        #expect(report.description.hasSuffix("; 2 not imported (each line above says why and what to write instead)"))
    }

    // MARK: Command line

    @Test func theCommandPrintsTheReportAndExitsOneWhenAStubIsLeftOut() async throws {
        let harness = try ImportHarness(mappings: [
            "a.json": #"{"request": {"urlPath": "/a"}, "response": {"jsonBody": {"a": 1}}}"#,
            "b.json": #"{"request": {"urlPath": "/b", "bodyPatterns": [{"equalToXml": "<a/>"}]}, "response": {}}"#,
        ])
        let run = try await MockServerProcess.run(["import", "--from", "wiremock", harness.wiremock.path, "--root", harness.root.path])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("mappings/a.json: ANY /a → a.json entry 0 (added)"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("imported 1 of 2 stubs into \(harness.root.path): 1 fixture file written, 0 body files copied; 1 not imported"))
        let clean = try ImportHarness(stub: #"{"request": {"urlPath": "/a"}, "response": {}}"#)
        let ok = try await MockServerProcess.run(["import", "--from", "wiremock", clean.wiremock.path + "/mappings/stub.json", "--root", clean.root.path])
        #expect(ok.status == 0, "\(ok.standardError)")
    }

    @Test(arguments: [
        (["import", "--from", "karate", "x", "--root", "<root>"], 64, "--from karate cannot be imported: the tools are wiremock"),
        (["import", "--from", "mockserver", "<root>/mappings/a.json", "--root", "<root>/out", "--files", "x"], 64, "MockServer expectations hold their bodies"),
        (["import", "--from", "hoverfly", "<root>/mappings/a.json", "--root", "<root>/out", "--template-all"], 64, "Hoverfly templates the responses that say"),
        (["import", "--from", "hoverfly", "--root", "<root>"], 64, "Name what to import: Hoverfly simulation files"),
        (["import", "--from", "hoverfly", "<root>/mappings/a.json", "--root", "<root>/out"], 1, "is not a Hoverfly simulation (it has no \"data\": {\"pairs\": […]})"),
        (["import", "--from", "mockoon", "<root>/mappings/a.json", "--root", "<root>", "--files", "x"], 64, "--files applies to WireMock"),
        (["import", "--from", "wiremock", "--root", "<root>"], 64, "Name what to import"),
        (["import", "--from", "wiremock", "<root>/none", "--root", "<root>"], 1, "does not exist"),
        (["import", "--from", "wiremock", "<root>", "--root", "<root>/out", "--watch"], 64, "--watch is an option of serving"),
        (["import", "--from", "wiremock", "<root>"], 64, "Missing --root"),
    ])
    func badCommandLinesAreRefusedNamingTheFlag(arguments: [String], status: Int32, message: String) async throws {
        let folder = try TemporaryFolder(["mappings/a.json": #"{"request": {"urlPath": "/a"}, "response": {}}"#])
        let run = try await MockServerProcess.run(arguments.map { $0.replacingOccurrences(of: "<root>", with: folder.path) })
        #expect(run.status == status, "exit \(run.status); \(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }
}
