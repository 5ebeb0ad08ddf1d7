import Foundation

/// Everything read from one pipe, by a thread of its own that blocks on reads until end of file:
/// it sees every byte, and the end for certain, however fast the process exits. Waiting for the
/// end (``ended``) rather than for a while is what makes a child's output complete.
package final class PipeOutput: @unchecked Sendable {
    // @unchecked: `received` and `lineSeen` are only read and written under `lock`; the latches
    // guard themselves.
    private let lock = NSLock()
    private var received = Data()
    private var lineSeen = false
    /// Open once the pipe reached end of file.
    package let ended = Latch()
    /// Open once the first line is complete (or the pipe ended without one).
    private let lineReached = Latch()

    package init() {}

    /// Starts the reading thread; it ends at end of file.
    package func readUntilEnd(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                let lineComplete = lock.withLock {
                    received.append(chunk)
                    let complete = !lineSeen && (chunk.isEmpty || received.contains(UInt8(ascii: "\n")))
                    if complete { lineSeen = true }
                    return complete
                }
                if lineComplete { lineReached.open() }
                if chunk.isEmpty { break }
            }
            ended.open()
        }.start()
    }

    /// The bytes read so far.
    package var data: Data {
        lock.withLock { received }
    }

    /// The bytes read so far, as UTF-8 text.
    package var text: String {
        String(decoding: data, as: UTF8.self)
    }

    /// The first line, once one is complete (or the pipe ended); nil after `seconds`.
    package func firstLine(within seconds: Double) async -> String? {
        guard await lineReached.wait(within: seconds) else { return nil }
        return text.components(separatedBy: "\n").first
    }
}
