import Foundation
import Testing
@testable import MockFixtures

@Suite("Matchers and partial bodies")
struct MatcherTests {
    static let json = ["Content-Type": "application/json"]
    static let form = ["Content-Type": "application/x-www-form-urlencoded"]

    private func reasons(_ response: MockResponse) throws -> [[String]] {
        let candidates = try #require(try response.jsonObject()["candidates"] as? [[String: Any]])
        return candidates.map { $0["reasons"] as? [String] ?? [] }
    }

    @Test func regexAndContainsOnQueryFormAndHeaders() throws {
        let (store, tree) = try loadTree(["orders.json": """
        [
          {"query": {"sku": {"$regex": "^A[0-9]+$"}}, "response": "sku"},
          {"requestHeaders": {"X-Request-Id": {"$regex": "^[0-9a-f-]{36}$"}}, "response": "traced"},
          {"method": "POST", "request": {"name": {"$contains": "Sky"}}, "response": "skywalker"}
        ]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.get("/orders?sku=A12").text == #""sku""#)
        #expect(store.get("/orders?sku=B7&sku=A1").text == #""sku""#, "any occurrence may match, as for values")
        #expect(store.get("/orders", headers: ["x-request-id": "0f8fad5b-d9cb-469f-a165-70867728950e"]).text == #""traced""#)
        #expect(store.send("POST", "/orders", headers: Self.form, body: "name=Luke+Skywalker").text == #""skywalker""#)
        #expect(store.send("POST", "/orders", headers: Self.json, body: #"{"name": "Anakin Skywalker"}"#).text == #""skywalker""#)
        let miss = store.get("/orders?sku=B7")
        #expect(miss.status == 404)
        #expect(try reasons(miss)[0] == [#"query parameter 'sku' is "B7", expected to match ^A[0-9]+$"#])
        #expect(try reasons(store.get("/orders", headers: ["X-Request-Id": "abc"]))[1]
                == [#"header 'x-request-id' is "abc", expected to match ^[0-9a-f-]{36}$"#])
        #expect(try reasons(store.get("/orders"))[1] == [#"header 'x-request-id' is missing (expected a value matching ^[0-9a-f-]{36}$)"#])
        #expect(try reasons(store.send("POST", "/orders", headers: Self.form, body: "name=Leia"))[2]
                == [#"form field 'name' is "Leia", expected to contain "Sky""#])
        #expect(try reasons(store.send("POST", "/orders", headers: Self.json, body: #"{"name": "Leia"}"#))[2]
                == [#"body differs at $.name: expected a value containing "Sky", got "Leia""#])
        #expect(try reasons(store.get("/orders"))[0] == [#"missing query parameter 'sku' (expected a value matching ^A[0-9]+$)"#])
    }

    /// Audit I1: without it, `request` is compared with a body-less request's query, so an
    /// entry meant for a body answered `POST /users?name=Rey`.
    @Test func requestBodyRequiredNeverReadsTheQuery() throws {
        let (store, tree) = try loadTree(["users.json": """
        [
          {"method": "POST", "request": {"name": "Rey"}, "requestBody": "required", "queryMatch": "exact", "status": 201},
          {"method": "PUT", "requestBody": "required", "status": 204}
        ]
        """, "other.json": #"[{"method": "PATCH", "requestBody": "optional"}]"#])
        _ = tree
        #expect(store.problems.map(\.message) == [#"requestBody must be "required", found string "optional""#])
        #expect(store.send("POST", "/users", headers: Self.json, body: #"{"name": "Rey"}"#).status == 201)
        #expect(store.send("POST", "/users", headers: Self.form, body: "name=Rey").status == 201, "a form body is a body")
        let queried = store.send("POST", "/users?name=Rey", headers: [:], body: "")
        #expect(queried.status == 404)
        #expect(try reasons(queried)[0] == [#"unexpected query parameter 'name' ("queryMatch": "exact" allows no query parameters)"#,
                                            #"request has no body, but the entry expects one ("requestBody": "required")"#],
                "the query is not the body, so \"queryMatch\": \"exact\" does not count 'name' as named")
        #expect(store.send("PUT", "/users", headers: [:], body: "x").status == 204, "any body, with no request")
        #expect(store.send("PUT", "/users", headers: [:], body: "").status == 404)
    }

    /// Audit I2: a body-less request has empty text, which a text condition is read against.
    @Test func aTextConditionReadsAnAbsentBodyAsEmptyText() throws {
        let (store, tree) = try loadTree(["text.json": #"[{"method": "POST", "request": {"$regex": "^$"}, "status": 204}]"#,
                                          "both.json": #"[{"method": "POST", "request": {"$absent": true}, "requestBody": "required"}]"#,
                                          "null.json": #"[{"method": "POST", "requestBody": null, "status": 202}]"#])
        _ = tree
        #expect(store.send("POST", "/text", headers: [:], body: "").status == 204)
        #expect(store.send("POST", "/text", headers: ["Content-Type": "text/plain"], body: "x").status == 404)
        #expect(store.problems.map(\.message) == [#"request is {"$absent": true} while "requestBody" is "required": no request can match"#])
        #expect(store.send("POST", "/null", headers: [:], body: "").status == 202, "null is absent")
        // A verification pattern for POST still counts only requests sent with a body (audit I3).
        let engine = MockEngine(store: store)
        _ = engine.respond(method: "POST", target: "/text", headers: NoHeaders(), body: [])
        let count = engine.respond(method: "POST", target: "/__admin/requests/count", headers: ["Content-Type": "application/json"],
                                   body: Array(#"{"method": "POST", "path": "/text", "request": {"$regex": "^$"}}"#.utf8))
        #expect(try count.jsonObject()["count"] as? Int == 0, "\(String(decoding: count.body, as: UTF8.self))")
    }

    @Test func anyAndAbsent() throws {
        let (store, tree) = try loadTree(["a.json": """
        [
          {"method": "POST", "request": {"token": {"$any": true}, "debug": {"$absent": true}}, "status": 201},
          {"query": {"page": {"$any": true}, "debug": {"$absent": true}}, "response": "paged"},
          {"requestHeaders": {"Authorization": {"$any": true}, "X-Debug": {"$absent": true}}, "response": "authorized"}
        ]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.send("POST", "/a", headers: Self.json, body: #"{"token": null}"#).status == 201, "$any accepts null too")
        #expect(store.send("POST", "/a", headers: Self.json, body: #"{"token": {"a": 1}}"#).status == 201)
        let extra = store.send("POST", "/a", headers: Self.json, body: #"{"token": "t", "debug": true}"#)
        #expect(try reasons(extra)[0] == [#"body differs at $: key "debug" must be absent, got true"#])
        #expect(try reasons(store.send("POST", "/a", headers: Self.json, body: #"{}"#))[0] == [#"body differs at $: missing key "token" (expected any value)"#])
        #expect(store.send("POST", "/a", headers: Self.form, body: "token=").status == 201)
        #expect(store.get("/a?page=").text == #""paged""#)
        let debug = store.get("/a?page=2&debug=1")
        #expect(try reasons(debug)[1] == [#"query parameter 'debug' is "1", expected it to be absent"#])
        #expect(store.get("/a", headers: ["authorization": "x"]).text == #""authorized""#)
        let both = store.get("/a", headers: ["authorization": "x", "x-debug": "on"])
        #expect(try reasons(both)[2] == [#"header 'x-debug' is "on", expected it to be absent"#])
        #expect(try reasons(store.get("/a"))[2] == [#"header 'authorization' is missing (expected any value)"#])
    }

    @Test func matchersInsideNestedBodiesArraysAndMultipart() throws {
        let (store, tree) = try loadTree(["upload.json": """
        [
          {"method": "PUT", "request": {"order": {"id": {"$regex": "^[0-9]+$"}, "items": [{"sku": {"$regex": "^A"}}, {"$any": true}]}}, "status": 200},
          {"method": "POST", "request": {"title": {"$contains": "Port"}, "avatar": {"filename": {"$regex": "\\\\.png$"}, "contentType": "image/png"}}, "status": 201}
        ]
        """])
        _ = tree
        #expect(store.problems.contains { $0.message.contains("stands for an array element") }, "\(store.problems)")
        let (fixed, fixedTree) = try loadTree(["upload.json": """
        [
          {"method": "PUT", "request": {"order": {"id": {"$regex": "^[0-9]+$"}, "items": [{"sku": {"$regex": "^A"}}, {"$regex": ""}]}}, "status": 200}
        ]
        """])
        _ = fixedTree
        #expect(fixed.problems.contains { $0.message.contains("$regex needs a non-empty string pattern") })
        let (good, goodTree) = try loadTree(["upload.json": """
        [
          {"method": "PUT", "request": {"order": {"id": {"$regex": "^[0-9]+$"}, "items": [{"sku": {"$regex": "^A"}}, {"$contains": "B"}]}}, "status": 200},
          {"method": "POST", "request": {"title": {"$contains": "Port"}, "avatar": {"filename": {"$regex": "\\\\.png$"}, "contentType": "image/png"}}, "status": 201}
        ]
        """])
        _ = goodTree
        #expect(!good.hasErrors, "\(good.problems)")
        #expect(good.send("PUT", "/upload", headers: Self.json, body: #"{"order": {"id": 17, "items": [{"sku": "A1"}, "B2"]}}"#).status == 200,
                "a regex reads a number as written")
        let miss = good.send("PUT", "/upload", headers: Self.json, body: #"{"order": {"id": "x", "items": [{"sku": "A1"}, "B2"]}}"#)
        #expect(try reasons(miss)[0] == [#"body differs at $.order.id: expected a value matching ^[0-9]+$, got "x""#])
        let wrongKind = good.send("PUT", "/upload", headers: Self.json, body: #"{"order": {"id": 1, "items": [{"sku": "A1"}, {"b": 2}]}}"#)
        #expect(try reasons(wrongKind)[0] == [#"body differs at $.order.items[1]: expected a value containing "B", got object {"b":2}"#])

        var multipart = MultipartBodyBuilder()
        multipart.field("title", "Portrait")
        multipart.file("avatar", filename: "luke.png", contentType: "image/png", content: [1, 2])
        #expect(good.respond(method: "POST", target: "/upload", headers: ["Content-Type": multipart.contentType], body: multipart.finished).status == 201)
        var wrongFile = MultipartBodyBuilder()
        wrongFile.field("title", "Portrait")
        wrongFile.file("avatar", filename: "luke.jpg", contentType: "image/png", content: [1, 2])
        let fileMiss = good.respond(method: "POST", target: "/upload", headers: ["Content-Type": wrongFile.contentType], body: wrongFile.finished)
        #expect(try reasons(fileMiss)[1] == [#"multipart part 'avatar' has filename "luke.jpg", expected to match \.png$"#])
    }

    @Test func partialBodiesAllowExtraKeysAtEveryLevel() throws {
        let (store, tree) = try loadTree(["orders.json": """
        [
          {"method": "POST", "requestMatch": "partial", "request": {"customer": {"id": 7}, "items": [{"sku": "A1"}]}, "status": 201},
          {"method": "POST", "request": {"customer": {"id": 7}}, "status": 200}
        ]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let volatile = #"{"customer": {"id": 7, "sessionId": "x9"}, "items": [{"sku": "A1", "addedAt": "now"}], "requestId": "r1"}"#
        #expect(store.send("POST", "/orders", headers: Self.json, body: volatile).status == 201)
        #expect(store.send("POST", "/orders", headers: Self.json, body: #"{"customer": {"id": 7}}"#).status == 200,
                "partial still needs every named key; the exact entry takes it")
        let twoItems = store.send("POST", "/orders", headers: Self.json, body: #"{"customer": {"id": 7}, "items": [{"sku": "A1"}, {"sku": "B2"}]}"#)
        #expect(twoItems.status == 404, "arrays still compare element by element")
        #expect(try reasons(twoItems)[0] == ["body differs at $.items: expected 1 element, got 2"])
        #expect(try reasons(twoItems)[1] == [#"body differs at $: unexpected key "items""#], "the default stays exact")
    }

    @Test func equalsTakesKeysThatStartWithADollarLiterally() throws {
        let (store, tree) = try loadTree(["mongo.json": """
        [{"method": "POST", "request": {"update": {"$equals": {"$set": {"name": "Rey"}}}}, "status": 200}]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.send("POST", "/mongo", headers: Self.json, body: #"{"update": {"$set": {"name": "Rey"}}}"#).status == 200)
        #expect(store.send("POST", "/mongo", headers: Self.json, body: #"{"update": {"$set": {"name": "Finn"}}}"#).status == 404)
    }

    /// `requestCookies` matches cookies by name in the `Cookie` header, where a `$contains` on the
    /// header would also take `xsession=abc1` for `session=abc`.
    @Test func requestCookiesMatchByName() throws {
        let (store, tree) = try loadTree(["me.json": """
        [{"requestCookies": {"session": "abc", "debug": {"$absent": true}}, "response": "signed in"},
         {"status": 401, "response": "signed out"}]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.get("/me", headers: ["Cookie": "theme=dark; session=abc"]).text == #""signed in""#)
        #expect(store.get("/me", headers: ["Cookie": #"session="abc""#]).text == #""signed in""#, "a quoted value")
        #expect(store.get("/me", headers: ["Cookie": "xsession=abc; session=abc1"]).status == 401)
        #expect(store.get("/me", headers: ["Cookie": "session=abc; debug=1"]).status == 401)
        #expect(store.get("/me").status == 401)

        let fixture = try EngineFixture(["me.json": #"{"response": {}}"#])
        _ = fixture.get("/me", headers: ["Cookie": "xsession=abc"])
        let counted = try fixture.count(#"{"path": "/me", "requestCookies": {"session": "abc"}}"#)
        #expect(counted["count"] as? Int == 0)
        #expect(((counted["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String]) == [#"missing cookie 'session' (expected "abc")"#])
        _ = fixture.get("/me", headers: ["Cookie": "session=abd"])
        #expect(((try fixture.count(#"{"path": "/me", "requestCookies": {"session": {"$regex": "^ab"}}}"#))["count"] as? Int) == 1)
    }

    /// `$regex` or `$contains` standing for the whole `request` searches the text of a body that
    /// is not JSON: XML and SOAP, plain text, a form as sent.
    @Test func aTextMatcherSearchesABodyThatIsNotJSON() throws {
        let (store, tree) = try loadTree(["soap.json": """
        [{"method": "POST", "request": {"$contains": "<sku>A1</sku>"}, "status": 201},
         {"method": "PUT", "request": {"$regex": "^hello, [a-z]+$"}, "status": 204}]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let xml = ["Content-Type": "application/xml"]
        #expect(store.send("POST", "/soap", headers: xml, body: "<order><sku>A1</sku><qty>2</qty></order>").status == 201)
        #expect(store.send("POST", "/soap", headers: Self.form, body: "note=x&tag=<sku>A1</sku>").status == 201, "a form as sent")
        #expect(store.send("POST", "/soap", headers: Self.json, body: #""<sku>A1</sku>""#).status == 201, "a JSON string as before")
        #expect(store.send("PUT", "/soap", headers: ["Content-Type": "text/plain"], body: "hello, world").status == 204)
        // Text that happens to parse as JSON is searched as sent when declared as text.
        #expect(store.send("POST", "/soap", headers: ["Content-Type": "text/plain"], body: #""<sku>A1</sku>""#).status == 201)
        #expect(store.send("PUT", "/soap", headers: ["Content-Type": "text/plain"], body: #""hello, you""#).status == 404,
                "the quotes are part of the text: ^hello does not match")
        let miss = store.send("POST", "/soap", headers: xml, body: "<order><sku>B7</sku></order>")
        #expect(miss.status == 404)
        #expect(try reasons(miss).first == [#"request body is "<order><sku>B7</sku></order>", expected it to contain "<sku>A1</sku>""#])
        let binary = store.respond(method: "POST", target: "/soap", headers: ["Content-Type": "application/octet-stream"], body: [0xFF, 0xFE, 0x00])
        #expect(try reasons(binary).first == [#"request body is not UTF-8 text, so it cannot be a value containing "<sku>A1</sku>""#])
    }

    /// `$includes`: an array holding each listed element in an element of its own, in any order,
    /// others allowed; overlapping matchers are assigned as a whole, not first fit.
    @Test func includesFindsElementsInAnyOrder() throws {
        let (store, tree) = try loadTree(["carts.json": """
        [{"method": "POST", "request": {"items": {"$includes": ["A1", {"$regex": "^B"}]}}, "requestMatch": "partial", "status": 201},
         {"method": "PUT", "request": {"tags": {"$includes": [{"$regex": "^a"}, "ab"]}}, "status": 204},
         {"query": {"ids": {"$includes": ["1", "3"]}}, "response": "ids"}]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.send("POST", "/carts", headers: Self.json, body: #"{"items": ["C3", "B2", "A1"], "user": 7}"#).status == 201)
        #expect(store.send("POST", "/carts", headers: Self.json, body: #"{"items": ["B2", "A1"]}"#).status == 201)
        let short = store.send("POST", "/carts", headers: Self.json, body: #"{"items": ["A1", "A1"]}"#)
        #expect(short.status == 404)
        #expect(try reasons(short).first == [
            #"body differs at $.items: expected an array including ["A1",{"$regex":"^B"}] in any order, got ["A1","A1"]: no element left matches a value matching ^B"#,
        ])
        let notArray = store.send("POST", "/carts", headers: Self.json, body: #"{"items": "A1"}"#)
        #expect(try reasons(notArray).first == [#"body differs at $.items: expected an array including ["A1",{"$regex":"^B"}] in any order, got "A1""#])
        #expect(store.send("PUT", "/carts", headers: Self.json, body: #"{"tags": ["ab", "ac"]}"#).status == 204,
                "^a takes ac so that ab is left for \"ab\"")
        #expect(store.send("PUT", "/carts", headers: Self.json, body: #"{"tags": ["ab"]}"#).status == 404, "one element cannot serve both")
        #expect(store.get("/carts?ids=3&ids=2&ids=1").text == #""ids""#)
        let missing = store.get("/carts?ids=1")
        #expect(try reasons(missing)[2] == [#"query parameter 'ids' is given as "1", expected values including "1", "3", each once, in any order"#])
    }

    /// `$not` (present, and not matching) and `$anyOf` (one of the alternatives, `$absent` among
    /// them accepting a missing value), in headers, queries, form fields, JSON members and array
    /// elements, nested in each other; the 404 says what was expected (audit W2's G6).
    @Test func notAndAnyOfCombineMatchers() throws {
        let (store, tree) = try loadTree(["me.json": #"""
        [{"requestHeaders": {"Authorization": {"$not": "Bearer expired"}}, "query": {"sort": {"$anyOf": ["asc", "desc", {"$absent": true}]}}, "response": "ok"},
         {"method": "POST", "request": {"kind": {"$anyOf": ["a", {"$regex": "^b[0-9]$"}]}, "tag": {"$not": {"$anyOf": ["x", "y"]}},
          "ids": [{"$not": 0}]}, "requestMatch": "partial", "status": 201},
         {"method": "PUT", "request": {"v": {"$anyOf": [{"$absent": true}, 2]}}, "requestMatch": "partial", "status": 204},
         {"method": "PATCH", "request": {"name": {"$not": {"$contains": "test"}}}, "status": 202}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        let bearer = ["Authorization": "Bearer good"]
        #expect(store.get("/me", headers: bearer).status == 200)
        #expect(store.get("/me?sort=desc", headers: bearer).status == 200)
        #expect(store.get("/me?sort=up", headers: bearer).status == 404)
        let expired = store.get("/me", headers: ["Authorization": "Bearer expired"])
        #expect(expired.status == 404)
        #expect(try reasons(expired).first == [#"header 'authorization' is "Bearer expired", expected anything but "Bearer expired""#])
        #expect(store.get("/me").status == 404, "$not asks for a present value")
        #expect(try reasons(store.get("/me?sort=up", headers: bearer)).first == [#"query parameter 'sort' is "up", expected one of "asc", "desc", no value"#])
        #expect(store.send("POST", "/me", headers: Self.json, body: #"{"kind": "b7", "tag": "z", "ids": [4]}"#).status == 201)
        #expect(store.send("POST", "/me", headers: Self.json, body: #"{"kind": "a", "tag": "z", "ids": [4], "more": 1}"#).status == 201)
        let tagged = store.send("POST", "/me", headers: Self.json, body: #"{"kind": "a", "tag": "y", "ids": [4]}"#)
        #expect(try reasons(tagged)[1] == [#"body differs at $.tag: expected anything but one of "x", "y", got "y""#])
        #expect(store.send("POST", "/me", headers: Self.json, body: #"{"kind": "c", "tag": "z", "ids": [4]}"#).status == 404)
        #expect(store.send("POST", "/me", headers: Self.json, body: #"{"kind": "a", "tag": "z", "ids": [0]}"#).status == 404)
        #expect(store.send("POST", "/me", headers: Self.json, body: #"{"kind": "a", "ids": [4]}"#).status == 404, "a missing tag is not anything but x or y")
        #expect(store.send("PUT", "/me", headers: Self.json, body: #"{"other": 1}"#).status == 204, "$absent among the alternatives")
        #expect(store.send("PUT", "/me", headers: Self.json, body: #"{"v": 2}"#).status == 204)
        #expect(store.send("PUT", "/me", headers: Self.json, body: #"{"v": 3}"#).status == 404)
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        #expect(store.send("PATCH", "/me", headers: form, body: "name=Rey").status == 202)
        #expect(store.send("PATCH", "/me", headers: form, body: "name=test-user").status == 404)
    }

    /// `$unordered`: exactly these elements, in any order (WireMock's `ignoreArrayOrder`).
    @Test func unorderedComparesArraysInAnyOrder() throws {
        let (store, tree) = try loadTree(["sets.json": #"""
        [{"method": "POST", "request": {"ids": {"$unordered": [1, 2, {"$regex": "^x"}]}}, "status": 201},
         {"query": {"tag": {"$unordered": ["a", "b"]}}, "response": "tags"}]
        """#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.send("POST", "/sets", headers: Self.json, body: #"{"ids": ["x9", 2, 1]}"#).status == 201)
        let extra = store.send("POST", "/sets", headers: Self.json, body: #"{"ids": ["x9", 2, 1, 3]}"#)
        #expect(try reasons(extra).first == [#"body differs at $.ids: expected the 3 elements [1,2,{"$regex":"^x"}] in any order, got 4: ["x9",2,1,3]"#])
        let wrong = store.send("POST", "/sets", headers: Self.json, body: #"{"ids": ["y", 2, 1]}"#)
        #expect(try reasons(wrong).first == [#"body differs at $.ids: expected the elements [1,2,{"$regex":"^x"}] in any order, got ["y",2,1]: no element left matches a value matching ^x"#])
        #expect(store.get("/sets?tag=b&tag=a").text == #""tags""#)
        #expect(store.get("/sets?tag=b").status == 404)
    }

    /// `$not` and `$anyOf` of occurrences on a repeated parameter (audit R12: "expects an object").
    @Test func notAndAnyOfTakeOccurrences() throws {
        let (store, tree) = try loadTree(["ids.json": #"[{"query": {"id": {"$not": ["1", "2"]}, "tag": {"$anyOf": [["a", "b"], "c"]}}, "response": "ok"}]"#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.get("/ids?id=1&id=3&tag=b&tag=a").status == 200)
        #expect(store.get("/ids?id=2&id=1&tag=c").status == 404, "exactly those occurrences")
        #expect(store.get("/ids?id=5&tag=c").status == 200)
        #expect(store.get("/ids?id=5&tag=a").status == 404)
    }

    /// `"request": {"$absent": true}`: a request without a body, whatever its query (WireMock's
    /// `bodyPatterns: [{"absent": true}]`).
    @Test func aRequestWithoutABody() throws {
        let (store, tree) = try loadTree(["ping.json": #"[{"method": "POST", "request": {"$absent": true}, "status": 204}, {"method": "POST", "status": 400}]"#])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.send("POST", "/ping?x=1", headers: [:], body: "").status == 204)
        let sent = store.send("POST", "/ping", headers: Self.json, body: "{}")
        #expect(sent.status == 400)
        let fixture = try EngineFixture(["ping.json": #"[{"method": "POST", "request": {"$absent": true}, "status": 204}]"#])
        _ = fixture.send("POST", "/ping", headers: Self.json, body: #"{"a": 1}"#)
        _ = fixture.send("POST", "/ping")
        #expect(try fixture.count(#"{"method": "POST", "request": {"$absent": true}}"#)["count"] as? Int == 1)
        let miss = try reasons(fixture.send("POST", "/ping", headers: Self.json, body: "{}"))
        #expect(miss.first == [#"request has a body of 2 bytes, but none is expected ("request": {"$absent": true})"#])
    }

    /// Each pair is compared once: a large array sent by an app against a short pattern costs
    /// expected × actual comparisons, whatever the search does afterwards.
    @Test func includesComparesEachPairOnce() {
        var comparisons = 0
        // Every expected element fits every actual one, the search's busiest case.
        let missing = DistinctAssignment.firstUnassigned(expected: 10, actual: 10_000) { _, _ in
            comparisons += 1
            return true
        }
        #expect(missing == nil)
        #expect(comparisons == 100_000)
        comparisons = 0
        // One expected element fits nothing: found after its own row, the rest not compared.
        #expect(DistinctAssignment.firstUnassigned(expected: 10, actual: 1_000) { element, _ in
            comparisons += 1
            return element != 2
        } == 2)
        #expect(comparisons == 3_000)
    }

    @Test(arguments: [
        (#"[{"request": {"a": {"$includes": []}}}]"#, 1, 34, "$includes needs a non-empty array of the elements to find, found array []", #"{"$includes": [1, 2]}"#),
        (#"[{"request": {"a": {"$includes": "x"}}}]"#, 1, 34, #"$includes needs a non-empty array of the elements to find, found string "x""#, "any order"),
        (#"[{"requestCookies": ["session"]}]"#, 1, 21, #"requestCookies must be an object of parameter names to values, found array"#, #"{"session": "abc"}"#),
        (#"[{"requestCookies": {"s": {"a": 1}}}]"#, 1, 27, "cookie \"s\" expects an object, which a cookie cannot carry", "$regex"),
        (#"[{"query": {"sku": {"$regexp": "^A"}}}]"#, 1, 21, #"unknown matcher operator "$regexp""#, "did you mean $regex?"),
        (#"[{"query": {"sku": {"$regex": "[a-"}}}]"#, 1, 31, #"$regex "[a-" is not a usable regular expression: at offset 0, unterminated character class: missing ]"#, "PCRE-like syntax"),
        (#"[{"query": {"sku": {"$regex": "(a)\\1"}}}]"#, 1, 31, #"$regex "(a)\\1" is not a usable regular expression: at offset 3, backreferences"#, "no backreferences or lookaround"),
        (#"[{"query": {"sku": {"$regex": "^a(?=b)"}}}]"#, 1, 31, #"$regex "^a(?=b)" is not a usable regular expression: at offset 2, lookahead"#, "linear time"),
        (#"[{"query": {"sku": {"$any": false}}}]"#, 1, 29, "$any takes true, found boolean false", #"{"$absent": true}"#),
        (#"[{"request": {"$any": true}}]"#, 1, 15, #"{"$any": true} stands for the whole request, where it means nothing"#, "named value"),
        (#"[{"request": {"a": {"$regex": "x", "b": 1}}}]"#, 1, 20, "an object mixes matcher operators ($regex) with ordinary keys (b)", "$equals"),
        (#"[{"request": {"a": {"$regex": "x", "$contains": "y"}}}]"#, 1, 20, "a matcher object holds exactly one operator, found $regex, $contains", "$equals"),
        (#"[{"requestMatch": "loose"}]"#, 1, 19, #"requestMatch must be "exact" or "partial", found string "loose""#, "partial"),
        (#"[{"requestHeaders": {"X-A": {"$equals": 5}}}]"#, 1, 29, "which a header cannot carry", "string"),
        (#"[{"query": {"x": {"$contains": ""}}}]"#, 1, 32, "$contains needs a non-empty string", "Rey"),
        (#"[{"request": {"a": {"$unordered": 1}}}]"#, 1, 35, "$unordered needs an array of the elements, found number 1", "exactly these, in any order"),
        (#"[{"query": {"x": {"$not": null}}}]"#, 1, 18, #"query parameter "x" can never match: {"$not": …} asks for a value given"#, #"{"$absent": true}"#),
        (#"[{"requestHeaders": {"X-A": {"$not": {"$any": true}}}}]"#, 1, 29, #"header "X-A" in requestHeaders can never match"#, #"{"$absent": true}"#),
        (#"[{"query": {"x": {"$anyOf": ["a"]}}}]"#, 1, 29, "$anyOf needs an array of two alternatives or more, found array", #"{"$anyOf": ["asc", "desc"]}"#),
        (#"[{"query": {"x": {"$anyOf": "a"}}}]"#, 1, 29, #"$anyOf needs an array of two alternatives or more, found string "a""#, "alternatives may be matchers"),
        (#"[{"request": {"$not": {"a": 1}}}]"#, 1, 15, "$not stands for the whole request, which it cannot negate", "Bearer expired"),
        (#"[{"request": {"$anyOf": [{"a": 1}, {"a": 2}]}}]"#, 1, 15, "$anyOf stands for the whole request", "an entry per alternative"),
        (#"[{"query": {"x": {"$not": {"$regexx": "a"}}}}]"#, 1, 28, #"unknown matcher operator "$regexx""#, "did you mean $regex?"),
        (#"[{"query": {"x": {"$nto": "a"}}}]"#, 1, 19, #"unknown matcher operator "$nto""#, "did you mean $not?"),
    ])
    func malformedMatchersAreLoadErrorsWithPositions(contents: String, line: Int, column: Int, message: String, hint: String) throws {
        try expectLoadError(contents, line: line, column: column, message: message, hint: hint)
    }

    /// A pattern's `path` may be a `$regex` or `$contains` over the decoded path: every request
    /// under a prefix, whatever its depth.
    @Test func aPatternPathMayBeAMatcher() throws {
        let fixture = try EngineFixture(["api/v1/people.json": "{}", "api/v2/people/{id}.json": "{}"])
        for target in ["/api/v1/people", "/api/v2/people/7", "/api/v2/people/8?x=1"] { _ = fixture.get(target) }
        #expect(try fixture.count(#"{"path": {"$regex": "^/api/v2/"}}"#)["count"] as? Int == 2)
        #expect(try fixture.count(#"{"method": "GET", "path": {"$contains": "people"}}"#)["count"] as? Int == 3)
        let miss = try fixture.count(#"{"path": {"$regex": "^/api/v3/"}}"#)
        #expect(miss["count"] as? Int == 0)
        #expect(((miss["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String])?.first?.hasPrefix("path is /api/v2/people/8, expected to match ^/api/v3/") == true,
                "\(miss)")
        for (pattern, said) in [(#"{"path": {"$any": true}}"#, #""path" as an object must be a $regex or $contains matcher"#),
                                (#"{"path": {"$regex": "^/p"}, "pathParameters": {"id": "7"}}"#, "1:48: pathParameters names 'id', which is not a parameter of the path")] {
            let refused = fixture.postJSON("/__admin/requests/count", pattern)
            #expect(refused.status == 400, "\(pattern)")
            #expect((try refused.jsonObject()["error"] as? String)?.hasPrefix(said) == true, "\(refused.text)")
        }
    }

    /// A pattern path whose braces make no parameter is refused, as for runtime fixtures; it
    /// used to be compared literally and count 0 without a word.
    @Test(arguments: [("/people/{id", "with braces that are not a whole {name} segment"), ("/people/{1d}", "which is not a valid parameter name"),
                      ("/a/{id}/b/{id}", "names the parameter {id} more than once")])
    func patternPathsWithBrokenBracesAreRefused(path: String, said: String) throws {
        let fixture = try EngineFixture(["people/{id}.json": "{}"])
        let refused = fixture.postJSON("/__admin/requests/count", #"{"path": "\#(path)"}"#)
        #expect(refused.status == 400)
        #expect((try refused.jsonObject()["error"] as? String)?.contains(said) == true, "\(refused.text)")
    }

    @Test func verificationPatternsUseTheSameMatchersAndTemplatedPaths() throws {
        let fixture = try EngineFixture(["people/{id}.json": #"[{"method": "POST", "status": 201}, {"response": {}}]"#])
        _ = fixture.postJSON("/people/7?source=app", #"{"name": "Rey", "tracking": {"session": "s1"}}"#)
        _ = fixture.get("/people/luke", headers: ["X-Request-Id": "r-1"])
        #expect(try fixture.count(#"{"path": "/people/{id}"}"#)["count"] as? Int == 2)
        #expect(try fixture.count(#"{"path": "/people/{personId}", "pathParameters": {"personId": {"$regex": "^[0-9]+$"}}}"#)["count"] as? Int == 1)
        #expect(try fixture.count(#"{"method": "POST", "request": {"name": "Rey"}, "requestMatch": "partial"}"#)["count"] as? Int == 1)
        #expect(try fixture.count(#"{"method": "POST", "request": {"name": "Rey"}}"#)["count"] as? Int == 0)
        #expect(try fixture.count(#"{"requestHeaders": {"x-request-id": {"$regex": "^r-"}}, "query": {"source": {"$absent": true}}}"#)["count"] as? Int == 1)
        let miss = try fixture.count(#"{"path": "/people/{id}", "pathParameters": {"id": {"$regex": "^A"}}}"#)
        let nearest = try #require(miss["nearMisses"] as? [[String: Any]])
        #expect(nearest.first?["reasons"] as? [String] == [#"path parameter 'id' is "luke", expected to match ^A"#])
        let bad = fixture.postJSON("/__admin/requests/count", #"{"path": "/people/{id}", "pathParameters": {"name": "x"}}"#)
        #expect(bad.status == 400)
        #expect(try bad.jsonObject()["error"] as? String == #"1:45: pathParameters names 'name', which is not a parameter of the path: the path's parameters are 'id'"#)
        #expect(try bad.jsonObject()["hint"] as? String == #"give "path" a {name} segment for it, such as "/people/{id}""#)
        let unknown = fixture.postJSON("/__admin/requests/count", #"{"query": {"a": {"$regx": "b"}}}"#)
        #expect(try unknown.jsonObject()["error"] as? String == #"1:18: unknown matcher operator "$regx""#)
        #expect(try unknown.jsonObject()["hint"] as? String == "did you mean $regex?")
    }

    /// `"queryMatch": "exact"`: a parameter the entry does not name makes it not match (WireMock's
    /// `url`), in entries and in verification patterns alike.
    @Test func queryMatchExactRefusesParametersTheEntryDoesNotName() throws {
        let (store, tree) = try loadTree(["search.json": """
        [
          {"query": {"q": "luke"}, "queryMatch": "exact", "response": "exact"},
          {"queryMatch": "exact", "response": "no query"},
          {"request": {"page": "2"}, "queryMatch": "exact", "response": "page"},
          {"query": {"q": "luke"}, "queryMatch": "partial", "response": "partial"}
        ]
        """])
        _ = tree
        #expect(!store.hasErrors, "\(store.problems)")
        #expect(store.get("/search?q=luke").text == #""exact""#)
        #expect(store.get("/search").text == #""no query""#)
        #expect(store.get("/search?page=2").text == #""page""#, "a body-less request's `request` names query parameters too")
        #expect(store.get("/search?q=luke&debug=1").text == #""partial""#)
        let miss = store.get("/search?page=2&debug=1&debug=2&trace=x")
        #expect(miss.status == 404)
        let why = try reasons(miss)
        #expect(why[1] == [#"unexpected query parameter 'page' ("queryMatch": "exact" allows no query parameters)"#,
                           #"unexpected query parameter 'debug' ("queryMatch": "exact" allows no query parameters)"#,
                           #"unexpected query parameter 'trace' ("queryMatch": "exact" allows no query parameters)"#])
        #expect(why[2] == [#"unexpected query parameter 'debug' ("queryMatch": "exact" allows only 'page')"#,
                           #"unexpected query parameter 'trace' ("queryMatch": "exact" allows only 'page')"#], "each name once")
        #expect(why[0].contains(#"unexpected query parameter 'debug' ("queryMatch": "exact" allows only 'q')"#))

        let (bad, badTree) = try loadTree(["x.json": #"{"queryMatch": true}"#])
        _ = badTree
        #expect(bad.problems.contains { $0.message == "queryMatch must be \"exact\" or \"partial\", found boolean true" }, "\(bad.problems)")

        let fixture = try EngineFixture(["search.json": #"{"response": 1}"#])
        _ = fixture.send("GET", "/search?q=luke")
        _ = fixture.send("GET", "/search?q=luke&debug=1")
        #expect(try fixture.count(#"{"path": "/search", "query": {"q": "luke"}}"#)["count"] as? Int == 2)
        #expect(try fixture.count(#"{"path": "/search", "query": {"q": "luke"}, "queryMatch": "exact"}"#)["count"] as? Int == 1)
        #expect(try fixture.count(#"{"path": "/search", "queryMatch": "exact"}"#)["count"] as? Int == 0)

        // Hundreds of stray parameters are counted, not each named (audit R16: a 21 KB 404).
        let many = store.get("/search?" + (1...8).map { "p\($0)=x" }.joined(separator: "&"))
        let named = try reasons(many)[1]
        #expect(named.count == 6)
        #expect(named.last == "and 3 more unexpected query parameters")

        // A POST pattern's `request` is its body: its keys are not allowed query names.
        _ = fixture.send("POST", "/search?a=1")
        let postMiss = try fixture.count(#"{"method": "POST", "path": "/search", "request": {"a": "1"}, "queryMatch": "exact"}"#)
        let nearest = try #require((postMiss["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String])
        #expect(nearest.first == #"unexpected query parameter 'a' ("queryMatch": "exact" allows no query parameters)"#, "\(nearest)")
    }
}
