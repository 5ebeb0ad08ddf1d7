import Foundation
import Logging
import MockFixtures
import MockServer
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real `mockserver` executable: start-up line, serving, clean stop, subcommands, bad flags.
@Suite(.serialized) struct ProcessTests {
    static let files = [
        "api/people.json": #"[{"response": {"names": ["Luke"]}}]"#,
        "api/slow.json": #"{"delay": 30000, "response": {}}"#,
    ]

    @Test func servesUntilSIGTERMThenExitsZeroWithARequestParked() async throws {
        let tree = try TemporaryFolder(Self.files)
        // One worker thread handles every connection in turn, which makes "parked" observable below.
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet", "--threads", "1"])
        let line = try #require(await server.firstOutputLine(within: 20), "no line on stdout")
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        #expect(line.contains("(2 fixture files, 2 entries, 0 static files, 0 problems)"))
        let port = try #require(Self.port(in: line))

        // An idle keep-alive connection…
        let client = try RawHTTPClient(port: port)
        let answer = try client.request("GET", "/api/people")
        #expect(answer.status == 200)
        #expect(try jsonObject(answer.body)["names"] as? [String] == ["Luke"])
        // …and a request parked on a 30 s delay must not hold up the stop. Its bytes are in the
        // server's socket before the health request below connects, and the single worker
        // reads and parks a request in one go, so once health answers, the slow one is parked.
        let parked = BackgroundRequest(port: port, target: "/api/slow")
        #expect(await parked.waitUntilSent(seconds: 10))
        #expect(await eventually { await Self.answersHealth(port: port) })

        server.process.terminate()
        // A hang guard, not the promise: README says exit within 2 s, BENCHMARKS.md measures it.
        let finished = try #require(await server.waitForExit(within: 20), "mockserver did not exit after SIGTERM")
        #expect(finished.status == 0)
        #expect(server.process.terminationReason == .exit)
        #expect(finished.standardError.contains("stopped on SIGTERM"))
        let outcome = try #require(await parked.wait(seconds: 10), "the parked request was left hanging")
        #expect(outcome.status == nil, "a delayed answer is never sent early by a stop")
    }

