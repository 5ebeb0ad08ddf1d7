import Foundation

/// Progress and error lines go to stderr so stdout carries only the Markdown report.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
