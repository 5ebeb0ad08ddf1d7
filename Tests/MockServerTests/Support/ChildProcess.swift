import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A child process with its stdout and stderr captured; tests wait for its output and its exit
/// suspended, woken by the pipe readers and by Foundation's termination handler.
final class ChildProcess: @unchecked Sendable {
    // @unchecked: `process` is driven from the test's task only (its termination handler touches
    // nothing but the `exited` latch); the output the process writes is kept in `PipeOutput`, and
    // latches guard themselves.
    struct Finished: Sendable {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    let process = Process()
    private let output = PipeOutput()
    private let errors = PipeOutput()
    /// Opened by Foundation's termination handler once the process has been reaped, so the
    /// termination status and reason are final.
    private let exited = Latch()

    init(executable: URL, arguments: [String]) throws {
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        let exited = exited
        process.terminationHandler = { _ in exited.open() }
        try process.run()
        output.readUntilEnd(outputPipe.fileHandleForReading)
        errors.readUntilEnd(errorPipe.fileHandleForReading)
    }

    /// Tests end the process themselves (a signal, then `waitForExit`); this only cleans up after
    /// a test that stopped early. It kills without waiting, since a deinit may run on a thread of
    /// the concurrency pool: Foundation reaps the process and the pipe readers end by themselves.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
    }

    /// The first line on stdout, or nil if none arrives within `seconds`.
    func firstOutputLine(within seconds: Double) async -> String? {
        await output.firstLine(within: seconds)
    }

    /// What the process wrote to stdout so far.
    var standardOutputSoFar: String {
        output.text
    }

    /// What the process wrote to stderr so far.
    var standardErrorSoFar: String {
        errors.text
    }

    /// Whether the process has ended (and been reaped), without waiting.
    var hasExited: Bool {
        exited.isOpen
    }

    /// Waits, suspended, for exit and for the end of both output pipes, so that everything the
    /// process wrote is collected; nil when that has not happened after `seconds` (a hang guard).
    func waitForExit(within seconds: Double) async -> Finished? {
        let deadline = Date().addingTimeInterval(seconds)
        // Both pipes end when the process (and anything it started) has exited.
        for latch in [output.ended, errors.ended, exited] {
            guard await latch.wait(within: deadline.timeIntervalSinceNow) else { return nil }
        }
        return Finished(status: process.terminationStatus, standardOutput: output.text, standardError: errors.text)
    }
}