    @Test func logsEachRequestUnlessQuiet() async throws {
        let tree = try TemporaryFolder(Self.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0"])
        let port = try #require(Self.port(in: await server.firstOutputLine(within: 20) ?? ""))
        _ = try await onOwnThread { try RawHTTPClient(port: port).request("GET", "/api/people?x=1") }
        // A decoded line break in the path is quoted in the 404's explanation: escaped, it
        // cannot start a line of its own (a forged log line).
        _ = try await onOwnThread { try RawHTTPClient(port: port).request("GET", "/nope%0Afake%20log%20line") }
        server.process.interrupt()
        let finished = try #require(await server.waitForExit(within: 20))
        #expect(finished.status == 0)
        #expect(finished.standardError.contains("GET /api/people?x=1 200"))
        #expect(finished.standardError.contains(#"/nope\nfake log line"#), "\(finished.standardError)")
        #expect(!finished.standardError.split(separator: "\n").contains { $0.hasPrefix("fake log line") }, "\(finished.standardError)")
    }

    @Test func printsFixtureProblemsToStandardErrorAtStart() async throws {
        let tree = try TemporaryFolder(["api/broken.json": "[{\"status\": 200,,}]", "api/fine.json": #"{"response": 1}"#])
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet"])
        let line = try #require(await server.firstOutputLine(within: 20))
        #expect(line.contains("1 problem)"))
        server.process.terminate()
        let finished = try #require(await server.waitForExit(within: 20))
        #expect(finished.standardError.contains("api/broken.json:1:"))
        #expect(finished.standardError.contains(": error: "))
    }

    @Test func validateExitsZeroForACleanTreeAndOneOtherwise() async throws {
        let clean = try TemporaryFolder(Self.files)
        let ok = try await MockServerProcess.run(["validate", "--root", clean.path])
        #expect(ok.status == 0)
        #expect(ok.standardOutput.hasPrefix("ok: 2 fixture files, 2 entries, 0 static files"))

        let broken = try TemporaryFolder(["api/broken.json": "[{\"status\": 200,,}]"])
        let failed = try await MockServerProcess.run(["validate", "--root", broken.path])
        #expect(failed.status == 1)
        #expect(failed.standardOutput.contains("api/broken.json:1:"))
        // FixtureStore.problemReport's summary line.
        #expect(failed.standardOutput.contains(": 1 error, 0 warnings; 1 file will answer 500 until fixed"))
    }

    @Test func healthcheckReportsARunningServerAndAMissingOne() async throws {
        let tree = try TemporaryFolder(Self.files)
        let store = try FixtureStore.load(root: tree.path)
        let server = try MockHTTPServer(
            store: store, configuration: ServerConfiguration(port: 0, logRequests: false), logger: Logger(label: "tests"))
        let healthy = try await MockServerProcess.run(["healthcheck", "--url", server.url.absoluteString])
        #expect(healthy.status == 0)
        let port = server.port
        #expect(String(decoding: healthy.standardOutputData, as: UTF8.self) == "healthy: http://127.0.0.1:\(port)/__admin/health answered ok\n")
        let withUser = try await MockServerProcess.run(["healthcheck", "--url", "http://u:p@127.0.0.1:\(port)"])
        #expect(withUser.status == 0, "user:password@ is not the port: \(withUser.standardError)")
        // A port past 65535 used to wrap round to another one, and a path was dropped while the
        // line claimed it was checked: both are refused, naming --url.
        for (url, said) in [("http://127.0.0.1:\(port + 65_536)", "has port '\(port + 65_536)', not one of 1–65535"),
                            ("http://127.0.0.1:", "has port '', not one of 1–65535"),
                            ("http://127.0.0.1:99999999999999999999", "has port '99999999999999999999', not one of 1–65535"),
                            ("http://127.0.0.1:\(port)/some/base", "has a path or query; give the server's base URL alone"),
                            ("http://127.0.0.1:\(port)//", "has a path or query")] {
            // (user:password@ before the host is not a port: see below.)
            let refused = try await MockServerProcess.run(["healthcheck", "--url", url])
            #expect(refused.status == 64, "\(url)")
            #expect(refused.standardError.contains("--url \(url) \(said)"), "\(refused.standardError)")
        }
        server.stop()
        let unhealthy = try await MockServerProcess.run(["healthcheck", "--url", "http://127.0.0.1:\(port)"])
        #expect(unhealthy.status == 1)
        #expect(unhealthy.standardError.contains("unhealthy"))
    }

    /// `--fail-on-problems`: a CI wait loop or Docker HEALTHCHECK that refuses broken fixtures;
    /// without it the same server is healthy.
    @Test func healthcheckFailsOnProblemsWhenAsked() async throws {
        let tree = try TemporaryFolder(Self.files.merging(["api/bad.json": #"{"status": 700}"#]) { first, _ in first })
        let server = try MockHTTPServer(store: try FixtureStore.load(root: tree.path), configuration: ServerConfiguration(port: 0, logRequests: false),
                                        logger: Logger(label: "tests"))
        defer { server.stop() }
        let lenient = try await MockServerProcess.run(["healthcheck", "--url", server.url.absoluteString])
        #expect(lenient.status == 0)
        let strict = try await MockServerProcess.run(["healthcheck", "--fail-on-problems", "--url", server.url.absoluteString])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("says the fixtures loaded with 1 problem (errors or warnings); mockserver validate --root DIR lists them"),
                "\(strict.standardError)")
        let cleanTree = try TemporaryFolder(Self.files)
        let clean = try MockHTTPServer(store: try FixtureStore.load(root: cleanTree.path), configuration: ServerConfiguration(port: 0, logRequests: false),
                                       logger: Logger(label: "tests"))
        defer { clean.stop() }
        let fine = try await MockServerProcess.run(["healthcheck", "--fail-on-problems", "--url", clean.url.absoluteString])
        #expect(fine.status == 0, "\(fine.standardError)")
    }

    @Test func helpDocumentsEveryFlagAndTheFixtureFormat() async throws {
        let help = try await MockServerProcess.run(["--help"])
        #expect(help.status == 0)
        for flag in ["--root", "--host", "--port", "--max-body", "--idle-timeout", "--head-timeout", "--max-connections", "--threads", "--quiet", "--watch", "--watch-interval", "/__admin/reload", "validate", "healthcheck", "FIXTURE FORMAT", "requestHeaders", "delay"] {
            #expect(help.standardOutput.contains(flag), "--help does not mention \(flag)")
        }
        let validateHelp = try await MockServerProcess.run(["validate", "--help"])
        #expect(validateHelp.standardOutput.contains("USAGE: mockserver validate"))
        let healthHelp = try await MockServerProcess.run(["healthcheck", "--help"])
        #expect(healthHelp.standardOutput.contains("--url"))
        // `record` lists only what it takes, and no help states a default twice ("(default 1000).
        // (default: 1000)" once did).
        let recordHelp = try await MockServerProcess.run(["record", "--help"])
        #expect(recordHelp.standardOutput.contains("--journal-size"))
        #expect(!recordHelp.standardOutput.contains("--report-unused"), "record refuses --report-unused, so its help must not offer it")
        #expect(help.standardOutput.contains("--report-unused"))
        for text in [help.standardOutput, recordHelp.standardOutput] {
            let flowing = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            var rest = flowing[...]
            while let stated = rest.range(of: "(default:") {
                let before = flowing[..<stated.lowerBound].suffix(30)
                #expect(!before.contains("(default "), "a default is stated twice: …\(before)(default:")
                rest = flowing[stated.upperBound...]
            }
        }
    }

    @Test func badFlagsExitNonZeroWithASentenceNamingTheFlag() async throws {
        let tree = try TemporaryFolder(Self.files)
        let file = tree.url.appendingPathComponent("api/people.json").path
        let cases: [([String], String)] = [
            ([], "--root"),
            (["--root", tree.path + "/missing"], "does not exist"),
            (["--root", file], "is a file"),
            (["--root", tree.path, "--port", "70000"], "--port"),
            (["--root", tree.path, "--port", "-1"], "port -1"),
            (["--root", tree.path, "--threads", "-2"], "--threads: thread count -2 must be between 1 and 256"),
            (["--root", ""], "--root is empty"),
            (["validate", "--root", ""], "--root is empty"),
            (["--root", tree.path, "--port", "eighty"], "port"),
            (["--root", tree.path, "--max-body", "0"], "--max-body"),
            (["--root", tree.path, "--idle-timeout", "-1"], "--idle-timeout"),
            (["--root", tree.path, "--threads", "0"], "--threads: thread count 0 must be between 1 and 256"),
            (["--root", tree.path, "--head-timeout", "4000"], "--head-timeout: request-head timeout 4000"),
            (["--root", tree.path, "--max-connections", "0"], "--max-connections: connection limit 0"),
            (["--root", tree.path, "--host", ""], "--host: invalid host ''"),
            (["--root", tree.path, "--host", "no such host!", "--port", "0"], "--host"),
            (["--root", tree.path, "--bogus"], "--bogus"),
            (["--root", tree.path, "--port", "1", "--port=0"], "--port is given twice; give it once (only the last would count)."),
            (["--root", tree.path, "--quiet", "--watch", "--quiet", "--quiet"], "--quiet is given 3 times"),
            (["validate", "--root", tree.path, "--root", tree.path], "--root is given twice"),
            (["validate"], "Missing --root: give the fixture folder to check, e.g. --root Mocks."),
            (["tls-cert", "--out", tree.path + "/a", "--out", tree.path + "/b"], "--out is given twice"),
            (["healthcheck", "--url", "http://127.0.0.1:1", "--url", "http://127.0.0.1:2"], "--url is given twice"),
            (["record", "--target", "http://127.0.0.1:1", "--root", tree.path + "/r", "--target", "http://127.0.0.1:2"], "--target is given twice"),
            (["--root", tree.path, "--journal-size", "9223372036854775807"], "--journal-size 9223372036854775807 must be 0 (recording off) or a number of requests up to 1000000"),
        ]
        for (arguments, expected) in cases {
            let finished = try await MockServerProcess.run(arguments)
            #expect(finished.status != 0, "mockserver \(arguments) exited 0")
            #expect(finished.standardError.contains(expected), "mockserver \(arguments) said: \(finished.standardError)")
        }
    }

    @Test func portInUseExitsNonZeroNamingThePort() async throws {
        let tree = try TemporaryFolder(Self.files)
        let (holder, port) = try ServerStartTests.listeningSocket()
        defer { close(holder) }
        let finished = try await MockServerProcess.run(["--root", tree.path, "--port", String(port)])
        #expect(finished.status != 0)
        #expect(finished.standardError.contains("port \(port)"))
        #expect(finished.standardError.contains("in use"))
        #expect(finished.standardOutput.isEmpty)
    }

    /// Whether `/__admin/health` answers 200 on a new connection; the round trip runs on a thread
    /// of its own, since a busy server may keep it waiting.
    static func answersHealth(port: Int) async -> Bool {
        await onOwnThread { (try? RawHTTPClient(port: port).request("GET", "/__admin/health").status) == 200 }
    }

    static func port(in line: String) -> Int? {
        guard let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }) else { return nil }
        return URL(string: String(url))?.port
    }
}
