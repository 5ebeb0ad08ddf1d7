import Foundation
import TestSupport
import Testing

/// The real `mockserver` producing faults: how they are logged, and that a paced body costs no
/// CPU while it waits.
@Suite(.serialized) struct FaultProcessTests {
    @Test func eachFaultIsLoggedAsSuchWithoutLibraryErrors() async throws {
        let tree = try TemporaryFolder(FaultTests.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))
        let base = "http://127.0.0.1:\(port)/api/"
        #expect(try await Curl.get(base + "reset").status == 56)
        #expect(try await Curl.get(base + "empty").status == 52)
        #expect(try await Curl.get(base + "short").status == 18)
        #expect(try await Curl.get(base + "fast").status == 0)
        server.process.interrupt()
        let finished = try #require(await server.waitForExit(within: 20))
        let lines = finished.standardError.components(separatedBy: "\n")
        let logged = { (prefix: String) in lines.first { $0.contains(prefix) } ?? "" }
        #expect(logged("GET /api/reset ").contains("GET /api/reset 0 fault connectionReset (matched api/reset.json#0) "))
        #expect(logged("GET /api/empty ").contains("GET /api/empty 0 fault emptyResponse (matched api/empty.json#0) "))
        #expect(logged("GET /api/short ").contains("GET /api/short 200 fault truncatedBody (matched api/short.json#0) "))
        // The close is the answer the fixture asked for: neither an "interrupted" suffix nor
        // libmicrohttpd's own "internal error" lines.
        for path in ["reset", "empty", "short"] {
            #expect(logged("GET /api/\(path) ").hasSuffix(" ms"), "\(logged("GET /api/\(path) "))")
        }
        #expect(!finished.standardError.contains("libmicrohttpd: "), "\(finished.standardError)")
    }

    #if os(Linux)
    /// A busy loop (a content reader answering "not yet" without suspending) would burn a core
    /// for the whole transfer; suspended between chunks, the server sleeps.
    @Test func aPacedBodyLeavesTheServerIdleBetweenChunks() async throws {
        let tree = try TemporaryFolder(["api/paced.json": #"[{"bytesPerSecond": 100, "responseText": "\#(String(repeating: "p", count: 200))"}]"#])
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet", "--threads", "1"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))
        let pid = server.process.processIdentifier
        // Measured on the requesting thread, so that a busy concurrency pool cannot add to `elapsed`.
        let measured = try await onOwnThread {
            let cpuBefore = Self.cpuSeconds(of: pid)
            let started = Date()
            let answer = try RawHTTPClient(port: port, timeout: 30).request("GET", "/api/paced")
            return (answer: answer, elapsed: Date().timeIntervalSince(started), cpuBefore: cpuBefore, cpuAfter: Self.cpuSeconds(of: pid))
        }
        let (answer, elapsed) = (measured.answer, measured.elapsed)
        let cpu = try #require(measured.cpuAfter) - (try #require(measured.cpuBefore))
        #expect(answer.status == 200)
        #expect(answer.body.count == 200)
        #expect(elapsed >= 1.5, "200 bytes at 100 bytes/s took \(elapsed) s")
        #expect(cpu < elapsed / 2, "the server used \(cpu) s of CPU during a \(elapsed) s paced body")
        server.process.terminate()
        #expect(await server.waitForExit(within: 20)?.status == 0)
    }

    /// User plus system CPU time of a process, from `/proc/PID/stat` (fields 14 and 15).
    static func cpuSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
    #endif
}
