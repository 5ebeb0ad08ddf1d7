import Foundation
import MockFixtures
import ResonanceKit
@testable import ResonanceKitTesting
import Testing
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Path parameters, templates, matchers and non-JSON bodies: every test runs over a real
/// `MockHTTPServer` on loopback and over `FixtureTransport`, with the same expectations.
@Suite("Dynamic fixtures, over sockets and in-process")
struct DynamicFixtureTests {
    static let files = [
        "api/people/{id}.json": #"""
        [{"pathParameters": {"id": {"$regex": "^[0-9]+$"}}, "template": true,
          "headers": {"X-Request-Id": "{{header.x-request-id}}", "Location": "/api/people/{{path.id}}"},
          "response": {"id": "{{path.id}}", "page": "{{query.page}}", "method": "{{method}}", "missing": "{{query.nope}}"}},
         {"method": "PUT", "template": true, "requestMatch": "partial", "request": {"name": {"$contains": "R"}},
          "response": {"id": "{{path.id}}", "name": "{{body.name}}", "age": "{{body.age}}", "greeting": "Hi {{body.name}}!"}}]
        """#,
        "api/people/me.json": #"{"response": {"id": "me"}}"#,
        "api/orders.json": #"""
        [{"method": "POST", "requestMatch": "partial", "request": {"sku": {"$regex": "^A[0-9]+$"}},
          "requestHeaders": {"Authorization": {"$regex": "^Bearer "}, "X-Debug": {"$absent": true}}, "status": 201,
          "template": true, "response": {"sku": "{{body.sku}}", "quantity": "{{body.quantity}}"}}]
        """#,
        "api/feed.json": #"{"responseText": "<feed/>", "headers": {"Content-Type": "application/atom+xml"}}"#,
        "api/report.json": #"{"responseFile": "files/report.pdf"}"#,
        "files/report.pdf": "%PDF-1.4 fake",
        "api/hello.json": #"{"template": true, "responseText": "hello {{query.name}}"}"#,
    ]

    private static func send(_ session: JSONSession, _ path: String, method: HTTPMethod = .get, query: [URLQueryItem] = [],
                             headers: [String: String] = [:], body: RequestBody? = nil) async throws -> HTTPResponse {
        try await session.send(HTTPRequest(method: method, path: path, queryItems: query, headers: headers, body: body))
    }

    @Test(arguments: ControlFront.allCases)
    func pathParametersAndTemplates(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let seven = try await Self.send(harness.session, "people/7", query: [URLQueryItem(name: "page", value: "2")], headers: ["X-Request-Id": "r-9"])
            #expect(seven.statusCode == 200)
            #expect(try seven.text() == #"{"id":"7","page":"2","method":"GET","missing":null}"#)
            #expect(seven.headers["X-Request-Id"] == "r-9")
            #expect(seven.headers["Location"] == "/api/people/7")
            #expect(seven.headers["Content-Type"] == "application/json")
            #expect(try await Self.send(harness.session, "people/me").text() == #"{"id":"me"}"#, "a literal file beats {id}")
            let put = try await Self.send(harness.session, "people/12", method: .put, body: .json(["name": "Rey", "age": "19", "extra": "kept out"]))
            #expect(try put.text() == #"{"id":"12","name":"Rey","age":"19","greeting":"Hi Rey!"}"#)
            let hello = try await Self.send(harness.session, "hello", query: [URLQueryItem(name: "name", value: "Luke S")])
            #expect(try hello.text() == "hello Luke S")
            #expect(hello.headers["Content-Type"] == "text/plain; charset=utf-8")
        }
    }

    @Test(arguments: ControlFront.allCases)
    func matchersSelectAndExplain(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let order: [String: PatternValue] = ["sku": "A12", "quantity": 2, "note": "leave at door"]
            let created = try await Self.send(harness.session, "orders", method: .post, headers: ["Authorization": "Bearer t"], body: .json(order))
            #expect(created.statusCode == 201)
            #expect(try created.text() == #"{"sku":"A12","quantity":2}"#, "a sole placeholder keeps the number a number")
            let wrongSKU = try await Self.send(harness.session, "orders", method: .post, headers: ["Authorization": "Bearer t"], body: .json(["sku": "B7"]))
            #expect(wrongSKU.statusCode == 404)
            #expect(try Self.reasons(wrongSKU) == [[#"body differs at $.sku: expected a value matching ^A[0-9]+$, got "B7""#]])
            let debug = try await Self.send(harness.session, "orders", method: .post, headers: ["Authorization": "Bearer t", "X-Debug": "1"], body: .json(order))
            #expect(try Self.reasons(debug) == [[#"header 'x-debug' is "1", expected it to be absent"#]])
            let letters = try await Self.send(harness.session, "people/abc")
            #expect(letters.statusCode == 404)
            #expect(try Self.reasons(letters).first == [#"path parameter 'id' is "abc", expected to match ^[0-9]+$"#])
            let missing = try await Self.send(harness.session, "people/7/friends")
            let lookedFor = try JSONSerialization.jsonObject(with: missing.body) as? [String: Any]
            #expect(lookedFor?["lookedFor"] as? [String] == ["api/people/7/friends.json", "api/people/7/friends/index.json", "api/people/{id}.json"])
        }
    }

    @Test(arguments: ControlFront.allCases)
    func textAndFileBodies(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let feed = try await Self.send(harness.session, "feed")
            #expect(try feed.text() == "<feed/>")
            #expect(feed.headers["Content-Type"] == "application/atom+xml")
            let report = try await Self.send(harness.session, "report")
            #expect(report.body == Data("%PDF-1.4 fake".utf8))
            #expect(report.headers["Content-Type"] == "application/pdf")
            var rootSession = harness.session
            rootSession.baseURL = rootSession.baseURL.deletingLastPathComponent()
            #expect(try await Self.send(rootSession, "files/report.pdf").statusCode == 404, "a response body is not served at its own path")
        }
    }

    @Test(arguments: ControlFront.allCases)
    func verificationWithMatchersTemplatedPathsAndPartialBodies(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.session.status(.get, "people/7", headers: ["X-Request-Id": "r-1"])
            try await harness.session.status(.get, "people/me")
            try await harness.session.status(.post, "orders", headers: ["Authorization": "Bearer t"],
                                             body: .json(["sku": "A1", "quantity": 2, "requestId": "volatile"] as [String: PatternValue]))
            try await harness.mock.verify(.get("/api/people/{id}"), count: 2)
            try await harness.mock.verify(.get("/api/people/{id}", pathParameters: ["id": .regex("^[0-9]+$")], headers: ["X-Request-Id": .any]), count: 1)
            try await harness.mock.verify(.get("/api/people/{id}", headers: ["X-Request-Id": .absent]), count: 1)
            try await harness.mock.verify(.post("/api/orders", body: ["sku": .regex("^A"), "quantity": 2] as [String: PatternValue],
                                                requestMatch: .partial), count: 1)
            try await harness.mock.verify(.post("/api/orders", body: ["sku": "A1", "quantity": 2] as [String: PatternValue]), count: 0)
            try await harness.mock.verify(.post("/api/orders", headers: ["Authorization": .contains("Bearer")]), count: 1)
            let miss = try await harness.mock.count(matching: .get("/api/people/{id}", pathParameters: ["id": .regex("^A")]))
            #expect(miss.count == 0)
            #expect(miss.nearMisses.map(\.reasons) == [
                [#"path parameter 'id' is "me", expected to match ^A"#],
                [#"path parameter 'id' is "7", expected to match ^A"#],
                ["method is POST, expected GET", "path is /api/orders, expected /api/people/{id}"],
            ])
            let failure = await #expect(throws: VerificationFailure.self) {
                try await harness.mock.verify(.get("/api/people/{id}", pathParameters: ["id": .regex("^A")], query: ["page": .absent]))
            }
            #expect(failure?.description.hasPrefix("Expected at least one request matching GET /api/people/{id} path parameters id=(matching ^A) query page=(absent), but none of the 3 recorded requests did.") == true,
                    "\(failure?.description ?? "")")
        }
    }

    struct Person: Codable, Equatable, Sendable {
        var id: Int?
        var name: String
    }

    /// A resource on both fronts: the app creates, lists, renames and deletes people; the test
    /// sets the list up and reads it back, decoded.
    @Test(arguments: ControlFront.allCases)
    func resourcesKeepWhatTheAppSends(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let people = try await harness.mock.addResource(path: "/api/crew", items: [Person(id: 1, name: "Rey")])
            let created = try await harness.session.send(HTTPRequest(method: .post, path: "crew", body: .json(Person(name: "Finn"))))
            #expect(created.statusCode == 201)
            #expect(try created.decode(Person.self) == Person(id: 2, name: "Finn"))
            #expect(created.headers["Location"] == "/api/crew/2")
            #expect(try await harness.session.send(HTTPRequest(method: .put, path: "crew/2", body: .json(Person(name: "FN-2187")))).statusCode == 200)
            #expect(try await harness.session.send(HTTPRequest(method: .delete, path: "crew/1")).statusCode == 204)
            let listed = try await harness.session.send(HTTPRequest(path: "crew")).decode([Person].self)
            #expect(listed == [Person(id: 2, name: "FN-2187")])
            #expect(try await harness.mock.resourceItems(people, as: Person.self) == listed)
            try await harness.mock.verify(.post("/api/crew", body: ["name": "Finn"] as [String: PatternValue]), count: 1)
            let journal = try await harness.mock.requests()
            #expect(journal.first?.outcome == "resource")
            #expect(journal.first?.matched?.resource == people)
            try await harness.mock.removeResource(people)
            #expect(try await harness.session.status(.get, "crew") == 404)
            let failure = await #expect(throws: MockControlError.self) { try await harness.mock.removeResource(people) }
            #expect(failure?.message == #"there is no resource "resource-1""#)
            _ = try await harness.mock.addResource(path: "/api/crew", items: [Person(id: 1, name: "Rey")])
            _ = try await harness.mock.addResource(path: "/api/ships", items: [Person(id: 1, name: "Falcon")])
            #expect(try await harness.mock.removeAllResources() == 2)
            #expect(try await harness.session.status(.get, "ships") == 404)
            #expect(try await harness.mock.removeAllResources() == 0)
            #expect(try await harness.mock.reset().resources == 0)
        }
    }

    /// A resource a fixture file declares, on both fronts: there from the start, and as declared
    /// again after a reset.
    @Test(arguments: ControlFront.allCases)
    func fixtureFilesDeclareResources(front: ControlFront) async throws {
        try await front.run(files: ["api/crew.json": #"{"$resource": {"items": [{"id": 1, "name": "Rey"}]}}"#]) { harness in
            #expect(try await harness.session.send(HTTPRequest(path: "crew")).decode([Person].self) == [Person(id: 1, name: "Rey")])
            #expect(try await harness.session.send(HTTPRequest(method: .post, path: "crew", body: .json(Person(name: "Finn")))).statusCode == 201)
            #expect(try await harness.mock.resourceItems("declared-1", as: Person.self).count == 2)
            try await harness.mock.reset()
            #expect(try await harness.mock.resourceItems("declared-1", as: Person.self) == [Person(id: 1, name: "Rey")])
        }
    }

    /// A handler: Swift code answers per request (OHHTTPStubs' closure stubs), on both fronts;
    /// nil passes to the files; its entry's request keys are refused with a 500; it goes by reset.
    @Test(arguments: ControlFront.allCases)
    func handlersAnswerFromSwiftCode(front: ControlFront) async throws {
        try await front.run(files: ["api/crew/{id}.json": #"{"response": {"id": 0, "name": "from the file"}}"#,
                                    "api/feed.json": #"{"response": "a much longer body from the file"}"#]) { harness in
            let seen = SeenLines()
            let id = try harness.engine.addHandler(path: "/api/crew/{id}") { request in
                seen.append("\(request.method) \(request.path) \(request.pathParameters["id"] ?? "") \(request.query["v"] ?? []) \(request.headers["x-trace"] ?? "")")
                switch request.pathParameters["id"] {
                case "7": return FixtureEntry(response: Person(id: 7, name: request.bodyText.isEmpty ? "Rey" : request.bodyText), headers: ["X-Handled": "yes"])
                case "8": return FixtureEntry(status: 503, delayMilliseconds: 1)
                case "9": return FixtureEntry(query: ["a": "b"], response: 1)
                default: return nil
                }
            }
            #expect(id == "fixture-1")
            let answer = try await harness.session.send(HTTPRequest(path: "crew/7", queryItems: [URLQueryItem(name: "v", value: "2")], headers: ["X-Trace": "t1"]))
            #expect(try answer.decode(Person.self) == Person(id: 7, name: "Rey"))
            #expect(answer.headers["X-Handled"] == "yes")
            #expect(try await harness.session.status(.get, "crew/8") == 503)
            #expect(try await harness.session.send(HTTPRequest(path: "crew/6")).decode(Person.self) == Person(id: 0, name: "from the file"), "nil passes")
            let refused = try await harness.session.send(HTTPRequest(path: "crew/9"))
            #expect(refused.statusCode == 500)
            #expect(try refused.text().contains(#"\"query\" has no meaning in a handler's entry"#))
            #expect(seen.lines.first == "GET /api/crew/7 7 [\"2\"] t1")
            let journal = try await harness.mock.requests()
            #expect(journal.first?.matched == RecordedRequest.MatchedEntry(file: nil, fixture: "fixture-1", entry: 0))
            #expect(journal.first(where: { $0.path == "/api/crew/9" })?.isUnmatched == true)
            try await harness.mock.verify(.get("/api/crew/{id}"), count: 4)
            let listed = try await harness.mock.reset()
            #expect(listed.fixtures == 1)
            #expect(try await harness.session.send(HTTPRequest(path: "crew/7")).decode(Person.self) == Person(id: 0, name: "from the file"))
            #expect(throws: MockControlError.self) { try harness.engine.addHandler(path: "/api?x=1") { _ in nil } }

            // What audit R17 found: a responseFile, the listing, PUT, a reset from inside, a
            // nested respond, and a 304 whose 200 the handler would make.
            try harness.root.write("files/doc.txt", "the document")
            _ = try harness.engine.addHandler(path: "/api/doc") { _ in FixtureEntry(responseFile: "files/doc.txt") }
            #expect(try await harness.session.send(HTTPRequest(path: "doc")).text() == "the document")
            let fixturesBody = harness.engine.respond(method: "GET", target: "/__admin/fixtures", headers: NoHeaders(), body: []).body
            let handlers = try #require((try JSONSerialization.jsonObject(with: Data(fixturesBody)) as? [String: Any])?["fixtures"] as? [[String: Any]])
            let docHandler = try #require(handlers.last)
            #expect((docHandler["entries"] as? [Any])?.isEmpty == true)
            #expect(docHandler["handler"] is String)
            #expect(docHandler["priority"] as? Int == 5)
            let docID = try #require(docHandler["id"] as? String)
            let put = harness.engine.respond(method: "PUT", target: "/__admin/fixtures/\(docID)", headers: ["Content-Type": "application/json"],
                                             body: Array(#"{"path": "/api/doc", "entries": [{"response": 1}]}"#.utf8))
            #expect(put.status == 409)
            let engine = harness.engine
            _ = try harness.engine.addHandler(path: "/api/inner") { _ in
                let reset = engine.respond(method: "POST", target: "/__admin/reset", headers: NoHeaders(), body: [])
                let delegated = engine.respond(method: "GET", target: "/api/crew/6", headers: NoHeaders(), body: [])
                return FixtureEntry(response: ["reset": reset.status, "delegated": delegated.status])
            }
            #expect(try await harness.session.send(HTTPRequest(path: "inner")).decode([String: Int].self) == ["reset": 409, "delegated": 200])
            _ = try harness.engine.addHandler(path: "/api/feed") { request in
                request.headers["if-none-match"] == "\"v1\"" ? FixtureEntry(status: 304) : FixtureEntry(response: "fresh")
            }
            let unchanged = harness.engine.respond(method: "GET", target: "/api/feed", headers: ["If-None-Match": "\"v1\""], body: [])
            #expect(unchanged.status == 304 && unchanged.declaredBodyLength == nil, "no length rather than another source's")
            #expect(throws: MockControlError.self) { try harness.engine.addHandler(path: "/a", priority: 0) { _ in nil } }
        }
    }

    /// In-process, the URL's host is the request's `Host`, as URLSession sends it: one transport
    /// tells an app's backends apart (OHHTTPStubs' `isHost`), in entries and in handlers.
    @Test func theHostTellsBackendsApartInProcess() async throws {
        let root = try TemporaryFolder(["token.json": #"""
            [{"requestHeaders": {"Host": "auth.example.com"}, "response": "auth"},
             {"requestHeaders": {"Host": {"$regex": "^api\\.example\\.com:8443$"}}, "response": "api"}]
            """#])
        defer { root.remove() }
        let transport = try FixtureTransport(root: root.path)
        let auth = JSONSession(baseURL: URL(string: "https://auth.example.com")!, transport: transport)
        let api = JSONSession(baseURL: URL(string: "https://api.example.com:8443")!, transport: transport)
        let other = JSONSession(baseURL: URL(string: "https://other.example.com:443")!, transport: transport)
        #expect(try await auth.send(HTTPRequest(path: "token")).text() == #""auth""#)
        #expect(try await api.send(HTTPRequest(path: "token")).text() == #""api""#)
        #expect(try await other.send(HTTPRequest(path: "token")).statusCode == 404)
        #expect(try await transport.requests().last?.headers["host"] == "other.example.com", "the scheme's port is left out")
        try transport.addHandler(path: "/me") { request in
            FixtureEntry(response: request.headers["host"] ?? "none")
        }
        #expect(try await auth.send(HTTPRequest(path: "me")).text() == #""auth.example.com""#)
        #expect(FixtureTransport.hostHeader(of: URL(string: "http://[::1]:8080/x")!) == "[::1]:8080")
    }

    /// `setDelay` and `delayDistribution`, on both fronts: the delay each answer gets, read from
    /// the engine's answer (no clock involved).
    @Test(arguments: ControlFront.allCases)
    func delaysForEveryAnswerAndLogNormalEntries(front: ControlFront) async throws {
        try await front.run(files: ["api/d.json": #"{"response": 1}"#]) { harness in
            try await harness.mock.setDelay(.uniform(7...7))
            #expect(harness.engine.respond(method: "GET", target: "/api/d", headers: NoHeaders(), body: []).delayMilliseconds == 7)
            try await harness.mock.setDelay(nil)
            #expect(harness.engine.respond(method: "GET", target: "/api/d", headers: NoHeaders(), body: []).delayMilliseconds == 0)
            try await harness.mock.setDelay(.logNormal(median: 1, sigma: 0, max: 5))
            #expect(harness.engine.respond(method: "GET", target: "/api/d", headers: NoHeaders(), body: []).delayMilliseconds == 1)
            try await harness.mock.reset()
            #expect(harness.engine.respond(method: "GET", target: "/api/d", headers: NoHeaders(), body: []).delayMilliseconds == 0)
            try await harness.mock.addFixture(path: "/api/slow", entries: [FixtureEntry(delayDistribution: .logNormal(median: 3, sigma: 0))])
            #expect(harness.engine.respond(method: "GET", target: "/api/slow", headers: NoHeaders(), body: []).delayMilliseconds == 3)
            let refused = await #expect(throws: MockControlError.self) { try await harness.mock.setDelay(.logNormal(median: 80, sigma: 12)) }
            #expect(refused?.message.contains("sigma must be a number from 0 to 10") == true)
        }
    }

    /// `responseData`: a binary body posted from a test, with no file under the mock's root.
    @Test(arguments: ControlFront.allCases)
    func runtimeFixturesSendBytes(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])
            try await harness.mock.addFixture(path: "/api/avatars/{id}", entries: [FixtureEntry(responseData: png, headers: ["Content-Type": "image/png"])])
            let answer = try await harness.session.send(HTTPRequest(method: .get, path: "avatars/7"))
            #expect(answer.body == png)
            #expect(answer.headers["Content-Type"] == "image/png")
        }
    }

    @Test(arguments: ControlFront.allCases)
    func runtimeFixturesWithTemplatesAndParameters(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            try await harness.mock.addFixture(path: "/api/carts/{cartId}", entries: [
                FixtureEntry(method: .post, pathParameters: ["cartId": .regex("^c-")], requestHeaders: ["X-Client": .any],
                             response: ["cart": "{{path.cartId}}", "item": "{{body.sku}}"], headers: ["Location": "/api/carts/{{path.cartId}}"],
                             template: true, delayRange: 0...2),
                FixtureEntry(method: .get, responseText: "cart {{path.cartId}}", template: true),
            ])
            let added = try await harness.session.send(HTTPRequest(method: .post, path: "carts/c-1", headers: ["X-Client": "ios"],
                                                                   body: .json(["sku": "A1"])))
            #expect(try added.text() == #"{"cart":"c-1","item":"A1"}"#)
            #expect(added.headers["Location"] == "/api/carts/c-1")
            #expect(try await harness.session.text("carts/c-2") == "cart c-2")
            #expect(try await harness.session.status(.post, "carts/x-1", headers: ["X-Client": "ios"]) == 404)
            await #expect(throws: MockControlError.self) {
                try await harness.mock.addFixture(path: "/api/carts/{cartId}", entries: [FixtureEntry(pathParameters: ["id": "1"])])
            }
        }
    }

    @Test func theTwoFrontsExplainAMissInTheSameWords() async throws {
        var bodies: [String] = []
        for front in ControlFront.allCases {
            let body = try await front.run(files: Self.files) { harness in
                try await Self.send(harness.session, "orders", method: .post, headers: ["Authorization": "Basic x"], body: .json(["sku": "B7"])).text()
            }
            bodies.append(body)
        }
        #expect(bodies[0] == bodies[1])
        #expect(bodies[0].contains(#"header 'authorization' is \"Basic x\", expected to match ^Bearer "#), "\(bodies[0])")
    }

    private static func reasons(_ response: HTTPResponse) throws -> [[String]] {
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let candidates = object?["candidates"] as? [[String: Any]] ?? []
        return candidates.map { $0["reasons"] as? [String] ?? [] }
    }
}

/// Lines a handler writes on the serving thread, read by the test.
final class SeenLines: @unchecked Sendable {
    // @unchecked: `stored` is only read and written under `lock`.
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) {
        lock.withLock { stored.append(line) }
    }

    var lines: [String] {
        lock.withLock { stored }
    }
}
