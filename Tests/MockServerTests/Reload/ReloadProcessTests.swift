import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Reload triggers of the real `mockserver` executable: `--watch` and SIGHUP.
@Suite(.serialized) struct ReloadProcessTests {
    static let files = ["api/item.json": #"{"response": {"version": 1}}"#]

    @Test func watchPicksUpAnEditWithinAFewSeconds() async throws {
        let tree = try TemporaryFolder(Self.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet", "--watch", "--watch-interval", "0.2"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))
        #expect(await waitForVersion(1, port: port, target: "/api/item", seconds: 5))

        try tree.write("api/item.json", #"[{"response": {"version": 2}}, {"method": "POST"}]"#)
        #expect(await waitForVersion(2, port: port, target: "/api/item", seconds: 10))
        try tree.write("api/broken.json", "{")
        #expect(await eventually { server.standardErrorSoFar.contains("api/broken.json:") })
        server.process.terminate()
        let finished = try #require(await server.waitForExit(within: 20))
        #expect(finished.status == 0)
        #expect(finished.standardError.contains("reloaded: 1 fixture file, 2 entries, 0 static files, 0 problems"))
        #expect(finished.standardError.contains("reloaded: 1 fixture file, 2 entries, 0 static files, 1 problem"))
        #expect(finished.standardError.contains("api/broken.json:1:"))
    }

    @Test func sighupReloads() async throws {
        let tree = try TemporaryFolder(Self.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))
        #expect(await waitForVersion(1, port: port, target: "/api/item", seconds: 5))

        try tree.write("api/item.json", #"{"response": {"version": 2}}"#)
        // Without --watch the edit alone changes nothing: the fixtures change only when asked.
        #expect(await waitForVersion(1, port: port, target: "/api/item", seconds: 10))
        #expect(!server.standardErrorSoFar.contains("reloaded:"))
        kill(server.process.processIdentifier, SIGHUP)
        // The server logs the reload once the new fixtures serve: the witness that SIGHUP reloaded.
        #expect(await eventually { server.standardErrorSoFar.contains("reloaded: 1 fixture file, 1 entry, 0 static files, 0 problems") },
                "no reload logged after SIGHUP: \(server.standardErrorSoFar)")
        #expect(await waitForVersion(2, port: port, target: "/api/item", seconds: 10))
        #expect(server.process.isRunning, "SIGHUP must not end the process")

        server.process.terminate()
        let finished = try #require(await server.waitForExit(within: 20))
        #expect(finished.status == 0)
        #expect(finished.standardError.components(separatedBy: "reloaded:").count == 2, "one SIGHUP, one reload")
    }

    @Test func badWatchFlagsExitNonZeroNamingTheFlag() async throws {
        let tree = try TemporaryFolder(Self.files)
        let cases: [([String], String)] = [
            (["--root", tree.path, "--watch-interval", "1"], "--watch-interval only applies with --watch"),
            (["--root", tree.path, "--watch", "--watch-interval", "0"], "--watch-interval: watch interval 0.0 must be between 0.05 and 3600 seconds"),
            (["--root", tree.path, "--watch", "--watch-interval", "inf"], "--watch-interval: watch interval inf must be between"),
            (["--root", tree.path, "--watch", "--watch-interval", "nan"], "--watch-interval"),
            (["--root", tree.path, "--watch", "--watch-interval", "soon"], "watch-interval"),
        ]
        for (arguments, expected) in cases {
            let finished = try await MockServerProcess.run(arguments)
            #expect(finished.status != 0, "mockserver \(arguments) exited 0")
            #expect(finished.standardError.contains(expected), "mockserver \(arguments) said: \(finished.standardError)")
        }
    }
}
