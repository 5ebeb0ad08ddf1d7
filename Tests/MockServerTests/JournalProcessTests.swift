import Foundation
import TestSupport
import Testing

/// The journal's flags on the real executable: size, body limit, off, and `--report-unused`.
@Suite(.serialized) struct JournalProcessTests {
    static let files = [
        "api/people.json": #"[{"method": "POST", "status": 201}, {"response": []}]"#,
        "api/unused.json": #"{"response": 1}"#,
    ]

    @Test func sizeAndBodyLimitBoundTheJournal() async throws {
        let tree = try TemporaryFolder(Self.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet", "--journal-size", "3", "--journal-body-limit", "8"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))
        let client = try RawHTTPClient(port: port)
        for index in 1...4 {
            #expect(try client.request("GET", "/api/people?n=\(index)").status == 200)
        }
        try client.write("POST /api/people HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\n0123456789")
        #expect(try client.readAnswer().status == 201)
        let journal = try jsonObject(client.request("GET", "/__admin/requests").body)
        let requests = try #require(journal["requests"] as? [[String: Any]])
        #expect(requests.map { $0["id"] as? Int } == [3, 4, 5])
        #expect(journal["dropped"] as? Int == 2)
        #expect(requests.last?["body"] as? String == "01234567")
        #expect(requests.last?["bodyTruncated"] as? Bool == true)
        #expect((requests.last?["headers"] as? [String: String])?["content-type"] == "text/plain")
        server.process.terminate()
        #expect(await server.waitForExit(within: 20)?.status == 0)
    }

    @Test func sizeZeroTurnsRecordingOffAndTheEndpointsSaySo() async throws {
        let tree = try TemporaryFolder(Self.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet", "--journal-size", "0"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))
        let client = try RawHTTPClient(port: port)
        #expect(try client.request("GET", "/api/people").status == 200)
        let answer = try client.request("GET", "/__admin/requests")
        #expect(answer.status == 404)
        #expect((try jsonObject(answer.body)["hint"] as? String)?.contains("restart mockserver with --journal-size N") == true)
        server.process.terminate()
        #expect(await server.waitForExit(within: 20)?.status == 0)
    }

    @Test func reportUnusedListsEntriesThatAnsweredNothingWhenStopping() async throws {
        let tree = try TemporaryFolder(Self.files)
        let server = try await MockServerProcess.start(["--root", tree.path, "--port", "0", "--quiet", "--report-unused"])
        let port = try #require(ProcessTests.port(in: await server.firstOutputLine(within: 20) ?? ""))
        #expect(try RawHTTPClient(port: port).request("GET", "/api/people").status == 200)
        server.process.interrupt()
        let finished = try #require(await server.waitForExit(within: 20))
        #expect(finished.status == 0)
        #expect(finished.standardError.contains("""
            mockserver: 2 fixture entries answered nothing:
              api/people.json entry 0 (line 1, POST)
              api/unused.json entry 0 (line 1, GET)
            """))
    }

    @Test func badJournalFlagsNameTheFlag() async throws {
        let tree = try TemporaryFolder(Self.files)
        for (arguments, expected) in [(["--journal-size=-1"], "--journal-size -1 must be 0"),
                                      (["--journal-body-limit=-2"], "--journal-body-limit -2 must be 0")] {
            let finished = try await MockServerProcess.run(["--root", tree.path, "--port", "0"] + arguments)
            #expect(finished.status != 0)
            #expect(finished.standardError.contains(expected), "\(finished.standardError)")
        }
    }
}
