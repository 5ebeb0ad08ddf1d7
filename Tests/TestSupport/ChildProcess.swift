import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process with its stdout and stderr captured, for tests that run a command (the built
/// `mockserver`, `curl`, a shell): they wait for its output and its exit suspended, woken by the
/// pipe readers and by Foundation's termination handler, never holding a cooperative thread.
///
/// Nothing outlives the test: `deinit` SIGKILLs a child a test did not end (a failed `#require`),
/// and nothing the child or its pipes do keeps the `ChildProcess` alive. Nothing outlives the test
/// run either: every child still running when the runner exits — one a failed test still held —
/// is SIGKILLed by an `atexit` handler (``LiveChildren``), so a leftover `mockserver` cannot hold a
/// port or a watched folder into the next run.
package final class ChildProcess: @unchecked Sendable {
    // @unchecked: `process` is set once, by `launch()` before the object is returned, and
    // afterwards only queried, signalled and waited for (``SpawnedProcess`` guards itself); its
    // exit callback touches nothing but the registry and the `exited` latch. The output is kept
    // in `PipeOutput`s and latches, which guard themselves.

    /// How a run ended, with everything the process wrote.
    package struct Finished: Sendable {
        package let status: Int32
        /// Everything written to stdout, byte for byte (for output that is not text).
        package let standardOutputData: Data
        package let standardError: String

        package var standardOutput: String {
            String(decoding: standardOutputData, as: UTF8.self)
        }
    }

    /// A child that did not exit within its hang guard.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Set once by `launch()`, before the child is shared.
    package private(set) var process: SpawnedProcess!
    private let executable: URL
    private let arguments: [String]
    private let output = PipeOutput()
    private let errors = PipeOutput()
    /// Opened by Foundation's termination handler once the process has been reaped, so the
    /// termination status and reason are final.
    private let exited = Latch()

    private init(executable: URL, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Starts `executable arguments`.
    ///
    /// It starts with no signal blocked (``SpawnedProcess`` clears the mask a child would inherit
    /// from the cooperative pool's threads, which block most signals), so SIGTERM, SIGINT and
    /// SIGUSR1 reach it.
    package static func start(executable: URL, arguments: [String]) async throws -> ChildProcess {
        let child = ChildProcess(executable: executable, arguments: arguments)
        try await child.launch()
        return child
    }

    /// Runs `executable arguments` to completion and returns how it ended; throws when it has not
    /// exited after `seconds` (a hang guard, not a claim about speed), and the child is killed.
    package static func run(executable: URL, arguments: [String], within seconds: Double = 60) async throws -> Finished {
        let child = try await start(executable: executable, arguments: arguments)
        guard let finished = await child.waitForExit(within: seconds) else {
            throw Failure(description: "\(child.commandLine) did not exit within \(seconds) s; stderr so far: \(child.standardErrorSoFar)")
        }
        return finished
    }

    private func launch() async throws {
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        let exited = exited
        // Recorded in the registry the `atexit` handler kills, with the launch itself.
        process = try LiveChildren.shared.launch { [executable, arguments] in
            try SpawnedProcess(executable: executable, arguments: arguments,
                               output: outputPipe.fileHandleForWriting.fileDescriptor,
                               errors: errorPipe.fileHandleForWriting.fileDescriptor) { ended in
                LiveChildren.shared.remove(ended.processIdentifier)
                exited.open()
            }
        }
        // The child has its own copies; the pipes end when it (and anything it started) exits.
        try? outputPipe.fileHandleForWriting.close()
        try? errorPipe.fileHandleForWriting.close()
        output.readUntilEnd(outputPipe.fileHandleForReading)
        errors.readUntilEnd(errorPipe.fileHandleForReading)
    }

    /// Tests end the process themselves (``stop(within:)``, or a signal and ``waitForExit(within:)``);
    /// this only cleans up after a test that stopped early. It kills without waiting, since a
    /// deinit may run on a thread of the cooperative pool: Foundation reaps the process and the
    /// pipe readers end by themselves.
    deinit {
        process?.signal(SIGKILL)
    }

    /// The first line on stdout (empty when stdout ended without one), or nil if none arrives
    /// within `seconds`.
    package func firstOutputLine(within seconds: Double = 20) async -> String? {
        await output.firstLine(within: seconds)
    }

    /// What the process wrote to stdout so far.
    package var standardOutputSoFar: String {
        output.text
    }

    /// What the process wrote to stderr so far.
    package var standardErrorSoFar: String {
        errors.text
    }

    /// The process identifier, while the process has not ended.
    package var processIdentifier: Int32 {
        process.processIdentifier
    }

    /// Whether the process has ended (and been reaped), without waiting.
    package var hasExited: Bool {
        exited.isOpen
    }

    /// Waits, suspended, for exit and for the end of both output pipes, so that everything the
    /// process wrote is collected; nil when that has not happened after `seconds` (a hang guard).
    package func waitForExit(within seconds: Double) async -> Finished? {
        let deadline = Date().addingTimeInterval(seconds)
        // Both pipes end when the process (and anything it started) has exited.
        for latch in [output.ended, errors.ended, exited] {
            guard await latch.wait(within: deadline.timeIntervalSinceNow) else { return nil }
        }
        return Finished(status: process.terminationStatus, standardOutputData: output.data, standardError: errors.text)
    }

    /// Ends the process with SIGTERM, as a CI job stops a server, and waits for it like
    /// ``waitForExit(within:)``; throws when it has not exited after `seconds`.
    @discardableResult
    package func stop(within seconds: Double = 20) async throws -> Finished {
        process.terminate()
        guard let finished = await waitForExit(within: seconds) else {
            throw Failure(description: "\(commandLine) did not exit within \(seconds) s of SIGTERM; stderr so far: \(standardErrorSoFar)")
        }
        return finished
    }

    private var commandLine: String {
        ([executable.path] + arguments).joined(separator: " ")
    }
}
