import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import Testing

struct NewOrder: Codable, Sendable, Equatable {
    let sku: String
    let quantity: Int
}

@Suite("Verifying what the app sent, over sockets and in-process")
struct VerificationControlTests {
    static let files = [
        "api/orders.json": #"[{"method": "POST", "request": {"sku": "A1", "quantity": 2}, "status": 201, "response": {"id": 7}}, {"method": "GET", "response": []}]"#,
        "api/uploads.json": #"{"method": "POST", "status": 201}"#,
        "api/broken.json": #"{"status": "#,
    ]

    @Test(arguments: ControlFront.allCases)
    func recordsWhatTheAppSent(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let status = try await harness.session.status(
                .post, "orders", query: [URLQueryItem(name: "source", value: "cart page")], headers: ["X-Trace": "t-1"],
                body: .json(NewOrder(sku: "A1", quantity: 2)))
            #expect(status == 201)
            _ = try await harness.mock.requests()                 // admin calls are not recorded
            let recorded = try await harness.mock.requests()
            #expect(recorded.count == 1)
            let request = try #require(recorded.first)
            #expect(request.id == 1)
            #expect(request.method == "POST")
            #expect(request.path == "/api/orders")
            #expect(request.query == ["source": ["cart page"]])
            #expect(request.headers["x-trace"] == "t-1")
            #expect(request.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(try request.decodeBody(NewOrder.self) == NewOrder(sku: "A1", quantity: 2))
            #expect(!request.bodyTruncated)
            #expect(request.status == 201)
            #expect(request.matched == RecordedRequest.MatchedEntry(file: "api/orders.json", fixture: nil, entry: 0))
            #expect(request.outcome == "matched")
            #expect(abs(request.time.timeIntervalSinceNow) < 600)
            let response = try #require(request.response, "the answer is kept with the request")
            #expect(try response.decodeBody([String: Int].self) == ["id": 7])
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.bodySize == 8 && !response.bodyTruncated)
        }
    }

    /// 64-bit ids compare exactly: as a Double, 1234567890123456789 became …800, so a pattern
    /// passed for another id and failed for the right one.
    @Test(arguments: ControlFront.allCases)
    func largeIntegersInPatternsAreExact(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            struct Order: Encodable, Sendable { let id: Int }
            try await harness.session.status(.post, "orders", query: [URLQueryItem(name: "ref", value: "1234567890123456789")],
                                             body: .json(Order(id: 1_234_567_890_123_456_789)))
            try await harness.mock.verify(.post("/api/orders", body: ["id": 1_234_567_890_123_456_789] as [String: PatternValue]), count: 1)
            try await harness.mock.verify(.post("/api/orders", body: ["id": 1_234_567_890_123_456_800] as [String: PatternValue]), count: 0)
            try await harness.mock.verify(.post("/api/orders", query: ["ref": 1_234_567_890_123_456_789]), count: 1)
            try await harness.mock.verify(.post("/api/orders", query: ["ref": 1_234_567_890_123_456_800]), count: 0)
            #expect(PatternValue.integer(1_234_567_890_123_456_789).description == "1234567890123456789")
        }
    }

    @Test(arguments: ControlFront.allCases)
    func verifiesAtLeastOnceAndExactly(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            for page in ["1", "2", "2"] {
                try await harness.session.status(.get, "orders", query: [URLQueryItem(name: "page", value: page)])
            }
            try await harness.session.status(.post, "orders", body: .json(NewOrder(sku: "A1", quantity: 2)))
            try await harness.mock.verify(.post("/api/orders/", body: NewOrder(sku: "A1", quantity: 2)))
            try await harness.mock.verify(.post("/api/orders", body: NewOrder(sku: "A1", quantity: 2)), count: 1)
            try await harness.mock.verify(.get("/api/orders", query: ["page": 2]), count: 2)
            try await harness.mock.verify(.get("/api/orders", query: ["page": "3"]), count: 0)
            let sent = try await harness.mock.requests(matching: .get("/api/orders", query: ["page": "2"]))
            #expect(sent.map(\.id) == [2, 3])

            let failure = await #expect(throws: VerificationFailure.self) {
                try await harness.mock.verify(.get("/api/orders", query: ["page": "2"]), count: 1)
            }
            #expect(failure?.description == """
                Expected exactly 1 request matching GET /api/orders query page=2, but 2 did:
                  #2 GET /api/orders?page=2 → 200
                  #3 GET /api/orders?page=2 → 200
                """)
        }
    }

    @Test(arguments: ControlFront.allCases)
    func aFailedVerifySaysWhatTheAppSentInstead(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.session.status(.post, "orders", body: .json(NewOrder(sku: "A2", quantity: 2)))
            try await harness.session.status(.get, "orders")
            let failure = await #expect(throws: VerificationFailure.self) {
                try await harness.mock.verify(.post("/api/orders", body: NewOrder(sku: "A1", quantity: 2)))
            }
            #expect(failure?.description == """
                Expected at least one request matching POST /api/orders body {"quantity":2,"sku":"A1"}, but none of the 2 recorded requests did. Nearest:
                  #1 POST /api/orders: body differs at $.sku: expected "A1", got "A2"
                  #2 GET /api/orders: method is GET, expected POST; missing query parameter 'quantity' (expected "2"); missing query parameter 'sku' (expected "A1")
                """)
            let empty = await #expect(throws: VerificationFailure.self) {
                try await harness.mock.clearRequests()
                try await harness.mock.verify(.get("/api/orders"))
            }
            #expect(empty?.description == "Expected at least one request matching GET /api/orders, but no requests were recorded at all.")
        }
    }

    @Test(arguments: ControlFront.allCases)
    func headerAndMultipartPatterns(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            var form = MultipartFormData()
            form.addField(name: "title", value: "Portrait")
            form.addFile(name: "avatar", filename: "luke.png", contentType: "image/png", data: Data("PNG".utf8))
            try await harness.session.status(.post, "uploads", headers: ["Authorization": "Bearer t"], body: .multipart(form))
            try await harness.mock.verify(RequestPattern(method: .post, path: "/api/uploads",
                                                         body: .rawJSON(#"{"title": "Portrait", "avatar": {"filename": "luke.png", "contentType": "image/png"}}"#)), count: 1)
            try await harness.mock.verify(.post("/api/uploads", fields: ["title": "Portrait"]), count: 1)
            try await harness.mock.verify(.post("/api/uploads", headers: ["authorization": "Bearer t"]), count: 1)
            let miss = try await harness.mock.count(matching: .post("/api/uploads", headers: ["Authorization": "Bearer u"]))
            #expect(miss.count == 0)
            #expect(miss.nearMisses.first?.reasons == [#"header 'authorization' is "Bearer t", expected "Bearer u""#])
        }
    }

    @Test(arguments: ControlFront.allCases)
    func unmatchedRequestsAreListedWithWhy(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.session.status(.get, "orders")
            try await harness.mock.expectNoUnmatchedRequests()
            try await harness.session.status(.delete, "orders")
            try await harness.session.status(.get, "ordrs")
            // Refused targets (a base URL joined with a leading slash) and broken files: answered
            // by nothing the test wrote either.
            try await harness.session.status(.get, "v1//orders")
            try await harness.session.status(.get, "broken")
            let unmatched = try await harness.mock.requests(unmatchedOnly: true)
            #expect(unmatched.map(\.id) == [2, 3, 4, 5])
            #expect(unmatched.map(\.outcome) == ["noMatch", "noMatch", "rejectedPath", "brokenFixture"])
            #expect(try await harness.mock.requests().map(\.isUnmatched) == [false, true, true, true, true])
            let failure = await #expect(throws: VerificationFailure.self) {
                try await harness.mock.expectNoUnmatchedRequests()
            }
            #expect(failure?.description == """
                Expected every request to match a fixture, but 4 did not:
                  #2 DELETE /api/orders → 404
                    no entry in api/orders.json matches DELETE /api/orders; closest is entry 1 (line 1): method differs: entry expects GET, request is DELETE
                  #3 GET /api/ordrs → 404
                    no fixture file serves GET /api/ordrs (looked for api/ordrs.json, api/ordrs/index.json); did you mean /api/orders?
                  #4 GET /api/v1//orders → 404
                    rejected request target: the path contains an empty segment ('//'); remove the doubled slash
                  #5 GET /api/broken → 500
                    fixture file api/broken.json is broken
                """)
        }
    }

    /// `.not` and `.anyOf`, on both fronts, in a JSON body pattern, nested in each other.
    @Test(arguments: ControlFront.allCases)
    func verifiesWithNotAndAnyOf(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.session.status(.post, "uploads", body: .json(["items": "A1", "kind": "b2"]))
            let kindOrB: PatternValue = .anyOf(["a", .regex("^b[0-9]$")])
            let notZ: PatternValue = .not("Z")
            let matching: [String: PatternValue] = ["kind": kindOrB, "items": notZ]
            try await harness.mock.verify(.post("/api/uploads", body: matching, requestMatch: .partial), count: 1)
            let neither: [String: PatternValue] = ["kind": .not(.anyOf(["b2", "c"]))]
            try await harness.mock.verify(.post("/api/uploads", body: neither, requestMatch: .partial), count: 0)
            let notB2: [String: PatternValue] = ["kind": .not("b2")]
            let miss = try await harness.mock.count(matching: .post("/api/uploads", body: notB2, requestMatch: .partial))
            #expect(miss.nearMisses.first?.reasons == [#"body differs at $.kind: expected anything but "b2", got "b2""#])
            #expect(PatternValue.not(.anyOf(["a", .absent])).description == "(anything but (one of a, (absent)))")
        }
    }

    /// `queryMatch: .exact` in a pattern and in a runtime fixture, on both fronts.
    @Test(arguments: ControlFront.allCases)
    func exactQueries(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.mock.addFixture(path: "/api/search", entries: [
                FixtureEntry(query: ["q": "luke"], queryMatch: .exact, response: ["exact": true]),
                FixtureEntry(status: 400),
            ])
            #expect(try await harness.session.status(.get, "search", query: [URLQueryItem(name: "q", value: "luke")]) == 200)
            let extra = [URLQueryItem(name: "q", value: "luke"), URLQueryItem(name: "debug", value: "1")]
            #expect(try await harness.session.status(.get, "search", query: extra) == 400)
            try await harness.mock.verify(.get("/api/search", query: ["q": "luke"]), count: 2)
            try await harness.mock.verify(.get("/api/search", query: ["q": "luke"], queryMatch: .exact), count: 1)
            let miss = try await harness.mock.count(matching: .get("/api/search", queryMatch: .exact))
            #expect(miss.count == 0)
            #expect(miss.nearMisses.first?.reasons.first == #"unexpected query parameter 'q' ("queryMatch": "exact" allows no query parameters)"#)
            #expect(RequestPattern.get("/api/search", query: ["q": "luke"], queryMatch: .exact).description == "GET /api/search query q=luke (exact query)")
        }
    }

    /// `.includes`: the items a cart was sent with, in any order, others allowed.
    @Test(arguments: ControlFront.allCases)
    func verifiesArraysThatIncludeElements(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.session.status(.post, "uploads", body: .json(["items": ["C3", "B2", "A1"]]))
            try await harness.mock.verify(.post("/api/uploads", body: ["items": .includes(["A1", .regex("^B")])] as [String: PatternValue]), count: 1)
            let miss = try await harness.mock.count(matching: .post("/api/uploads", body: ["items": .includes(["A1", "D4"])] as [String: PatternValue]))
            #expect(miss.count == 0)
            #expect(miss.nearMisses.first?.reasons == [
                #"body differs at $.items: expected an array including ["A1","D4"] in any order, got ["C3","B2","A1"]: no element left matches "D4""#,
            ])
            #expect(PatternValue.includes(["A1", .regex("^B")]).description == "(including A1, (matching ^B))")

            // A body that is not JSON is searched as text by a matcher standing for it.
            let xml = Data("<order><sku>A1</sku></order>".utf8)
            try await harness.session.status(.post, "uploads", body: .data(xml, contentType: "application/xml"))
            try await harness.mock.verify(.post("/api/uploads", body: PatternValue.contains("<sku>A1</sku>")), count: 1)
            try await harness.mock.verify(.post("/api/uploads", body: PatternValue.regex("<sku>B")), count: 0)
        }
    }

    /// In order, others allowed between; the failure names the missing step and an earlier send.
    @Test(arguments: ControlFront.allCases)
    func verifiesTheOrderOfRequests(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.session.status(.get, "orders")
            try await harness.session.status(.post, "uploads")
            try await harness.session.status(.get, "ordrs")
            try await harness.session.status(.post, "orders", body: .json(NewOrder(sku: "A1", quantity: 2)))
            try await harness.mock.verifyInOrder([.get("/api/orders"), .post("/api/uploads"), .post("/api/orders")])
            try await harness.mock.verifyInOrder([.post("/api/uploads")])
            let failure = await #expect(throws: VerificationFailure.self) {
                try await harness.mock.verifyInOrder([.post("/api/uploads"), .get("/api/orders"), .post("/api/orders")])
            }
            #expect(failure?.description == """
                Expected requests in this order:
                  1. POST /api/uploads
                  2. GET /api/orders
                  3. POST /api/orders
                but after #2 POST /api/uploads → 201 (step 1), no request matching step 2 was recorded; it was sent before, as #1.
                """)
            let never = await #expect(throws: VerificationFailure.self) { try await harness.mock.verifyInOrder([.delete("/api/orders")]) }
            #expect(never?.description.hasSuffix("but no request matching step 1 was recorded.") == true)
            await #expect(throws: VerificationFailure.self) { try await harness.mock.verifyInOrder([]) }
        }
    }

    /// `replaceFixture` keeps the id: a test changes its answer half-way without removing it.
    @Test(arguments: ControlFront.allCases)
    func aRuntimeFixtureIsReplacedInPlace(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let id = try await harness.mock.addFixture(path: "/api/status", entries: [FixtureEntry(response: ["up": true])])
            let before = try await harness.session.send(HTTPRequest(path: "status")).text()
            #expect(before == #"{"up":true}"#)
            try await harness.mock.replaceFixture(id, path: "/api/status", entries: [FixtureEntry(status: 503)])
            let after = try await harness.session.status(.get, "status")
            #expect(after == 503)
            await #expect(throws: MockControlError.self) { try await harness.mock.replaceFixture("fixture-99", path: "/api/status", entries: []) }
        }
    }

    /// A runtime `ANY` entry takes every method but OPTIONS: the whole resource down.
    @Test(arguments: ControlFront.allCases)
    func anAnyEntryTakesTheWholeResourceDown(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.mock.addFixture(path: "/api/orders", entries: [FixtureEntry(method: "ANY", status: 503)])
            for method in [HTTPMethod.get, .post, .delete] {
                let status = try await harness.session.status(method, "orders")
                #expect(status == 503, "\(method)")
            }
            try await harness.mock.verify(RequestPattern(method: "ANY", path: "/api/orders"), count: 3)
        }
    }

    /// `pathMatching`: every request under a prefix.
    @Test(arguments: ControlFront.allCases)
    func verifiesPathsByMatcher(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.session.status(.get, "orders")
            try await harness.session.status(.post, "uploads")
            try await harness.mock.verify(RequestPattern(pathMatching: .regex("^/api/")), count: 2)
            try await harness.mock.verify(RequestPattern(method: .post, pathMatching: .contains("upload")), count: 1)
            let failure = await #expect(throws: VerificationFailure.self) {
                try await harness.mock.verify(RequestPattern(pathMatching: .regex("^/api/v1/")), count: 1)
            }
            #expect(failure?.description.hasPrefix("Expected exactly 1 request matching any method path (matching ^/api/v1/), but none of the 2 recorded requests did.") == true,
                    "\(failure?.description ?? "")")
        }
    }

    /// Cookies by name, in runtime fixtures and verification, over both fronts.
    @Test(arguments: ControlFront.allCases)
    func cookiesAreMatchedByName(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.mock.addFixture(path: "/api/me", entries: [
                FixtureEntry(requestCookies: ["session": .regex("^s-")], response: ["signedIn": true]),
                FixtureEntry(status: 401),
            ])
            let signedIn = try await harness.session.status(.get, "me", headers: ["Cookie": "theme=dark; session=s-1"])
            #expect(signedIn == 200)
            let lookalike = try await harness.session.status(.get, "me", headers: ["Cookie": "xsession=s-1"])
            #expect(lookalike == 401)
            var pattern = RequestPattern.get("/api/me")
            pattern.cookies = ["session": "s-1"]
            try await harness.mock.verify(pattern, count: 1)
            #expect(pattern.description == "GET /api/me cookies session=s-1")
        }
    }

    /// `requestJsonPath` in runtime fixtures and `jsonPaths` in verification, over both fronts.
    @Test(arguments: ControlFront.allCases)
    func jsonPathsSelectAndVerify(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.mock.addFixture(path: "/api/carts", entries: [
                FixtureEntry(method: .post, status: 202, requestJsonPath: ["$.items[?@.qty > 10]": .any]),
                FixtureEntry(method: .post, status: 201, requestJsonPath: ["$.items[*].sku": .includes(["GIFT"]), "$.customer.id": 7]),
                FixtureEntry(method: .post, status: 422),
            ])
            func post(_ json: String) async throws -> Int {
                try await harness.session.status(.post, "carts", body: .data(Data(json.utf8), contentType: "application/json"))
            }
            #expect(try await post(#"{"items": [{"sku": "A1", "qty": 12}]}"#) == 202)
            #expect(try await post(#"{"customer": {"id": 7}, "items": [{"sku": "A1", "qty": 1}, {"sku": "GIFT", "qty": 1}]}"#) == 201)
            #expect(try await post(#"{"customer": {"id": 8}, "items": [{"sku": "GIFT", "qty": 1}]}"#) == 422)
            var gifts = RequestPattern.post("/api/carts")
            gifts.jsonPaths = ["$.items[*].sku": .includes(["GIFT"])]
            try await harness.mock.verify(gifts, count: 2)
            #expect(gifts.description == "POST /api/carts body at $.items[*].sku (including GIFT)", "\(gifts.description)")
            var bulkForEight = RequestPattern.post("/api/carts")
            bulkForEight.jsonPaths = ["$.customer.id": 8, "$.items[?@.qty > 10]": .any]
            let failure = await #expect(throws: VerificationFailure.self) { try await harness.mock.verify(bulkForEight) }
            #expect(failure?.description.contains("body at $.items[?@.qty > 10] selects nothing (expected any value)") == true, "\(failure?.description ?? "")")
        }
    }

    /// At most (no retry storm), at least and between, with the count's range in the failure.
    @Test(arguments: ControlFront.allCases)
    func verifiesCountRanges(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            for _ in 0..<3 { try await harness.session.status(.get, "orders") }
            let orders = RequestPattern.get("/api/orders")
            try await harness.mock.verify(orders, count: ...3)
            try await harness.mock.verify(orders, count: 2...)
            try await harness.mock.verify(orders, count: 1...3)
            try await harness.mock.verify(.post("/api/orders"), count: ...0)
            for (range, wanted) in [(0...2, "at most 2 requests"), (4...9, "between 4 and 9 requests"), (3...3, "")] {
                guard !wanted.isEmpty else {
                    try await harness.mock.verify(orders, count: range)
                    continue
                }
                let failure = await #expect(throws: VerificationFailure.self) { try await harness.mock.verify(orders, count: range) }
                #expect(failure?.description.hasPrefix("Expected \(wanted) matching GET /api/orders, but 3 did:\n  #1 GET /api/orders → 200") == true,
                        "\(failure?.description ?? "")")
            }
            let atLeast = await #expect(throws: VerificationFailure.self) { try await harness.mock.verify(orders, count: 4...) }
            #expect(atLeast?.description.hasPrefix("Expected at least 4 requests matching GET /api/orders, but 3 did:") == true)
            let empty = await #expect(throws: VerificationFailure.self) { try await harness.mock.verify(orders, count: 5..<5) }
            #expect(empty?.description == "The count range 5..<5 holds no number of requests; give one such as ...3, 2... or 1...3.")
        }
    }

    /// A verification pattern's `request` of a POST is its body: a POST that sent none but
    /// carries the same keys in its query is not counted. (A fixture entry still answers it from
    /// its query, as recordings rely on.)
    @Test(arguments: ControlFront.allCases)
    func aBodyPatternNeverCountsABodylessPost(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let query = [URLQueryItem(name: "sku", value: "A1"), URLQueryItem(name: "quantity", value: "2")]
            let bodyless = try await harness.session.status(.post, "orders", query: query)
            #expect(bodyless == 201, "the entry reads a body-less request's query")
            try await harness.mock.verify(.post("/api/orders", body: NewOrder(sku: "A1", quantity: 2)), count: 0)
            let result = try await harness.mock.count(matching: .post("/api/orders", body: NewOrder(sku: "A1", quantity: 2)))
            #expect(result.nearMisses.first?.reasons == [
                #"request has no body, but the pattern expects one (for POST, PUT and PATCH a pattern's "request" is the body; match query parameters with "query")"#,
            ])
            try await harness.mock.verify(.post("/api/orders", query: ["sku": "A1", "quantity": 2]), count: 1)
            let withBody = try await harness.session.status(.post, "orders", body: .json(NewOrder(sku: "A1", quantity: 2)))
            #expect(withBody == 201)
            try await harness.mock.verify(.post("/api/orders", body: NewOrder(sku: "A1", quantity: 2)), count: 1)
        }
    }

    /// A journal that overflowed cannot confirm an exact count (a dropped request may have fit),
    /// also not the "never called" count of 0; "at least once" still holds.
    @Test(arguments: ControlFront.allCases)
    func anExactCountFromAJournalThatDroppedRequestsFails(front: ControlFront) async throws {
        try await front.run(files: Self.files, options: MockEngineOptions(journalSize: 2)) { harness in
            for _ in 0..<3 { try await harness.session.status(.get, "orders") }
            let result = try await harness.mock.count(matching: .get("/api/orders"))
            #expect(result.count == 2)
            #expect(result.dropped == 1)
            let failure = await #expect(throws: VerificationFailure.self) {
                try await harness.mock.verify(.get("/api/orders"), count: 2)
            }
            #expect(failure?.description == """
                Expected exactly 2 requests matching GET /api/orders, but the journal cannot confirm it: 2 did, and others may have been dropped:
                  #2 GET /api/orders → 200
                  #3 GET /api/orders → 200
                The journal dropped 1 older request since it was last cleared (it keeps the newest --journal-size); any of them may have matched. \
                Reset or clear the journal between tests, or raise --journal-size (MockEngineOptions.journalSize).
                """)
            await #expect(throws: VerificationFailure.self, "never called cannot be confirmed either") {
                try await harness.mock.verify(.post("/api/orders"), count: 0)
            }
            try await harness.mock.verify(.get("/api/orders"))
            try await harness.mock.verify(.get("/api/orders"), count: 2...)
            await #expect(throws: VerificationFailure.self, "an upper bound cannot be confirmed") {
                try await harness.mock.verify(.get("/api/orders"), count: ...5)
            }
            try await harness.mock.clearRequests()
            try await harness.session.status(.get, "orders")
            #expect(try await harness.mock.count(matching: .get("/api/orders")).dropped == 0)
            try await harness.mock.verify(.get("/api/orders"), count: 1)
        }
    }

    @Test(arguments: ControlFront.allCases)
    func threeHundredParallelRequestsAreAllRecorded(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let session = harness.session
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<300 {
                    group.addTask { try await session.status(.get, "orders", query: [URLQueryItem(name: "n", value: String(index))]) }
                }
                for try await status in group { #expect(status == 200) }
            }
            let recorded = try await harness.mock.requests()
            #expect(recorded.count == 300)
            #expect(Set(recorded.map(\.id)) == Set(1...300))
            #expect(Set(recorded.compactMap { $0.query["n"]?.first }) == Set((0..<300).map(String.init)))
            #expect(try await harness.mock.clearRequests() == 300)
            #expect(try await harness.mock.requests().isEmpty)
        }
    }

    @Test(arguments: ControlFront.allCases)
    func reportsUnusedFixtureEntries(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.session.status(.get, "orders")
            let unused = try await harness.mock.unusedFixtures()
            #expect(unused.map(\.description) == ["api/orders.json entry 0 (line 1, POST)", "api/uploads.json entry 0 (line 1, POST)"])
        }
    }
}
