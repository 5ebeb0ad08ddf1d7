import Foundation
import MockFixtures
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Signals that arrive before the server serves (a large tree loads for seconds; a container is
/// stopped right after it started), and SIGHUP to `mockserver record`.
extension ProcessTests {
    #if os(Linux)
    /// A SIGHUP while the fixtures load is ignored, and a SIGTERM then ends the process with
    /// exit 0 before it serves. The signals are sent once the process catches SIGTERM (its
    /// dispatch source is installed, read from /proc) and before it has said `listening`.
    @Test func aStopDuringTheLoadEndsTheProcessAtOnceWithExitZero() async throws {
        // A fixture of 25 MB: the debug build parses it for several seconds, far longer than a
        // busy test runner takes to see the handlers installed. The process is stopped long
        // before the load ends, so the size costs this test nothing but writing the file.
        let entries = (0..<250_000).map { #"{"method": "POST", "request": {"sku": "A\#($0)"}, "response": {"id": \#($0), "name": "a name to parse"}}"# }
        let tree = try TemporaryFolder(["api/big.json": "[" + entries.joined(separator: ",") + "]"])
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet"])
        let pid = server.process.processIdentifier
        let ready = await eventually(within: 20) {
            Self.signalMask("SigCgt", of: pid).map { $0 & Self.bit(SIGTERM) != 0 } == true
                && Self.signalMask("SigIgn", of: pid).map { $0 & Self.bit(SIGHUP) != 0 } == true
        }
        #expect(ready, "the process never caught SIGTERM and ignored SIGHUP")
        #expect(server.standardOutputSoFar.isEmpty, "the load ended before the signals: make the fixture larger")
        kill(pid, SIGHUP)
        kill(pid, SIGTERM)
        let finished = try #require(await server.waitForExit(within: 20), "mockserver did not exit after SIGTERM")
        #expect(finished.status == 0)
        #expect(server.process.terminationReason == .exit)
        #expect(finished.standardError.contains("mockserver: stopped on SIGTERM while loading fixtures"), "\(finished.standardError)")
        #expect(!finished.standardOutput.contains("listening"))
    }

    /// `mockserver record` has nothing to reload: SIGHUP is answered with a sentence and changes
    /// nothing, where its default action ended the process (exit 129).
    @Test func recordIgnoresSIGHUPSayingWhy() async throws {
        let root = try TemporaryFolder()
        let server = try await MockServerProcess.start(["record", "--target", "http://127.0.0.1:9", "--root", root.path, "--port", "0"])
        let line = try #require(await server.firstOutputLine(within: 20), "no line on stdout")
        let port = try #require(Self.port(in: line))
        kill(server.process.processIdentifier, SIGHUP)
        #expect(await eventually { server.standardErrorSoFar.contains("mockserver: SIGHUP ignored: mockserver record writes fixtures") })
        #expect(await Self.answersHealth(port: port))
        let finished = try await server.stop()
        #expect(finished.status == 0)
        #expect(finished.standardError.contains("mockserver: stopped on SIGTERM"))
    }

    /// Bit of `signal` in a /proc signal mask.
    static func bit(_ signal: Int32) -> UInt64 { 1 << UInt64(signal - 1) }

    /// `SigCgt`, `SigIgn`, … of process `pid` from /proc/PID/status.
    static func signalMask(_ field: String, of pid: Int32) -> UInt64? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
    }
    #endif

    /// A `--root` that cannot be created says why in words, not as Foundation's error dump.
    @Test func recordSaysWhyItsRootCannotBeCreated() async throws {
        let tree = try TemporaryFolder(["file.txt": "x"])
        let finished = try await MockServerProcess.run(["record", "--target", "http://127.0.0.1:9", "--root", tree.path + "/file.txt/sub"])
        #expect(finished.status != 0)
        #expect(finished.standardError.contains("--root: cannot create \(tree.path)/file.txt/sub (not a directory); give a folder you can write to."),
                "\(finished.standardError)")
    }
}
