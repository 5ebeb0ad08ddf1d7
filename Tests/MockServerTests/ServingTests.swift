import Foundation
import MockFixtures
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests over real loopback sockets against fixtures written by each test.
@Suite struct ServingTests {
    static let people = """
        [
          {"request": {}, "response": {"page": 1, "names": ["Luke", "Leia"]}},
          {"request": {"page": "2"}, "response": {"page": 2, "names": ["Han"]}},
          {"method": "POST", "request": {"name": "Rey"}, "status": 201, "response": {"created": "Rey"}},
          {"method": "PUT", "request": {"name": "Finn"}, "status": 200, "response": {"updated": "Finn"}}
        ]
        """

    @Test func servesAFixtureWithItsStatusHeadersAndBody() async throws {
        let running = try RunningServer([
            "api/people.json": Self.people,
            "api/ping.json": #"[{"status": 202, "headers": {"X-Mock": "yes"}, "response": {"pong": true}}]"#,
        ])
        let list = try await running.fetch("/api/people")
        #expect(list.status == 200)
        #expect(list.response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
        #expect(try jsonObject(list.body)["names"] as? [String] == ["Luke", "Leia"])

        let ping = try await running.fetch("/api/ping/")
        #expect(ping.status == 202)
        #expect(ping.response.value(forHTTPHeaderField: "X-Mock") == "yes")
        #expect(try jsonObject(ping.body)["pong"] as? Bool == true)
    }

    /// `--response-header`: on the wire, also on the prepared answers libmicrohttpd sends from
    /// its own copies.
    @Test func headersForEveryAnswerAreOnTheWire() async throws {
        var options = MockEngineOptions()
        options.answerHeaders = [try HTTPHeader(parsingAnswerHeader: "X-Powered-By: mockserver")]
        let running = try RunningServer(["api/ping.json": #"{"response": {"pong": true}}"#, "api/own.json": #"{"headers": {"X-Powered-By": "entry"}}"#],
                                        engineOptions: options)
        for _ in 0..<2 {
            let ping = try await running.fetch("/api/ping")
            #expect(ping.status == 200 && ping.response.value(forHTTPHeaderField: "X-Powered-By") == "mockserver")
        }
        #expect(try await running.fetch("/api/own").response.value(forHTTPHeaderField: "X-Powered-By") == "entry")
        let missing = try await running.fetch("/api/missing")
        #expect(missing.status == 404 && missing.response.value(forHTTPHeaderField: "X-Powered-By") == "mockserver")
    }

    @Test func matchesQueryParametersAndBodies() async throws {
        let running = try RunningServer(["api/people.json": Self.people])
        let second = try await running.fetch("/api/people?page=2")
        #expect(try jsonObject(second.body)["names"] as? [String] == ["Han"])

        let created = try await running.fetch(
            "/api/people", method: "POST", body: Data(#"{"name": "Rey"}"#.utf8),
            headers: ["Content-Type": "application/json"])
        #expect(created.status == 201)
        #expect(try jsonObject(created.body)["created"] as? String == "Rey")

        let updated = try await running.fetch(
            "/api/people", method: "PUT", body: Data(#"{"name":"Finn"}"#.utf8),
            headers: ["Content-Type": "application/json"])
        #expect(updated.status == 200)
        #expect(try jsonObject(updated.body)["updated"] as? String == "Finn")
    }

    @Test func nearMissAnswers404ExplainingTheCandidates() async throws {
        let running = try RunningServer(["api/people.json": Self.people])
        let miss = try await running.fetch(
            "/api/people", method: "POST", body: Data(#"{"name": "Finn"}"#.utf8),
            headers: ["Content-Type": "application/json"])
        #expect(miss.status == 404)
        let body = try jsonObject(miss.body)
        #expect(body["fixtureFile"] as? String == "api/people.json")
        #expect((body["candidates"] as? [Any])?.isEmpty == false)

        let nothing = try await running.fetch("/api/planets")
        #expect(nothing.status == 404)
        #expect(try jsonObject(nothing.body)["error"] is String)
    }

    @Test func brokenFixtureAnswers500NamingTheFile() async throws {
        let running = try RunningServer([
            "api/broken.json": "[{\"response\": {\"a\": 1,}",
            "api/fine.json": #"{"response": {"fine": true}}"#,
        ])
        #expect(running.store.problems.contains { $0.file == "api/broken.json" && $0.severity == .error })
        let broken = try await running.fetch("/api/broken")
        #expect(broken.status == 500)
        #expect(try jsonObject(broken.body)["fixtureFile"] as? String == "api/broken.json")
        let fine = try await running.fetch("/api/fine")
        #expect(fine.status == 200)
    }

    @Test(arguments: [
        "/../secret.json",
        "/api/../../secret.json",
        "/api/%2e%2e/%2e%2e/secret.json",
        "/api/%2E%2E/secret",
        "/api/.%2e/secret",
        "/api%2f..%2f..%2fsecret",
        "/api/..%2fsecret",
        "/api/%5c..%5csecret",
        "/api/./people",
        "/api/people%00.json",
    ])
    func traversalAttemptsAre404AndNeverLeakFiles(target: String) throws {
        let running = try RunningServer(["api/people.json": Self.people])
        // A file beside the root that a traversal would reach.
        let outside = running.tree.url.deletingLastPathComponent().appendingPathComponent("secret.json")
        try Data(#"{"response": "TOP-SECRET"}"#.utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }

        let client = try running.rawClient()
        let answer = try client.request("GET", target)
        #expect(answer.status == 404, "\(target) answered \(answer.statusLine)")
        #expect(!answer.text.contains("TOP-SECRET"))
        #expect(!answer.text.contains("Luke"))
    }

    @Test func servesStaticFilesWithContentTypes() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        let running = try RunningServer(["notes/readme.txt": "hello static\n"], binaryFiles: ["images/tiny.png": png])

        let text = try await running.fetch("/notes/readme.txt")
        #expect(text.status == 200)
        #expect(String(decoding: text.body, as: UTF8.self) == "hello static\n")
        #expect(text.response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/plain") == true)

        let image = try await running.fetch("/images/tiny.png")
        #expect(image.status == 200)
        #expect([UInt8](image.body) == png)
        #expect(image.response.value(forHTTPHeaderField: "Content-Type") == "image/png")
    }

    @Test func headSendsTheSameHeadersAndNoBody() throws {
        let running = try RunningServer(["api/people.json": Self.people])
        let client = try running.rawClient()
        let head = try client.request("HEAD", "/api/people")
        // Reusing the connection proves no body followed: the next bytes must be a status line.
        let get = try client.request("GET", "/api/people")
        #expect(head.status == 200)
        #expect(get.status == 200)
        #expect(head.body.isEmpty)
        #expect(!get.body.isEmpty)
        #expect(head.header("Content-Type") == get.header("Content-Type"))
        #expect(head.header("Content-Length") == String(get.body.count))
    }

    @Test func healthEndpointSaysOk() async throws {
        let running = try RunningServer(["api/people.json": Self.people])
        let health = try await running.fetch("/__admin/health")
        #expect(health.status == 200)
        #expect(try jsonObject(health.body)["status"] as? String == "ok")
    }
}
