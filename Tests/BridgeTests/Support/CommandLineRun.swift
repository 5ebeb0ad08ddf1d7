import Foundation
import TestSupport

/// Runs a command to completion and collects what it printed.
enum CommandLineRun {
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// Runs `executable arguments` and waits for it (and for both pipes to reach end of file) on
    /// a thread of its own: the test suspends meanwhile instead of holding a cooperative thread.
    static func run(_ executable: String, _ arguments: [String]) async throws -> Result {
        try await onOwnThread { try runBlockingThisThread(executable, arguments) }
    }

    private static func runBlockingThisThread(_ executable: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes concurrently so neither fills up and blocks the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// The `mockserver` executable built next to the tests.
    static var mockserver: String {
        get throws {
            let folder = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
                + [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            guard let found = folder.map({ $0.appendingPathComponent("mockserver").path }).first(where: FileManager.default.isExecutableFile) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "mockserver was not built next to the tests"])
            }
            return found
        }
    }
}
