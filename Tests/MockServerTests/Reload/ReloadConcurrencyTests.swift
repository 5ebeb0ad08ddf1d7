import Foundation
import MockServer
import Testing

/// Reloads racing with requests in flight, some parked on a fixture delay.
@Suite struct ReloadConcurrencyTests {
    static func fixture(version: Int, delay: Int) -> Data {
        Data(#"{"delay": \#(delay), "response": {"version": \#(version)}}"#.utf8)
    }

    @Test func everyAnswerIsAnOldOrNewBodyWhileReloadingTenTimes() throws {
        let running = try RunningServer([:]) { $0.threadPoolSize = 2 }
        try running.tree.write("api/fast.json", Self.fixture(version: 0, delay: 0))
        try running.tree.write("api/slow.json", Self.fixture(version: 0, delay: 300))
        try running.server.reload()

        var requests: [BackgroundRequest] = []
        let admin = try running.rawClient(timeout: 20)
        for version in 1...10 {
            for index in 0..<20 {
                requests.append(BackgroundRequest(port: running.port, target: index % 4 == 0 ? "/api/slow" : "/api/fast"))
            }
            try running.tree.write("api/fast.json", Self.fixture(version: version, delay: 0))
            try running.tree.write("api/slow.json", Self.fixture(version: version, delay: 300))
            let reload = try admin.request("POST", "/__admin/reload")
            #expect(reload.status == 200, "reload \(version): \(reload.text)")
        }
        #expect(requests.count == 200)
        var versions = Set<Int>()
        for request in requests {
            let outcome = try #require(request.wait(seconds: 30), "a request never finished")
            #expect(outcome.status == 200, "answer: \(outcome.body)")
            let version = try #require(try jsonObject(Data(outcome.body.utf8))["version"] as? Int, "body: \(outcome.body)")
            #expect((0...10).contains(version))
            versions.insert(version)
        }
        // Requests ran across the reloads, so they cannot all have seen one generation.
        #expect(versions.count > 1)
        let final = try running.rawClient().request("GET", "/api/fast")
        #expect(try jsonObject(final.body)["version"] as? Int == 10)
    }
}
