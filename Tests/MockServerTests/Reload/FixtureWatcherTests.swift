import Foundation
import MockFixtures
import MockServer
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// In-process polling: `FixtureWatcher` reloads the server when what it serves changes.
@Suite struct FixtureWatcherTests {
    @Test func picksUpAnEditMadeRightAfterStartReturns() async throws {
        let running = try RunningServer(["api/item.json": #"{"response": {"version": 1}}"#])
        let watcher = try FixtureWatcher(server: running.server, intervalSeconds: 0.05)
        watcher.start()
        defer { watcher.stop() }
        // The baseline is taken before start() returns, so this edit is a change, not the baseline.
        try running.tree.write("api/item.json", #"{"response": {"version": 2, "padding": "grown"}}"#)
        // A hang guard: under the parallel test run's load, polling can wait seconds for a thread.
        #expect(await waitForVersion(2, port: running.port, target: "/api/item", seconds: 30))
        // The hook counts a reload just after its fixtures start serving.
        #expect(await eventually { running.reloads.value >= 1 })
        #expect(running.reloads.value == 1)
    }

    @Test func doesNotReloadForChangesTheLoaderIgnores() async throws {
        // A reload restarts `times` counters, so a watcher must not reload for nothing.
        var options = FixtureLoadOptions()
        options.maxStaticFileBytes = 16
        let running = try RunningServer(["api/item.json": #"{"response": {"version": 1}}"#], loadOptions: options)
        let outside = try TemporaryFolder(["secret.json": #"{"response": "outside"}"#])
        let watcher = try FixtureWatcher(server: running.server, intervalSeconds: 0.05)
        watcher.start()
        defer { watcher.stop() }

        try running.tree.write("api/.item.json.swp", "editor")
        try running.tree.write("__admin/reset.json", "{}")
        try running.tree.write("huge.bin", bytes: [UInt8](repeating: 1, count: 64))
        try FileManager.default.createSymbolicLink(
            atPath: running.tree.url.appendingPathComponent("api/leak.json").path,
            withDestinationPath: outside.url.appendingPathComponent("secret.json").path)
        // Two complete polls after the last change have seen all of it.
        let polled = watcher.completedPolls
        #expect(await eventually { watcher.completedPolls >= polled + 2 })
        #expect(running.reloads.value == 0)

        // A served change still reloads.
        try running.tree.write("api/item.json", #"{"response": {"version": 2}}"#)
        // A hang guard: under the parallel test run's load, polling can wait seconds for a thread.
        #expect(await waitForVersion(2, port: running.port, target: "/api/item", seconds: 30))
        // The hook counts a reload just after its fixtures start serving.
        #expect(await eventually { running.reloads.value >= 1 })
        #expect(running.reloads.value == 1)

        // .well-known is served, so a file added there is a change the raw stamp must see.
        try running.tree.write(".well-known/item.json", #"{"response": {"version": 3}}"#)
        #expect(await waitForVersion(3, port: running.port, target: "/.well-known/item", seconds: 10))
    }

    /// A fixture made readable (`chmod 644` after the "permission denied" it answered with)
    /// changes no content, size or time, and is reloaded all the same.
    @Test func reloadsWhenAFilesPermissionsChange() async throws {
        let running = try RunningServer(["api/item.json": #"{"response": {"version": 1}}"#])
        let path = running.tree.url.appendingPathComponent("api/item.json").path
        #expect(chmod(path, 0o600) == 0)
        let watcher = try FixtureWatcher(server: running.server, intervalSeconds: 0.05)
        watcher.start()
        defer { watcher.stop() }
        #expect(chmod(path, 0o644) == 0)
        #expect(await eventually { running.reloads.value == 1 }, "the permission change was not seen")
        let before = FixtureTreeSignature(root: running.tree.path)
        #expect(chmod(path, 0o640) == 0)
        #expect(FixtureTreeSignature(root: running.tree.path) != before)
    }

    @Test func doesNotReloadAnUnchangedTree() async throws {
        let running = try RunningServer(["api/flaky.json": #"[{"times": 1, "status": 503}, {"status": 200}]"#])
        let watcher = try FixtureWatcher(server: running.server, intervalSeconds: 0.05)
        watcher.start()
        defer { watcher.stop() }
        let client = try running.rawClient()
        #expect(try client.request("GET", "/api/flaky").status == 503)
        let polled = watcher.completedPolls
        #expect(await eventually { watcher.completedPolls >= polled + 3 })
        #expect(running.reloads.value == 0)
        #expect(try client.request("GET", "/api/flaky").status == 200)
    }

    @Test(arguments: [0, -1, 0.01, 3601, Double.infinity, -Double.infinity])
    func refusesAnIntervalOutOfRange(seconds: Double) throws {
        let running = try RunningServer([:])
        #expect(throws: FixtureWatcherError.invalidInterval(seconds)) {
            try FixtureWatcher(server: running.server, intervalSeconds: seconds)
        }
    }

    @Test func refusesANaNInterval() throws {
        let running = try RunningServer([:])
        let error = try #require(throws: FixtureWatcherError.self) {
            try FixtureWatcher(server: running.server, intervalSeconds: .nan)
        }
        #expect(error.description.hasPrefix("watch interval nan must be between 0.05 and 3600 seconds"))
    }
}

/// Polls `target` until its JSON `version` is `expected`; false after `seconds` (a hang guard).
/// Each request runs on a thread of its own: a server busy reloading may keep it waiting.
func waitForVersion(_ expected: Int, port: Int, target: String, seconds: Double) async -> Bool {
    await eventually(within: seconds) {
        await onOwnThread {
            guard let answer = try? RawHTTPClient(port: port).request("GET", target), answer.status == 200 else { return false }
            return (try? jsonObject(answer.body))?["version"] as? Int == expected
        }
    }
}
