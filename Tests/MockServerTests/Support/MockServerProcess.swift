import Foundation

/// The built `mockserver` executable, run as a child process with its output captured.
enum MockServerProcess {
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

    /// Starts `mockserver arguments`.
    static func start(_ arguments: [String]) throws -> ChildProcess {
        guard let executable else {
            throw RawHTTPClient.Failure(description: "the mockserver executable was not found next to the tests; run `swift build` first")
        }
        return try ChildProcess(executable: executable, arguments: arguments)
    }

    /// Runs `mockserver arguments` to completion (at most `seconds`).
    static func run(_ arguments: [String], within seconds: Double = 20) async throws -> ChildProcess.Finished? {
        try await start(arguments).waitForExit(within: seconds)
    }
}
