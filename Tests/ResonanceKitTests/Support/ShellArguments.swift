import Foundation

/// Runs a shell command line with `curl` replaced by a function that prints its arguments,
/// so tests see exactly the argument vector a real shell would pass to curl.
enum ShellArguments {
    static func parse(curlCommand: String) throws -> [String] {
        let script = #"curl() { for argument in "$@"; do printf '%s\0' "$argument"; done; }; "# + curlCommand
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var arguments = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if arguments.last == "" { arguments.removeLast() }
        return arguments
    }
}
