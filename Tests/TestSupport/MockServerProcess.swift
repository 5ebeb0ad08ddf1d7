import Foundation

/// The built `mockserver` executable run as a child process, for the tests of its command line
/// (test targets that use it depend on the `mockserver` target, so it is built with them).
package enum MockServerProcess {
    /// The executable next to the test bundle (SwiftPM puts products and the test runner in the
    /// same build folder), else under this package's `.build/debug`.
    package static let executable: URL? = {
        var folders: [URL] = []
        if let runner = Bundle.main.executableURL {
            folders.append(runner.deletingLastPathComponent())
        }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for bundle in Bundle.allBundles {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        // Tests/TestSupport/MockServerProcess.swift, three folders below the package.
        let package = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(package.appendingPathComponent(".build/debug"))
        return folders
            .map { $0.appendingPathComponent("mockserver") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Starts `mockserver arguments`.
    package static func start(_ arguments: [String]) async throws -> ChildProcess {
        try await ChildProcess.start(executable: try found(), arguments: arguments)
    }

    /// Runs `mockserver arguments` to completion; throws when it does not exit (a hang guard).
    package static func run(_ arguments: [String]) async throws -> ChildProcess.Finished {
        try await ChildProcess.run(executable: try found(), arguments: arguments)
    }

    private static func found() throws -> URL {
        guard let executable else {
            throw ChildProcess.Failure(description: "the mockserver executable was not found next to the tests; run `swift build` first")
        }
        return executable
    }
}
