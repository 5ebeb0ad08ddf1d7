import Foundation

/// The built `mockserver` executable, run as a child process with its output captured.
final class MockServerProcess: @unchecked Sendable {
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
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var collectedOutput = Data()
    private var collectedErrors = Data()
    private let firstLine = DispatchSemaphore(value: 0)
    private var sawFirstLine = false

    init(_ arguments: [String]) throws {
        guard let executable = Self.executable else {
            throw RawHTTPClient.Failure(description: "the mockserver executable was not found next to the tests; run `swift build` first")
        }
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            lock.lock()
            collectedOutput.append(data)
            let complete = !sawFirstLine && (collectedOutput.contains(UInt8(ascii: "\n")) || data.isEmpty)
            if complete { sawFirstLine = true }
            lock.unlock()
            if complete { firstLine.signal() }
            if data.isEmpty { handle.readabilityHandler = nil }
        }
        errors.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            lock.lock()
            collectedErrors.append(data)
            lock.unlock()
            if data.isEmpty { handle.readabilityHandler = nil }
        }
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
        }
    }

    /// The first line on stdout, or nil if none arrives within `seconds`.
    func firstOutputLine(within seconds: Double) -> String? {
        guard firstLine.wait(timeout: .now() + seconds) == .success else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collectedOutput, as: UTF8.self).components(separatedBy: "\n").first
    }

    /// What the process wrote to stderr so far.
    var standardErrorSoFar: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collectedErrors, as: UTF8.self)
    }

    /// Waits for exit; nil when the process still runs after `seconds`.
    func waitForExit(within seconds: Double) -> Finished? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            if Date() > deadline { return nil }
            Thread.sleep(forTimeInterval: 0.02)
        }
        // Let the pipe handlers drain what the process wrote last.
        Thread.sleep(forTimeInterval: 0.1)
        lock.lock()
        defer { lock.unlock() }
        return Finished(
            status: process.terminationStatus,
            standardOutput: String(decoding: collectedOutput, as: UTF8.self),
            standardError: String(decoding: collectedErrors, as: UTF8.self)
        )
    }

    /// Runs `mockserver arguments` to completion (at most `seconds`).
    static func run(_ arguments: [String], within seconds: Double = 20) throws -> Finished? {
        try MockServerProcess(arguments).waitForExit(within: seconds)
    }
}
