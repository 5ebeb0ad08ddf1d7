import Foundation

/// Runs shell command lines on a dedicated thread, so waiting for the child process never
/// blocks the shared cooperative pool that other tests' timing depends on.
enum Shell {
    struct Output: Sendable {
        let status: Int32
        let standardOutput: Data
    }

    static func run(_ script: String) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/bin/sh")
                    process.arguments = ["-c", script]
                    let pipe = Pipe()
                    process.standardOutput = pipe
                    try process.run()
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: Output(status: process.terminationStatus, standardOutput: data))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }

    /// The argument vector a real shell passes to `curl` for `curlCommand`, found by running
    /// the line with `curl` replaced by a function that prints its arguments.
    static func curlArguments(of curlCommand: String) async throws -> [String] {
        let script = #"curl() { for argument in "$@"; do printf '%s\0' "$argument"; done; }; "# + curlCommand
        let output = try await run(script)
        var arguments = output.standardOutput.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if arguments.last == "" { arguments.removeLast() }
        return arguments
    }
}
