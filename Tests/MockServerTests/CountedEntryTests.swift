import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `times` and `POST /__admin/reset` over real loopback HTTP, where two worker threads share the counters.
@Suite struct CountedEntryTests {
    static let files = [
        "api/flaky.json": """
            [
              {"times": 1, "status": 503, "headers": {"Retry-After": "1"}, "response": {"error": "try again"}},
              {"response": {"status": "recovered"}}
            ]
            """,
        "api/busy.json": #"[{"times": 5, "status": 503}, {"status": 200, "response": {"ok": true}}]"#,
    ]

    @Test func failsOnceRecoversAndResetsOverHTTP() async throws {
        let running = try RunningServer(Self.files)
        let first = try await running.fetch("/api/flaky")
        #expect(first.status == 503)
        #expect(first.response.value(forHTTPHeaderField: "Retry-After") == "1")
        let second = try await running.fetch("/api/flaky")
        #expect(second.status == 200)
        #expect(try jsonObject(second.body)["status"] as? String == "recovered")

        let refused = try await running.fetch("/__admin/reset")
        #expect(refused.status == 405)
        #expect(try jsonObject(refused.body)["hint"] as? String == "send POST /__admin/reset")
        #expect(try await running.fetch("/api/flaky").status == 200, "GET /__admin/reset must not reset")

        // Twice: the answer goes out the same way each time, and each call must reset again.
        for _ in 0..<2 {
            let reset = try await running.fetch("/__admin/reset", method: "POST")
            #expect(reset.status == 200)
            let body = try jsonObject(reset.body)
            #expect(body["status"] as? String == "reset")
            #expect(body["counters"] as? Int == 2)
            #expect(try await running.fetch("/api/flaky").status == 503)
            #expect(try await running.fetch("/api/flaky").status == 200)
        }
    }

    @Test func parallelRequestsConsumeExactlyTheCount() async throws {
        let running = try RunningServer(Self.files)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.timeoutIntervalForRequest = 20
        let session = URLSession(configuration: configuration)
        for _ in 0..<2 {
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<60 {
                    group.addTask { try await running.fetch("/api/busy", session: session).status }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(statuses.filter { $0 == 503 }.count == 5)
            #expect(statuses.filter { $0 == 200 }.count == 55)
            #expect(try await running.fetch("/__admin/reset", method: "POST", session: session).status == 200)
        }
    }
}
