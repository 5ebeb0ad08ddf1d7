import Foundation
import MockFixtures
import MockServer
import MockTLS
import MockUpstream
import Testing

/// `mockserver record` in process against a local upstream started by the test: every kind of
/// answer is recorded, the recorded folder loads without a single problem, and serving it
/// answers the same requests with the same statuses and equal bodies.
@Suite struct RecordRoundTripTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    static let upstreamFiles = [
        "api/people.json": """
            [
              {"request": {"page": "1"}, "headers": {"X-Total": "82", "ETag": "\\"p1\\""}, "response": {"page": 1, "results": [{"name": "Luke"}]}},
              {"request": {"page": "2"}, "response": {"page": 2, "results": [{"name": "Han"}]}},
              {"method": "POST", "request": {"name": "Rey"}, "status": 201, "headers": {"Location": "/api/people/83"}, "response": {"id": 83, "name": "Rey"}}
            ]
            """,
        "api/login.json": #"[{"method": "POST", "request": {"user": "luke", "password": "hunter2"}, "response": {"token": "secret-1", "user": {"name": "Luke", "token": "secret-2"}}}]"#,
        "api/greeting.json": #"[{"responseText": "Hello there\n", "headers": {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "max-age=60"}}]"#,
        "api/items/1.json": #"[{"method": "DELETE", "status": 204}]"#,
        "api/motd.txt": "May the Force be with you.\n",
    ]

    /// A request of the round trip and what the live upstream answered through the recorder.
    struct Exchange {
        let method: String
        let target: String
        let headers: [HTTPHeader]
        let body: String
    }

    static let json = [HTTPHeader(name: "Content-Type", value: "application/json")]
    static let form = [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")]
    static let exchanges = [
        Exchange(method: "GET", target: "/api/people?page=1", headers: [], body: ""),
        Exchange(method: "GET", target: "/api/people?page=2", headers: [], body: ""),
        Exchange(method: "POST", target: "/api/people", headers: json, body: #"{"name": "Rey"}"#),
        Exchange(method: "POST", target: "/api/login", headers: form, body: "user=luke&password=hunter2"),
        Exchange(method: "GET", target: "/api/greeting", headers: [], body: ""),
        Exchange(method: "GET", target: "/api/motd.txt", headers: [], body: ""),
        Exchange(method: "GET", target: "/images/r2.png", headers: [], body: ""),
        Exchange(method: "DELETE", target: "/api/items/1", headers: [], body: ""),
        Exchange(method: "GET", target: "/api/unknown", headers: [], body: ""),
    ]

    static func upstream(tls: TLSIdentity? = nil) throws -> LocalUpstream {
        let upstream = try LocalUpstream(upstreamFiles, tls: tls)
        try upstream.fixtures.write("images/r2.png", bytes: png)
        _ = try upstream.server.reload()
        return upstream
    }

    @Test func recordsEveryKindOfAnswerAndReplaysThemEqually() async throws {
        let upstream = try Self.upstream()
        let recording = try ForwardingServer(.record, upstream: upstream.url, redact: ["token", "password"])
        var live: [UpstreamResponse] = []
        for exchange in Self.exchanges {
            live.append(try await recording.send(exchange.method, exchange.target, headers: exchange.headers, body: exchange.body))
        }
        #expect(live.map(\.status) == [200, 200, 201, 200, 200, 200, 200, 204, 404])
        #expect(recording.outcomes == Array(repeating: "proxied", count: Self.exchanges.count))
        #expect(sameJSON(live[3].body, #"{"token": "secret-1", "user": {"name": "Luke", "token": "secret-2"}}"#), "the client gets the answer unredacted")
        #expect(live[6].body == Self.png)

        #expect(recording.root.files() == [
            "__files/images/r2.png", "api/greeting.json", "api/items/1.json", "api/login.json", "api/motd.txt.json",
            "api/people.json", "api/unknown.json", "images/r2.png.json",
        ])
        let login = try recording.root.text("api/login.json")
        #expect(!login.contains("secret-") && !login.contains("hunter2"), "redacted keys are not written:\n\(login)")

        let store = try FixtureStore.load(root: recording.root.path)
        #expect(store.problems.isEmpty, "\(store.problems.map(\.description))")
        let replay = try MockHTTPServer(store: store, configuration: ServerConfiguration(port: 0, logRequests: false), logger: .init(label: "replay"))
        defer { replay.stop() }
        let client = try UpstreamClient()
        for (exchange, original) in zip(Self.exchanges, live) {
            let replayed = try await client.forward(UpstreamRequest(method: exchange.method, url: replay.url.absoluteString + exchange.target,
                                                              headers: exchange.headers, body: Array(exchange.body.utf8)))
            #expect(replayed.status == original.status, "\(exchange.method) \(exchange.target)")
            if exchange.target == "/api/login" {
                #expect(sameJSON(replayed.body, #"{"token": "REDACTED", "user": {"name": "Luke", "token": "REDACTED"}}"#))
            } else if original.header("Content-Type")?.hasPrefix("application/json") == true {
                #expect(sameJSON(replayed.body, String(decoding: original.body, as: UTF8.self)), "\(exchange.target)")
            } else {
                #expect(replayed.body == original.body, "\(exchange.target)")
            }
            for name in ["Content-Type", "Location", "ETag", "X-Total", "Cache-Control"] where original.header(name) != nil {
                #expect(replayed.header(name) == original.header(name), "\(name) of \(exchange.target)")
            }
        }
    }

    @Test func aRepeatReplacesItsEntryAndANewRequestAddsOne() async throws {
        let upstream = try Self.upstream()
        let recording = try ForwardingServer(.record, upstream: upstream.url)
        _ = try await recording.send("GET", "/api/people?page=1")
        try upstream.fixtures.write("api/people.json", #"[{"request": {"page": "1"}, "response": {"page": 1, "results": [], "changed": true}}]"#)
        _ = try upstream.server.reload()
        _ = try await recording.send("GET", "/api/people?page=1")
        _ = try await recording.send("GET", "/api/people?page=3")
        let entries = try JSONParser.parse(try recording.root.bytes("api/people.json")).root.value
        guard case .array(let elements) = entries else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 2, "page=1 replaced, page=3 added")
        #expect(elements[0].value["response"]?["changed"] == .bool(true))
        #expect(elements[1].value["status"] == .number(JSONNumber(404)))
    }

    @Test func recordModeServesNoFixtureAndRefusesToReload() async throws {
        let upstream = try Self.upstream()
        let recording = try ForwardingServer(.record, upstream: upstream.url)
        _ = try await recording.send("GET", "/api/people?page=2")
        #expect(try await recording.send("GET", "/api/people?page=2").status == 200)
        #expect(upstream.requestCount == 2, "a recorded path is forwarded again, never answered from the recording")
        let health = try await recording.send("GET", "/__admin/health")
        #expect(health.status == 200)
        let reload = try await recording.send("POST", "/__admin/reload")
        #expect(reload.status == 409)
        let refusal = try #require(try JSONSerialization.jsonObject(with: Data(reload.body)) as? [String: Any])
        #expect(refusal["error"] as? String == "mockserver record serves no fixtures, so there is nothing to reload")
        #expect((refusal["hint"] as? String)?.hasPrefix("stop it and serve what it recorded with mockserver --root ") == true)
    }

    @Test func recordsFromAnHTTPSUpstreamTrustedThroughItsCertificate() async throws {
        let certificate = try TestCertificate()
        let upstream = try Self.upstream(tls: certificate.identity)
        #expect(upstream.url.hasPrefix("https://"))

        let trusting = try ForwardingServer(.record, upstream: upstream.url,
                                            upstreamConfiguration: UpstreamConfiguration(trustedCertificatesFile: certificate.certificateFile))
        #expect(try await trusting.send("GET", "/api/people?page=2").status == 200)
        #expect(trusting.root.exists("api/people.json"))

        let insecure = try ForwardingServer(.record, upstream: upstream.url, upstreamConfiguration: UpstreamConfiguration(insecure: true))
        #expect(try await insecure.send("GET", "/images/r2.png").body == Self.png)

        let untrusting = try ForwardingServer(.record, upstream: upstream.url)
        let refused = try await untrusting.send("GET", "/api/people?page=2")
        #expect(refused.status == 502)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(refused.body)) as? [String: Any])
        #expect(body["kind"] as? String == "tlsVerificationFailed")
        #expect(untrusting.root.files().isEmpty, "a failed exchange is not recorded")
    }
}
