import Foundation
import TestSupport

/// Shell command lines as a user would paste them, run by `/bin/sh` as a child process that the
/// test waits for suspended.
enum Shell {
    static func run(_ script: String) async throws -> ChildProcess.Finished {
        try await ChildProcess.run(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script])
    }

    /// The argument vector a real shell passes to `curl` for `curlCommand`, found by running
    /// the line with `curl` replaced by a function that prints its arguments.
    static func curlArguments(of curlCommand: String) async throws -> [String] {
        let script = #"curl() { for argument in "$@"; do printf '%s\0' "$argument"; done; }; "# + curlCommand
        let output = try await run(script)
        var arguments = output.standardOutputData.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if arguments.last == "" { arguments.removeLast() }
        return arguments
    }
}
