import Foundation
import MockServer
import TestSupport
import Testing

/// Reloads racing with requests in flight, some parked on a fixture delay.
@Suite struct ReloadConcurrencyTests {
    static func fixture(version: Int, delay: Int) -> String {
        #"{"delay": \#(delay), "response": {"version": \#(version)}}"#
    }

    @Test func parkedRequestsAnswerFromTheirGenerationWhileTenReloadsRun() async throws {
        let running = try RunningServer([:]) { $0.threadPoolSize = 2 }
        try running.tree.write("api/fast.json", Self.fixture(version: 0, delay: 0))
        try running.tree.write("api/slow.json", Self.fixture(version: 0, delay: 400))
        try running.server.reload()

        var parked: [(version: Int, request: BackgroundRequest)] = []
        var racing: [BackgroundRequest] = []
        let admin = try running.rawClient(timeout: 20)
        for version in 1...10 {
            // One round on a thread of its own, since it races the 400 ms delay, which a task on
            // a busy concurrency pool could lose without any server fault.
            let round = try await onOwnThread { [parked] in
                // Five requests reach the server and park on the delay before the reload starts:
                // then every slow request so far is parked or answered. (The count alone does not
                // say it: earlier rounds' requests end meanwhile.)
                let slow = (0..<5).map { _ in BackgroundRequest(port: running.port, target: "/api/slow") }
                let sent = parked.map(\.request) + slow
                let allParked = pollBlockingThisThread {
                    running.server.suspendedConnectionCount + sent.filter(\.isFinished).count == sent.count
                }
                // …while fifteen more race with it.
                let racing = (0..<15).map { _ in BackgroundRequest(port: running.port, target: "/api/fast") }
                try running.tree.write("api/fast.json", Self.fixture(version: version, delay: 0))
                try running.tree.write("api/slow.json", Self.fixture(version: version, delay: 400))
                let reload = try admin.request("POST", "/__admin/reload")
                return (slow: slow, allParked: allParked, racing: racing, reload: reload)
            }
            #expect(round.allParked, "round \(version): the slow requests never parked")
            parked += round.slow.map { (version - 1, $0) }
            racing += round.racing
            #expect(round.reload.status == 200, "reload \(version): \(round.reload.text)")
        }
        for (version, request) in parked {
            let outcome = try #require(await request.wait(seconds: 30), "a parked request never finished")
            #expect(outcome.status == 200, "answer: \(outcome.body)")
            // Parked before the reload: answered from the fixtures it started with.
            #expect(try jsonObject(Data(outcome.body.utf8))["version"] as? Int == version)
        }
        for request in racing {
            let outcome = try #require(await request.wait(seconds: 30), "a request never finished")
            #expect(outcome.status == 200, "answer: \(outcome.body)")
            let version = try #require(try jsonObject(Data(outcome.body.utf8))["version"] as? Int, "body: \(outcome.body)")
            #expect((0...10).contains(version))
        }
        #expect(running.reloads.value == 11)
        let final = try running.rawClient().request("GET", "/api/fast")
        #expect(try jsonObject(final.body)["version"] as? Int == 10)
    }
}
