import Foundation
import Testing
@testable import MockFixtures

/// `requestJsonPath`: JSONPath queries into the JSON body select entries, explain misses and
/// count journaled requests, through the one matcher.
@Suite("requestJsonPath")
struct JSONPathMatchingTests {
    static let json = ["Content-Type": "application/json"]
    static let orders = """
    [
      {"method": "POST", "requestJsonPath": {"$.items[?@.qty > 10]": {"$any": true}}, "status": 202, "response": "bulk"},
      {"method": "POST", "requestJsonPath": {"$.items[*].sku": {"$includes": ["GIFT"]}, "$.customer.id": 7}, "status": 201, "response": "gift for 7"},
      {"method": "POST", "requestJsonPath": {"$.coupon": {"$absent": true}, "$.items.length()": 1, "$.items[0].sku": {"$regex": "^A"}},
       "status": 201, "response": "one A item, no coupon"},
      {"method": "POST", "requestJsonPath": {"$.customer.email": {"$anyOf": [{"$regex": "@example\\\\.com$"}, {"$absent": true}]},
                                             "$.items[?(@.sku =~ /b[0-9]+/i)]": {"$any": true}}, "status": 201, "response": "a B item"}
    ]
    """

    private func reasons(_ response: MockResponse) throws -> [[String]] {
        let candidates = try #require(try response.jsonObject()["candidates"] as? [[String: Any]])
        return candidates.map { $0["reasons"] as? [String] ?? [] }
    }

    @Test func queriesSelectTheEntry() throws {
        let (store, tree) = try loadTree(["orders.json": Self.orders])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        func post(_ body: String) -> MockResponse { store.send("POST", "/orders", headers: Self.json, body: body) }
        #expect(post(#"{"items": [{"sku": "A1", "qty": 1}, {"sku": "B2", "qty": 12}]}"#).text == #""bulk""#)
        #expect(post(#"{"customer": {"id": 7}, "items": [{"sku": "A1", "qty": 1}, {"sku": "GIFT", "qty": 1}]}"#).text == #""gift for 7""#)
        #expect(post(#"{"customer": {"id": 7.0}, "items": [{"sku": "GIFT", "qty": 1}]}"#).text == #""gift for 7""#, "numbers by value")
        #expect(post(#"{"items": [{"sku": "A9", "qty": 2}]}"#).text == #""one A item, no coupon""#)
        #expect(post(#"{"items": [{"sku": "b7", "qty": 2}], "customer": {"email": "rey@example.com"}}"#).text == #""a B item""#)
        #expect(post(#"{"items": [{"sku": "B7", "qty": 2}]}"#).text == #""a B item""#, "no email is one of the alternatives")
        #expect(post(#"{"items": [{"sku": "A9", "qty": 2}], "coupon": null}"#).status == 404, "null is present: $absent wants nothing selected")
        #expect(post(#"{"items": [{"sku": "B7", "qty": 2}], "customer": {"email": "rey@example.org"}}"#).status == 404)
    }

