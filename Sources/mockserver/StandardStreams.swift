import Foundation

/// Unbuffered writes to stdout and stderr, so that a reader on a pipe sees each line at once.
enum StandardStreams {
    static func writeOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
