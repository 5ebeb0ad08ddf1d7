import Foundation
import Synchronization
import TestSupport

/// A long-running command (a `mockserver` serving) whose first output line the test waits for.
///
/// Every wait suspends (or blocks a thread of its own), never a cooperative thread: other tests
/// in the process time things on that pool. The process is ended by ``stop()``, and, should a test
/// not get there (a failed `#require`), by `deinit` with SIGKILL — nothing outlives the test.
final class RunningCommand: Sendable {
    private let child = UncheckedProcess(process: Process())
    private var process: Process { child.process }
    private let collected = CollectedOutput()

    init(_ executable: String, _ arguments: [String]) throws {
        let output = Pipe()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        // The handlers hold the collected output, not `self`, so `deinit` runs.
        let collected = collected
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            collected.appendOutput(data, ended: data.isEmpty)
        }
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            collected.appendError(data)
        }
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
    }

    /// The first line on stdout (nil when the process ends or `seconds` pass first).
    func firstLine(within seconds: Double = 20) async throws -> String? {
        let collected = collected
        return await onOwnThread { collected.firstLine(within: seconds) }
    }

    var standardError: String {
        collected.errorText
    }

    /// Waits until stderr contains `text`; false when `seconds` pass first (a hang guard).
    func waitForStandardError(containing text: String, within seconds: Double = 10) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !standardError.contains(text) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// SIGTERM, then waits (on a thread of its own) for the exit.
    func stop() async throws {
        let child = child
        await onOwnThread {
            if child.process.isRunning {
                child.process.terminate()
                child.process.waitUntilExit()
            }
        }
    }
}

/// The child `Process`, shared with the thread that waits for it.
private struct UncheckedProcess: @unchecked Sendable {
    // @unchecked: after `run()` the process is only queried, signalled and waited for, which
    // Foundation allows from any thread.
    let process: Process
}

/// What a command printed, filled by the pipes' readability handlers.
private final class CollectedOutput: Sendable {
    private struct State {
        var outputText = ""
        var errorText = ""
    }

    private let state = Mutex(State())
    private let lineArrived = DispatchSemaphore(value: 0)

    func appendOutput(_ data: Data, ended: Bool) {
        let complete = state.withLock { state -> Bool in
            let hadLine = state.outputText.contains("\n")
            state.outputText += String(decoding: data, as: UTF8.self)
            return !hadLine && (state.outputText.contains("\n") || ended)
        }
        if complete { lineArrived.signal() }
    }

    func appendError(_ data: Data) {
        state.withLock { $0.errorText += String(decoding: data, as: UTF8.self) }
    }

    var errorText: String {
        state.withLock { $0.errorText }
    }

    /// Blocks its (own) thread until the first line is complete or `seconds` pass.
    func firstLine(within seconds: Double) -> String? {
        guard lineArrived.wait(timeout: .now() + seconds) == .success else { return nil }
        lineArrived.signal()
        return state.withLock { $0.outputText.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) }
    }
}