    @Test func nearMissesNameTheQuery() throws {
        let (store, tree) = try loadTree(["orders.json": Self.orders])
        _ = tree
        let miss = store.send("POST", "/orders", headers: Self.json,
                              body: #"{"customer": {"id": 8, "email": "x@example.org"}, "coupon": "XMAS", "items": [{"sku": "A1", "qty": 1}, {"sku": "C3", "qty": 2}]}"#)
        #expect(miss.status == 404)
        let explained = try reasons(miss)
        #expect(explained[0] == [#"body at $.items[?@.qty > 10] selects nothing (expected any value)"#])
        #expect(explained[1] == [#"body differs at $.items[*].sku: expected an array including ["GIFT"] in any order, got ["A1","C3"]: no element matches "GIFT""#,
                                 "body differs at $.customer.id: expected 7, got 8"])
        #expect(explained[2] == [#"body at $.coupon must select nothing, got "XMAS""#, "body differs at $.items.length(): expected 1, got 2"])
        #expect(explained[3] == [#"body differs at $.customer.email: expected one of a value matching @example\.com$, nothing, got "x@example.org""#,
                                 #"body at $.items[?(@.sku =~ /b[0-9]+/i)] selects nothing (expected any value)"#])
    }

    @Test func aBodyThatIsNotJSONIsExplained() throws {
        let (store, tree) = try loadTree(["orders.json": #"[{"method": "POST", "requestJsonPath": {"$.id": 7}}]"#])
        _ = tree
        #expect(try reasons(store.send("POST", "/orders", body: "")) == [[#"request has no body, but requestJsonPath "$.id" looks into a JSON body"#]])
        #expect(try reasons(store.send("POST", "/orders", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "id=7"))
                == [[#"request body is a form (application/x-www-form-urlencoded), not JSON, so requestJsonPath "$.id" cannot look into it"#]])
        let broken = try reasons(store.send("POST", "/orders", headers: Self.json, body: #"{"id": 7"#))
        #expect(broken[0].count == 1 && broken[0][0].hasPrefix("request body is not JSON (") && broken[0][0].hasSuffix(#"so requestJsonPath "$.id" cannot look into it"#),
                "\(broken)")
        #expect(store.send("POST", "/orders", headers: ["Content-Type": "text/plain"], body: #"{"id": 7}"#).status == 200,
                "a body that parses as JSON is read as JSON, whatever its type says, as WireMock's matchesJsonPath reads it")
        #expect(store.send("POST", "/orders", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: #"{"id": 7}"#).status == 200,
                "curl -d sends JSON as a form (audit JP #1)")
        #expect(store.send("POST", "/orders", headers: ["Content-Type": "multipart/form-data; boundary=x"], body: #"{"id": 7}"#).status == 200)
    }

    /// With `request` beside it, both must hold; `requestMatch` applies to the values of both.
    @Test func requestAndRequestJsonPathBothHold() throws {
        let (store, tree) = try loadTree(["orders.json": """
        [{"method": "POST", "request": {"kind": "order"}, "requestMatch": "partial",
          "requestJsonPath": {"$.customer": {"id": 7}}, "status": 201}]
        """])
        _ = tree
        #expect(store.send("POST", "/orders", headers: Self.json, body: #"{"kind": "order", "customer": {"id": 7, "name": "Rey"}}"#).status == 201)
        #expect(store.send("POST", "/orders", headers: Self.json, body: #"{"kind": "refund", "customer": {"id": 7}}"#).status == 404)
        #expect(store.send("POST", "/orders", headers: Self.json, body: #"{"kind": "order", "customer": {"id": 8}}"#).status == 404)
    }

    @Test func verificationCountsWithTheSameQueries() throws {
        let fixture = try EngineFixture(["orders.json": #"{"method": "POST", "status": 201}"#])
        _ = fixture.postJSON("/orders", #"{"items": [{"sku": "A1", "qty": 2}, {"sku": "B2", "qty": 1}]}"#)
        _ = fixture.postJSON("/orders", #"{"items": [{"sku": "A1", "qty": 1}]}"#)
        #expect(try fixture.count(#"{"method": "POST", "path": "/orders", "requestJsonPath": {"$.items[?@.qty > 1].sku": ["A1"]}}"#)["count"] as? Int == 1)
        #expect(try fixture.count(#"{"path": "/orders", "requestJsonPath": {"$.items[*].sku": {"$includes": ["A1"]}}}"#)["count"] as? Int == 2)
        let none = try fixture.count(#"{"path": "/orders", "requestJsonPath": {"$.items[0].sku": "C3"}}"#)
        #expect(none["count"] as? Int == 0)
        #expect(((none["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String]) == [#"body differs at $.items[0].sku: expected "C3", got "A1""#])
        let refused = fixture.postJSON("/__admin/requests/count", #"{"requestJsonPath": {"$.items[": 1}}"#)
        #expect(refused.status == 400)
        #expect((try refused.jsonObject()["error"] as? String)?.contains(#"requestJsonPath "$.items[" is not a JSONPath query: at offset 8"#) == true, "\(refused.text)")
    }

    /// A filter that searches the whole body for each element is quadratic: it stops after its
    /// budget and does not match, saying why, instead of holding the worker (audit JP #2); a
    /// linear query over a large body fits its budget.
    @Test func aQuadraticQueryStopsAndALinearOneFits() throws {
        let (store, tree) = try loadTree(["orders.json": """
        [{"method": "POST", "requestJsonPath": {"$.items[?$..sku]": {"$any": true}}, "status": 201},
         {"method": "PUT", "requestJsonPath": {"$..sku": {"$includes": ["S99999"]}}, "status": 204}]
        """])
        _ = tree
        let items = (0..<3_000).map { #"{"sku": "S\#($0)", "qty": 1}"# }.joined(separator: ",")
        let stopped = store.send("POST", "/orders", headers: Self.json, body: #"{"items": [\#(items)]}"#)
        #expect(stopped.status == 404)
        let reason = try #require(try reasons(stopped).first?.first)
        #expect(reason.hasPrefix("body at $.items[?$..sku]: the query stopped after 2") && reason.contains("steps without an answer"), "\(reason)")
        let many = (0..<100_000).map { #"{"sku": "S\#($0)"}"# }.joined(separator: ",")
        #expect(store.send("PUT", "/orders", headers: Self.json, body: #"{"items": [\#(many)]}"#).status == 204)
    }

    /// Work that is not a value visited counts too (audit JP2 #1): a search with a large pattern
    /// taken from the body, and `in` against a list taken from the body, stop after the budget
    /// instead of running to the end (where the one match sits).
    @Test func searchesAndListComparisonsCountTowardsTheBudget() throws {
        let (store, tree) = try loadTree(["orders.json": """
        [{"method": "POST", "requestJsonPath": {"$.items[?search(@, $.pattern)]": {"$any": true}}, "status": 201},
         {"method": "PUT", "requestJsonPath": {"$.items[?@.k in $.allowed]": {"$any": true}}, "status": 204}]
        """])
        _ = tree
        let pattern = (0..<1_200).map { "w\($0)x" }.joined(separator: "|")
        let texts = (0..<2_000).map { #""\#(String(repeating: "q", count: 48))\#($0)""# } + [#""w7x""#]
        let searched = store.send("POST", "/orders", headers: Self.json, body: #"{"pattern": "\#(pattern)", "items": [\#(texts.joined(separator: ","))]}"#)
        #expect(searched.status == 404)
        let searchReasons = try reasons(searched)
        #expect(searchReasons.first?.first?.contains("the query stopped after") == true, "\(searchReasons)")
        let keys = (0..<3_000).map { #"{"k": \#($0)}"# }.joined(separator: ",")
        let allowed = (3_000..<6_000).map(String.init).joined(separator: ",")
        let listed = store.send("PUT", "/orders", headers: Self.json, body: #"{"allowed": [\#(allowed), 2999], "items": [\#(keys)]}"#)
        #expect(listed.status == 404)
        let listReasons = try reasons(listed)
        #expect(listReasons.joined().contains { $0.hasPrefix("body at $.items[?@.k in $.allowed]: the query stopped after") }, "\(listReasons)")
    }

    /// A body the journal cut is never counted by a pattern that reads the body, even when the
    /// part kept fits it (audit JP2 #5).
    @Test func aCutBodyIsNeverCounted() throws {
        let fixture = try EngineFixture(["notes.json": #"{"method": "POST", "status": 201}"#], options: MockEngineOptions(journalBodyLimit: 16))
        _ = fixture.send("POST", "/notes", headers: ["Content-Type": "text/plain"], body: String(repeating: "a", count: 40) + "K")
        let counted = try fixture.count(#"{"path": "/notes", "request": {"$regex": "^[^K]*$"}}"#)
        #expect(counted["count"] as? Int == 0)
        #expect(((counted["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String])
                == ["the journal kept only 16 of the body's 41 bytes; raise --journal-body-limit to compare whole bodies"], "\(counted)")
    }

    /// Verification of a body the journal cut: the pattern's JSONPaths are not compared with the
    /// cut (which is not JSON), and the near miss says why (audit JP #4).
    @Test func aCutBodyIsNotComparedButExplained() throws {
        let fixture = try EngineFixture(["orders.json": #"{"method": "POST", "status": 201}"#], options: MockEngineOptions(journalBodyLimit: 16))
        _ = fixture.postJSON("/orders", #"{"items": [{"sku": "A1", "qty": 2}]}"#)
        let counted = try fixture.count(#"{"path": "/orders", "requestJsonPath": {"$.items[0].sku": "A1"}}"#)
        #expect(counted["count"] as? Int == 0)
        #expect(((counted["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String])
                == ["the journal kept only 16 of the body's 36 bytes; raise --journal-body-limit to compare whole bodies"], "\(counted)")
    }

    @Test(arguments: [
        (#"[{"requestJsonPath": ["$.a"]}]"#, 1, 22, "requestJsonPath must be an object of JSONPath queries to what they select, found array",
         #"{"$.items[0].sku": "A1""#),
        (#"[{"requestJsonPath": {"items[0]": 1}}]"#, 1, 23, #"requestJsonPath "items[0]" is not a JSONPath query: at offset 0, a query starts with $"#,
         "from the body's root"),
        (#"[{"requestJsonPath": {"$.items[?@.qty = 1]": 1}}]"#, 1, 23, "at offset 15, = is not a comparison; write == to compare", "RFC 9535"),
        (#"[{"requestJsonPath": {"$.items[*].sku": "A1"}}]"#, 1, 41,
         #"requestJsonPath "$.items[*].sku" can select several values (it has a wildcard, slice, filter or ..), so it stands for the array of what it selects, which is never "A1""#,
         #"{"$includes": ["A1"]}"#),
        (#"[{"requestJsonPath": {"$..id": {"$regex": "^7"}}}]"#, 1, 32, "which is never a value matching ^7", #"{"$includes": [{"$regex":"^7"}]}"#),
        (#"[{"requestJsonPath": {"$..id": {"$not": "A"}}}]"#, 1, 32, #"which is always anything but "A", so the $not never fails"#, #"{"$includes": ["A"]}"#),
        (#"[{"requestJsonPath": {"$..id": {"$anyOf": ["A", 7]}}}]"#, 1, 32, #"which is none of "A", 7"#, #"{"$includes": ["A", 7]}"#),
        (#"[{"requestJsonPath": {"$.a": {"$regexp": "x"}}}]"#, 1, 31, #"unknown matcher operator "$regexp""#, "did you mean $regex?"),
    ])
    func malformedQueriesAreLoadErrorsWithPositions(contents: String, line: Int, column: Int, message: String, hint: String) throws {
        try expectLoadError(contents, line: line, column: column, message: message, hint: hint)
    }
}
