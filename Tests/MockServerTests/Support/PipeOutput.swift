import Foundation
import TestSupport

/// Everything read from one pipe, by a thread of its own that blocks on reads until end of file:
/// it sees every byte, and the end for certain, however fast the process exits.
final class PipeOutput: @unchecked Sendable {
    // @unchecked: `data` and `lineSeen` are only read and written under `lock`; the latches guard
    // themselves.
    private let lock = NSLock()
    private var data = Data()
    private var lineSeen = false
    /// Open once the pipe reached end of file.
    let ended = Latch()
    /// Open once the first line is complete (or the pipe ended without one).
    private let lineReached = Latch()

    func readUntilEnd(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                let lineComplete = lock.withLock {
                    data.append(chunk)
                    let complete = !lineSeen && (chunk.isEmpty || data.contains(UInt8(ascii: "\n")))
                    if complete { lineSeen = true }
                    return complete
                }
                if lineComplete { lineReached.open() }
                if chunk.isEmpty { break }
            }
            ended.open()
        }.start()
    }

    var text: String {
        lock.withLock { String(decoding: data, as: UTF8.self) }
    }

    /// The first line, once one is complete (or the pipe ended); nil after `seconds`.
    func firstLine(within seconds: Double) async -> String? {
        guard await lineReached.wait(within: seconds) else { return nil }
        return text.components(separatedBy: "\n").first
    }
}
