import Foundation
import MockServer
import Testing

/// In-process polling: `FixtureWatcher` reloads the server when the tree changes.
@Suite struct FixtureWatcherTests {
    @Test func picksUpAnEditWithinAFewPolls() throws {
        let running = try RunningServer(["api/item.json": #"{"response": {"version": 1}}"#])
        let watcher = FixtureWatcher(server: running.server, intervalSeconds: 0.1)
        watcher.start()
        defer { watcher.stop() }
        Thread.sleep(forTimeInterval: 0.2)
        try running.tree.write("api/item.json", Data(#"{"response": {"version": 2}}"#.utf8))
        #expect(try waitForVersion(2, port: running.port, target: "/api/item", seconds: 10))
    }

    @Test func doesNotReloadAnUnchangedTree() throws {
        // A reload restarts `times` counters, so an idle watcher must leave them alone.
        let running = try RunningServer(["api/flaky.json": #"[{"times": 1, "status": 503}, {"status": 200}]"#])
        let watcher = FixtureWatcher(server: running.server, intervalSeconds: 0.05)
        watcher.start()
        defer { watcher.stop() }
        let client = try running.rawClient()
        #expect(try client.request("GET", "/api/flaky").status == 503)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try client.request("GET", "/api/flaky").status == 200)
    }
}

/// Polls `target` until its JSON `version` is `expected`; false after `seconds`.
func waitForVersion(_ expected: Int, port: Int, target: String, seconds: Double) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if let answer = try? RawHTTPClient(port: port).request("GET", target),
           answer.status == 200, (try? jsonObject(answer.body))?["version"] as? Int == expected {
            return true
        }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return false
}
