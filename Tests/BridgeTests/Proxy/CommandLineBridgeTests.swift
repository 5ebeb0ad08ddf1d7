import Foundation
import MockFixtures
import MockUpstream
import TestSupport
import Testing

/// `mockserver record` and `mockserver --proxy-unmatched` as the built executable: the
/// listening line CI waits for, the health answer, the log lines, the files written, and the
/// flags' mistakes.
@Suite struct CommandLineBridgeTests {
    static let upstreamFiles = [
        "api/people.json": #"[{"request": {"page": "2"}, "response": {"page": 2, "token": "secret"}}]"#,
        "api/ping.json": #"[{"response": {"pong": true}}]"#,
    ]

    /// The base URL of a `listening on URL (…)` line.
    static func baseURL(_ line: String) -> String {
        String(line.dropFirst("listening on ".count).prefix { $0 != " " })
    }

    @Test func recordForwardsWritesAndLogsEachExchange() async throws {
        let upstream = try LocalUpstream(Self.upstreamFiles)
        let folder = try TemporaryFolder()
        let root = folder.path + "/recorded/new"
        let recording = try await MockServerProcess.start(["record", "--target", upstream.url, "--root", root, "--port", "0", "--redact", "token"])
        let line = try #require(await recording.firstOutputLine(), "no listening line; stderr: \(recording.standardErrorSoFar)")
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        #expect(line.hasSuffix("(recording \(upstream.url) into \(root))"), "\(line)")
        let base = Self.baseURL(line)

        let health = try await HealthCheckWait.status(base)
        #expect(health == 200)
        let client = try UpstreamClient()
        let first = try await client.forward(UpstreamRequest(method: "GET", url: base + "/api/people?page=2"))
        #expect(first.status == 200)
        #expect(sameJSON(first.body, #"{"page": 2, "token": "secret"}"#))
        _ = try await client.forward(UpstreamRequest(method: "GET", url: base + "/api/people?page=2"))
        _ = try await client.forward(UpstreamRequest(method: "HEAD", url: base + "/api/people?page=2"))

        #expect(await eventually { recording.standardErrorSoFar.contains("record: HEAD /api/people?page=2 200 not recorded") }, "\(recording.standardErrorSoFar)")
        let log = recording.standardErrorSoFar
        #expect(log.contains("record: GET /api/people?page=2 200 → api/people.json entry 0 (added)"), "\(log)")
        #expect(log.contains("record: GET /api/people?page=2 200 → api/people.json entry 0 (replaced)"))
        #expect(log.contains("GET /api/people?page=2 200 proxied to \(upstream.url)"))
        // A runtime fixture would answer in the API's place, and nothing would be recorded.
        let refused = try await client.forward(UpstreamRequest(method: "POST", url: base + "/__admin/fixtures",
                                                               body: Array(#"{"path": "/api/people", "entries": [{"response": 1}]}"#.utf8)))
        #expect(refused.status == 409)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("this server forwards every request to the API to record it (mockserver record)"))
        let count = try await client.forward(UpstreamRequest(method: "POST", url: base + "/__admin/requests/count", body: Array(#"{"path": "/api/people"}"#.utf8)))
        #expect(count.status == 200 && sameJSON(count.body, #"{"count": 3, "dropped": 0}"#), "verification works while recording")
        try await recording.stop()

        let store = try FixtureStore.load(root: root)
        #expect(store.problems.isEmpty && store.entryCount == 1)
        #expect(try String(contentsOfFile: root + "/api/people.json", encoding: .utf8).contains(#""token": "REDACTED""#))
    }

    @Test func proxyUnmatchedAnswersFromFixturesThenTheUpstreamAndRecordsTheGaps() async throws {
        let upstream = try LocalUpstream(Self.upstreamFiles)
        let folder = try TemporaryFolder()
        try folder.write("api/ping.json", #"[{"response": {"pong": "fixture"}}]"#)
        let server = try await MockServerProcess.start(["--root", folder.path, "--port", "0", "--proxy-unmatched", upstream.url, "--record", "--watch", "--watch-interval", "0.05"])
        let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
        #expect(line.hasSuffix("0 problems; unmatched requests go to \(upstream.url), recorded into \(URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path))"), "\(line)")
        let base = Self.baseURL(line)
        let client = try UpstreamClient()
        let ping = try await client.forward(UpstreamRequest(method: "GET", url: base + "/api/ping"))
        #expect(sameJSON(ping.body, #"{"pong": "fixture"}"#))
        let people = try await client.forward(UpstreamRequest(method: "GET", url: base + "/api/people?page=2"))
        #expect(people.status == 200)
        #expect(await eventually { server.standardErrorSoFar.contains("GET /api/people?page=2 200 proxied to \(upstream.url)") }, "\(server.standardErrorSoFar)")
        #expect(server.standardErrorSoFar.contains("GET /api/ping 200 matched api/ping.json#0"))
        #expect(await eventually { server.standardErrorSoFar.contains("reloaded: 2 fixture files") }, "--watch picks up the recorded file: \(server.standardErrorSoFar)")
        let fromFixture = try await client.forward(UpstreamRequest(method: "GET", url: base + "/api/people?page=2"))
        #expect(sameJSON(fromFixture.body, #"{"page": 2, "token": "secret"}"#))
        #expect(await eventually { server.standardErrorSoFar.contains("GET /api/people?page=2 200 matched api/people.json#0") })
        try await server.stop()
    }

    /// No --proxy-unmatched: an entry's "forward" goes through the command's own client, whose
    /// --upstream-timeout applies.
    @Test func anEntryWithForwardSendsItsRequestsToTheAPI() async throws {
        let upstream = try LocalUpstream(Self.upstreamFiles)
        let folder = try TemporaryFolder()
        try folder.write("api/people.json", #"[{"query": {"page": "2"}, "forward": "\#(upstream.url)"}, {"response": {"from": "fixture"}}]"#)
        let server = try await MockServerProcess.start(["--root", folder.path, "--port", "0", "--upstream-timeout", "5"])
        let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
        let base = Self.baseURL(line)
        let client = try UpstreamClient()
        let forwarded = try await client.forward(UpstreamRequest(method: "GET", url: base + "/api/people?page=2"))
        #expect(forwarded.status == 200 && sameJSON(forwarded.body, #"{"page": 2, "token": "secret"}"#), "\(String(decoding: forwarded.body, as: UTF8.self))")
        let fixture = try await client.forward(UpstreamRequest(method: "GET", url: base + "/api/people?page=3"))
        #expect(sameJSON(fixture.body, #"{"from": "fixture"}"#))
        #expect(await eventually { server.standardErrorSoFar.contains("GET /api/people?page=2 200 proxied to \(upstream.url) (matched api/people.json#0)") },
                "\(server.standardErrorSoFar)")
        try await server.stop()
    }

    /// `--response-header` is repeatable (audit R21: a second one was refused as a repeat).
    @Test func responseHeadersAreRepeatable() async throws {
        let folder = try TemporaryFolder()
        try folder.write("api/ping.json", #"[{"response": {"pong": true}}]"#)
        let server = try await MockServerProcess.start(["--root", folder.path, "--port", "0", "--response-header", "X-A: 1", "--response-header=X-B: 2"])
        let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
        let ping = try await UpstreamClient().forward(UpstreamRequest(method: "GET", url: Self.baseURL(line) + "/api/ping"))
        #expect(ping.header("X-A") == "1" && ping.header("X-B") == "2", "\(ping.headers)")
        let health = try await UpstreamClient().forward(UpstreamRequest(method: "GET", url: Self.baseURL(line) + "/__admin/health"))
        #expect(health.status == 200 && health.header("X-A") == nil, "an admin answer, also the prepared health one")
        try await server.stop()
    }

    @Test func anEntrysWebhookIsSentAndLogged() async throws {
        let receiver = try LocalUpstream(["hooks/ping.json": #"[{"method": "POST", "status": 204}]"#])
        let folder = try TemporaryFolder()
        try folder.write("api/ping.json", #"[{"response": {"pong": true}, "webhooks": [{"url": "\#(receiver.url)/hooks/ping", "body": {"pinged": true}}]}]"#)
        let server = try await MockServerProcess.start(["--root", folder.path, "--port", "0"])
        let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
        let ping = try await UpstreamClient().forward(UpstreamRequest(method: "GET", url: Self.baseURL(line) + "/api/ping"))
        #expect(ping.status == 200)
        #expect(await eventually { server.standardErrorSoFar.contains("webhook POST \(receiver.url)/hooks/ping 204 (matched api/ping.json#0)") },
                "\(server.standardErrorSoFar)")
        #expect(receiver.requestCount == 1)
        try await server.stop()
    }

    /// Audit R22 #13: a loop skip was listed but not logged, and a failure did not name the flag.
    @Test func aWebhookSkippedOrFailedIsLoggedWithWhy() async throws {
        let certificate = try TestCertificate()
        let receiver = try LocalUpstream(["hooks/ping.json": #"[{"method": "POST", "status": 204}]"#], tls: certificate.identity)
        let folder = try TemporaryFolder()
        try folder.write("api/ping.json", #"[{"response": {"pong": true}, "webhooks": [{"url": "\#(receiver.url)/hooks/ping"}]}]"#)
        try folder.write("api/echo.json", #"[{"method": "POST", "status": 204, "template": true, "webhooks": [{"url": "http://{{header.host}}/api/echo"}]}]"#)
        let server = try await MockServerProcess.start(["--root", folder.path, "--port", "0"])
        let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
        _ = try await UpstreamClient().forward(UpstreamRequest(method: "GET", url: Self.baseURL(line) + "/api/ping"))
        #expect(await eventually { server.standardErrorSoFar.contains("(matched api/ping.json#0): the TLS certificate of") },
                "\(server.standardErrorSoFar)")
        #expect(server.standardErrorSoFar.contains("(mockserver's --cacert FILE trusts the authority that issued the certificate; --insecure skips the check, for tests only)"),
                "\(server.standardErrorSoFar)")
        _ = try await UpstreamClient().forward(UpstreamRequest(method: "POST", url: Self.baseURL(line) + "/api/echo"))
        #expect(await eventually {
            server.standardErrorSoFar.contains("/api/echo not sent: the request that triggered it was one of this server's own webhooks, which would call each other without end (matched api/echo.json#0)")
        }, "\(server.standardErrorSoFar)")
        #expect(receiver.requestCount == 0)
        try await server.stop()
    }

    @Test func aStopSaysHowManyWebhooksWereLeftUnsent() async throws {
        let folder = try TemporaryFolder()
        try folder.write("api/ping.json", #"[{"response": {"pong": true}, "webhooks": [{"url": "http://127.0.0.1:9/a", "delay": 600000}, {"url": "http://127.0.0.1:9/b", "delay": 600000}]}]"#)
        let server = try await MockServerProcess.start(["--root", folder.path, "--port", "0"])
        let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
        _ = try await UpstreamClient().forward(UpstreamRequest(method: "GET", url: Self.baseURL(line) + "/api/ping"))
        try await server.stop()
        #expect(server.standardErrorSoFar.contains("mockserver: 2 webhooks still waiting were not sent\nmockserver: stopped on SIGTERM"), "\(server.standardErrorSoFar)")
    }

    @Test func anHTTPSUpstreamIsTrustedThroughCacertOrInsecure() async throws {
        let certificate = try TestCertificate()
        let upstream = try LocalUpstream(Self.upstreamFiles, tls: certificate.identity)
        let folder = try TemporaryFolder()
        for (flags, expected) in [(["--cacert", certificate.certificateFile], 200), (["--insecure"], 200), ([], 502)] {
            let server = try await MockServerProcess.start(["--root", folder.path, "--port", "0", "--proxy-unmatched", upstream.url] + flags)
            let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
            let answer = try await UpstreamClient().forward(UpstreamRequest(method: "GET", url: Self.baseURL(line) + "/api/ping"))
            #expect(answer.status == expected, "\(flags): \(String(decoding: answer.body, as: UTF8.self))")
            if flags == ["--insecure"] {
                #expect(server.standardErrorSoFar.contains("warning: TLS certificates of upstreams are not verified (insecure)"))
            }
            if expected == 502 {
                #expect(String(decoding: answer.body, as: UTF8.self).contains("tlsVerificationFailed"))
            }
            try await server.stop()
        }
    }

    @Test(arguments: [
        (["--record"], "--record needs --proxy-unmatched URL"),
        (["--redact", "token"], "--redact applies to recorded fixtures; add --record"),
        // Without --proxy-unmatched too: the client serves the entries with "forward".
        (["--cacert", "/nonexistent.pem"], "--cacert: "),
        (["--upstream-timeout", "0"], "--upstream-timeout 0.0 must be more than 0"),
        (["--proxy-unmatched", "ftp://example.com"], "--proxy-unmatched: ftp://example.com is not a usable target URL"),
        (["--proxy-unmatched", "http://127.0.0.1:1", "--redact", "token"], "--redact applies to recorded fixtures; add --record"),
        (["--proxy-unmatched", "http://127.0.0.1:1", "--upstream-timeout", "0"], "--upstream-timeout 0.0 must be more than 0"),
        (["--proxy-unmatched", "http://127.0.0.1:1", "--record", "--redact", "a,,b"], "--redact \"a,,b\" has an empty key"),
        (["--proxy-unmatched", "http://127.0.0.1:1", "--cacert", "/nonexistent.pem"], "--cacert: "),
        (["--proxy-unmatched", "http://127.0.0.1:1", "--insecure", "--cacert", "/x.pem"], "--insecure and --cacert /x.pem contradict each other"),
        (["record", "--root", "<root>"], "Missing expected argument '--target <url>'"),
        (["record", "--target", "example.com", "--root", "<root>"], "--target: example.com is not a usable target URL"),
        (["record", "--target", "http://127.0.0.1:1"], "Missing --root: give the folder to record into"),
        (["record", "--target", "http://127.0.0.1:1", "--root", ""], "--root is empty: give the folder to record into"),
        (["record", "--target", "http://127.0.0.1:1", "--root", "<file>"], "--root <file> is a regular file; give the folder to record into"),
        (["record", "--target", "http://127.0.0.1:1", "--root", "<root>", "--watch"], "--watch is an option of serving (`mockserver --root DIR --watch …`), not of `mockserver record`"),
    ])
    func mistakesStopWithASentenceNamingTheFlag(arguments: [String], message: String) async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("file.txt", "x")
        let paths = ["<root>": folder.path, "<file>": file]
        let resolved = arguments.map { paths[$0] ?? $0 }
        let prefix = resolved.first == "record" ? [] : ["--root", folder.path, "--port", "0"]
        let run = try await MockServerProcess.run(prefix + resolved)
        let expected = paths.reduce(message) { text, pair in text.replacingOccurrences(of: pair.key, with: pair.value) }
        #expect(run.status != 0)
        #expect(run.standardError.contains(expected), "\(run.standardError)")
    }

    @Test func helpCoversTheBridgeFlags() async throws {
        let help = try await MockServerProcess.run(["--help"]).standardOutput
        for flag in ["--proxy-unmatched <url>", "--record", "--cors", "--upstream-timeout <seconds>", "--redact <keys>", "--cacert <file>", "--insecure", "record"] {
            #expect(help.contains(flag), "mockserver --help lacks \(flag)")
        }
        let recordHelp = try await MockServerProcess.run(["record", "--help"]).standardOutput
        for flag in ["--target <url>", "--root <dir>", "--host <host>", "--port <port>", "--redact <keys>", "--insecure", "--cacert <file>",
                     "--upstream-timeout <seconds>", "--cors", "--tls-cert <file>"] {
            #expect(recordHelp.contains(flag), "mockserver record --help lacks \(flag)")
        }
    }
}

/// `GET /__admin/health` of a base URL, as a CI wait loop does.
enum HealthCheckWait {
    static func status(_ base: String) async throws -> Int {
        try await UpstreamClient().forward(UpstreamRequest(method: "GET", url: base + "/__admin/health")).status
    }
}
