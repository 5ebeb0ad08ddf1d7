import Foundation
import Testing
import TestSupport

/// The registry that kills, when the test runner exits, the children a failed test left running.
@Suite struct LiveChildrenTests {
    /// A child started through a registry is recorded, and its `killAll()` (the `atexit`
    /// handler) ends it with SIGKILL.
    @Test func killAllEndsEveryRecordedChild() async throws {
        let registry = LiveChildren()
        let exited = Latch()
        let sink = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        let child = try registry.launch {
            try SpawnedProcess(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["600"],
                               output: sink.fileDescriptor, errors: sink.fileDescriptor) { ended in
                registry.remove(ended.processIdentifier)
                exited.open()
            }
        }
        #expect(registry.identifiers == [child.processIdentifier])
        #expect(child.isRunning && !exited.isOpen)
        registry.killAll()
        #expect(await exited.wait(within: 20), "sleep 600 was not ended by killAll()")
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)
        #expect(!child.isRunning)
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
