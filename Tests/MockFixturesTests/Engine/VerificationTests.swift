import Foundation
import Testing
@testable import MockFixtures

@Suite("Verifying what was sent")
struct VerificationTests {
    static let files = [
        "api/orders.json": #"[{"method": "POST", "request": {"sku": "A1"}, "status": 201}, {"method": "POST", "status": 422}, {"response": []}]"#,
        "api/upload.json": #"{"method": "POST", "status": 201}"#,
    ]

    @Test func countsAndFindsWithBodyQueryAndHeaderPatterns() throws {
        let fixture = try EngineFixture(Self.files)
        _ = fixture.postJSON("/api/orders", #"{"sku": "A1", "qty": 2}"#)
        _ = fixture.postJSON("/api/orders/", #"{"qty": 2, "sku": "A1"}"#)
        _ = fixture.get("/api/orders?page=2&sort=new", headers: ["Authorization": "Bearer t"])
        _ = fixture.get("/api/orders?page=3")

        #expect(try fixture.count(#"{"method": "post", "path": "/api/orders/", "request": {"sku": "A1", "qty": 2}}"#)["count"] as? Int == 2)
        #expect(try fixture.count(#"{"path": "/api/orders"}"#)["count"] as? Int == 4)
        #expect(try fixture.count(#"{}"#)["count"] as? Int == 4)
        #expect(try fixture.count(#"{"method": "GET", "request": {"page": 2}}"#)["count"] as? Int == 1)
        #expect(try fixture.count(#"{"method": "GET", "query": {"page": "3"}}"#)["count"] as? Int == 1)
        #expect(try fixture.count(#"{"requestHeaders": {"authorization": "Bearer t"}}"#)["count"] as? Int == 1)

        let found = try fixture.postJSON("/__admin/requests/find", #"{"method": "GET"}"#).jsonObject()
        let requests = try #require(found["requests"] as? [[String: Any]])
        #expect(requests.map { $0["id"] as? Int } == [3, 4])
        #expect(requests.first?["query"] as? [String: [String]] == ["page": ["2"], "sort": ["new"]])
    }

    @Test func aFailedCountExplainsTheNearestRequests() throws {
        let fixture = try EngineFixture(Self.files)
        _ = fixture.postJSON("/api/orders", #"{"sku": "A2"}"#)
        _ = fixture.get("/api/orders")
        _ = fixture.postJSON("/api/upload", #"{"sku": "A1"}"#)
        _ = fixture.postJSON("/api/orders", #"{"sku": "A3", "qty": 1}"#)
        let result = try fixture.count(#"{"method": "POST", "path": "/api/orders", "request": {"sku": "A1"}}"#)
        #expect(result["count"] as? Int == 0)
        #expect(result["recorded"] as? Int == 4)
        let misses = try #require(result["nearMisses"] as? [[String: Any]])
        #expect(misses.count == 3)
        #expect(misses.map { $0["id"] as? Int } == [4, 1, 2], "same path and method first, fewest reasons, then newer")
        #expect(misses[0]["method"] as? String == "POST")
        #expect(misses[0]["path"] as? String == "/api/orders")
        #expect(misses[0]["reasons"] as? [String] == [#"body differs at $.sku: expected "A1", got "A3""#])
        #expect(misses[1]["reasons"] as? [String] == [#"body differs at $.sku: expected "A1", got "A2""#])
        #expect((misses[2]["reasons"] as? [String])?.first == "method is GET, expected POST")
    }

    @Test func patternMethodsAreUpperCasedAndRecordedMethodsComparedExactly() throws {
        let fixture = try EngineFixture(Self.files)
        _ = fixture.send("post", "/api/upload", headers: ["Content-Type": "application/json"], body: "{}")
        let result = try fixture.count(#"{"method": "POST", "path": "/api/upload"}"#)
        #expect(result["count"] as? Int == 0, "the app's lowercase post is not a POST")
        let misses = try #require(result["nearMisses"] as? [[String: Any]])
        #expect(misses.first?["reasons"] as? [String] == ["method is post, expected POST (methods are case-sensitive; the app sent post)"])
        _ = fixture.postJSON("/api/upload", "{}")
        #expect(try fixture.count(#"{"method": "post", "path": "/api/upload"}"#)["count"] as? Int == 1, "the pattern means POST")
    }

    @Test func multipartPatternsUseTheFixtureRules() throws {
        let fixture = try EngineFixture(Self.files)
        let boundary = "XyZ"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nPortrait\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"luke.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--\(boundary)--\r\n"
        _ = fixture.send("POST", "/api/upload", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: body)
        #expect(try fixture.count(#"{"request": {"title": "Portrait", "avatar": {"filename": "luke.png"}}}"#)["count"] as? Int == 1)
        let miss = try fixture.count(#"{"request": {"avatar": {"filename": "leia.png"}}}"#)
        #expect((miss["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String] == [#"multipart part 'avatar' has filename "luke.png", expected "leia.png""#])
    }

    @Test func truncatedBodiesSayWhyTheyCannotBeCompared() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(journalBodyLimit: 4))
        _ = fixture.postJSON("/api/orders", #"{"sku": "A1"}"#)
        let result = try fixture.count(#"{"request": {"sku": "A1"}}"#)
        #expect(result["count"] as? Int == 0)
        let reasons = try #require((result["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String])
        #expect(reasons == ["the journal kept only 4 of the body's 13 bytes; raise --journal-body-limit to compare whole bodies"],
                "the cut body is not said to differ or to be no JSON")
        _ = fixture.postJSON("/api/orders?page=1", #"{"sku": "A1"}"#)
        let withQuery = try fixture.count(#"{"request": {"sku": "A1"}, "query": {"page": "2"}}"#)
        let queryReasons = try #require((withQuery["nearMisses"] as? [[String: Any]])?.first?["reasons"] as? [String])
        #expect(queryReasons.count == 2 && queryReasons.last?.hasPrefix("the journal kept only") == true, "the rest is still compared: \(queryReasons)")
    }

    @Test(arguments: [
        ("", "needs a JSON body; send one such as"),
        ("[1]", "the pattern is an array; send an object such as"),
        (#"{"method": 1}"#, "1:12: method must be a non-empty string"),
        (#"{"path": 5}"#, #""path" must be a string, found number 5; give the path as a string, such as "/api/1.0/people/""#),
        (#"{"path": "/x?page=2"}"#, #""path" "/x?page=2" has a query; give the path alone and the parameters in "query""#),
        (#"{"path": "/a/../b"}"#, #""path" "/a/../b" is not a usable request path"#),
        (#"{"requestHeader": {}}"#, #"unknown key "requestHeader" in the pattern; did you mean "requestHeaders"?"#),
        (#"{"query": [1]}"#, "query must be an object of parameter names to values"),
        (#"{"request": "#, "the body is not valid JSON: 1:13:"),
        (#"{"method": "POST", "method": "GET"}"#, #"1:20: the key "method" is given twice (first at 1:2); give each key once"#),
        (#"{"request": {"sku": "A1", "sku": "A2"}}"#, #"the key "sku" is given twice"#),
        (#"{"requestHeaders": {"X-I": "1", "x-i": "2"}}"#,
         #"1:33: the header "x-i" in requestHeaders is also given as "X-I" (first at 1:21); header names are case-insensitive; give each header once"#),
    ])
    func malformedPatternsAnswer400NamingTheKey(pattern: String, error: String) throws {
        let fixture = try EngineFixture(Self.files)
        for endpoint in ["/__admin/requests/count", "/__admin/requests/find"] {
            let response = fixture.postJSON(endpoint, pattern)
            #expect(response.status == 400)
            let body = try response.jsonObject()
            let hint = try #require(body["hint"] as? String, "every refusal says what to send instead")
            let message = try #require(body["error"] as? String) + "; " + hint
            #expect(message.contains(error), "\(message)")
        }
    }
}
