import Foundation

/// The built `mockserver` executable, run as a child process with its output captured.
final class MockServerProcess: @unchecked Sendable {
    // @unchecked: the process is driven from the test's thread; the output it writes is kept in
    // `PipeOutput`, which guards itself.
    struct Finished {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable next to the test bundle (SwiftPM puts products and the test runner in the
    /// same build folder), else under this package's `.build/debug`.
    static let executable: URL? = {
        var folders: [URL] = []
        if let runner = Bundle.main.executableURL {
            folders.append(runner.deletingLastPathComponent())
        }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for bundle in Bundle.allBundles {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        let package = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(package.appendingPathComponent(".build/debug"))
        return folders
            .map { $0.appendingPathComponent("mockserver") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    let process = Process()
    private let output = PipeOutput()
    private let errors = PipeOutput()

    init(_ arguments: [String]) throws {
        guard let executable = Self.executable else {
            throw RawHTTPClient.Failure(description: "the mockserver executable was not found next to the tests; run `swift build` first")
        }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        output.readUntilEnd(outputPipe.fileHandleForReading)
        errors.readUntilEnd(errorPipe.fileHandleForReading)
    }

    deinit {
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
        }
    }

    /// The first line on stdout, or nil if none arrives within `seconds`.
    func firstOutputLine(within seconds: Double) -> String? {
        output.firstLine(within: seconds)
    }

    /// What the process wrote to stderr so far.
    var standardErrorSoFar: String {
        errors.text
    }

    /// Waits for exit and for the end of both output pipes, so that everything the process wrote
    /// is collected; nil when that has not happened after `seconds` (a hang guard).
    func waitForExit(within seconds: Double) -> Finished? {
        let deadline = DispatchTime.now() + seconds
        // Both pipes end when the process (and anything it started) has exited.
        guard output.waitForEnd(until: deadline), errors.waitForEnd(until: deadline) else { return nil }
        process.waitUntilExit()
        return Finished(status: process.terminationStatus, standardOutput: output.text, standardError: errors.text)
    }

    /// Runs `mockserver arguments` to completion (at most `seconds`).
    static func run(_ arguments: [String], within seconds: Double = 20) throws -> Finished? {
        try MockServerProcess(arguments).waitForExit(within: seconds)
    }
}

/// Everything read from one pipe, by a thread of its own that blocks on reads until end of file:
/// it sees every byte, and the end for certain, however fast the process exits.
private final class PipeOutput: @unchecked Sendable {
    // @unchecked: `data`, `ended` and `lineSeen` are only read and written under `lock`.
    private let lock = NSLock()
    private var data = Data()
    private var ended = false
    private var lineSeen = false
    private let endReached = DispatchSemaphore(value: 0)
    private let lineReached = DispatchSemaphore(value: 0)

    func readUntilEnd(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                lock.lock()
                data.append(chunk)
                if chunk.isEmpty { ended = true }
                let lineComplete = !lineSeen && (ended || data.contains(UInt8(ascii: "\n")))
                if lineComplete { lineSeen = true }
                lock.unlock()
                if lineComplete { lineReached.signal() }
                if chunk.isEmpty { break }
            }
            endReached.signal()
        }.start()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first line, once one is complete (or the pipe ended); nil after `seconds`.
    func firstLine(within seconds: Double) -> String? {
        guard lineReached.wait(timeout: .now() + seconds) == .success else { return nil }
        lineReached.signal()
        return text.components(separatedBy: "\n").first
    }

    func waitForEnd(until deadline: DispatchTime) -> Bool {
        guard endReached.wait(timeout: deadline) == .success else { return false }
        endReached.signal()
        return true
    }
}
