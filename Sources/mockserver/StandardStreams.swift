#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to stdout and stderr, so that a reader on a pipe (a test, a CI wait loop)
/// sees each line as soon as it is written.
enum StandardStreams {
    static func writeOutput(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    static func writeError(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress, buffer.count)
            }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return   // a closed pipe: nothing more can be said
            }
        }
    }
}
