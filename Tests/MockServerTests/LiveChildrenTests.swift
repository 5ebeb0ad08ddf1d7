import Foundation
import Testing
import TestSupport

/// The registry that kills, when the test runner exits, the children a failed test left running.
@Suite struct LiveChildrenTests {
    /// A child started through a registry is recorded, and its `killAll()` (the `atexit`
    /// handler) ends it with SIGKILL.
    @Test func killAllEndsEveryRecordedChild() async throws {
        let registry = LiveChildren()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["600"]
        let exited = Latch()
        process.terminationHandler = { ended in
            registry.remove(ended.processIdentifier)
            exited.open()
        }
        try registry.launch(process)
        #expect(registry.identifiers == [process.processIdentifier])
        #expect(!exited.isOpen)
        registry.killAll()
        #expect(await exited.wait(within: 20), "sleep 600 was not ended by killAll()")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)
        #expect(registry.identifiers.isEmpty)
    }

    /// Every `ChildProcess` is recorded in the shared registry while it runs, and forgotten once
    /// it has ended, so the handler never signals a process identifier that was reused.
    @Test func childProcessesAreRecordedWhileTheyRun() async throws {
        let child = try await ChildProcess.start(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["600"])
        let identifier = child.processIdentifier
        #expect(LiveChildren.shared.identifiers.contains(identifier))
        try await child.stop()
        #expect(await eventually { !LiveChildren.shared.identifiers.contains(identifier) })
    }
}
