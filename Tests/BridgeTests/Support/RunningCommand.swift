import Foundation

/// A long-running command (a `mockserver` serving) whose first output line the test waits for.
final class RunningCommand: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let collected = NSLock()
    private var outputText = ""
    private var errorText = ""
    private let lineArrived = DispatchSemaphore(value: 0)

    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            let complete = collected.withLock { () -> Bool in
                let hadLine = outputText.contains("\n")
                outputText += String(decoding: data, as: UTF8.self)
                return !hadLine && (outputText.contains("\n") || data.isEmpty)
            }
            if complete { lineArrived.signal() }
        }
        errors.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            collected.withLock { errorText += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    deinit {
        stop()
    }

    /// The first line on stdout (nil when the process ends or `seconds` pass first).
    func firstLine(within seconds: Double = 20) -> String? {
        guard lineArrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return collected.withLock { outputText.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) }
    }

    var standardError: String {
        collected.withLock { errorText }
    }

    /// Waits until stderr contains `text`; false when `seconds` pass first.
    func waitForStandardError(containing text: String, within seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !standardError.contains(text) {
            guard Date() < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// SIGTERM, then waits for the exit.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
