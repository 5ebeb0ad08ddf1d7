import Foundation
import TestSupport

/// One raw GET on its own thread, so a test can do other requests while it is in flight; the
/// test waits for it suspended, never holding a thread of the Swift concurrency pool (which
/// blocking socket calls would starve).
final class BackgroundRequest: @unchecked Sendable {
    // @unchecked: `outcome` is written once by the request's thread before `done` opens and read
    // only after `done` is open, both under `lock`.
    struct Outcome: Sendable {
        /// The status, or nil when the connection ended without an answer.
        let status: Int?
        /// The body as text; empty when there was no answer.
        let body: String
        let finished: Date
    }

    let started = Date()
    private let done = Latch()
    private let sent = Latch()
    private let lock = NSLock()
    private var outcome: Outcome?

    init(port: Int, target: String) {
        let thread = Thread { [self] in
            var answer: RawHTTPClient.Answer?
            if let client = try? RawHTTPClient(port: port, timeout: 70),
               (try? client.write("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")) != nil {
                sent.open()
                answer = try? client.readAnswer()
            }
            lock.withLock {
                outcome = Outcome(status: answer?.status, body: answer?.text ?? "", finished: Date())
            }
            done.open()
        }
        thread.start()
    }

    /// Whether the whole request has been written to the socket within `seconds` (on loopback:
    /// it is in the server's receive queue).
    func waitUntilSent(seconds: Double) async -> Bool {
        await sent.wait(within: seconds)
    }

    /// Whether the request has ended (answered or not), without waiting.
    var isFinished: Bool {
        done.isOpen
    }

    /// The outcome, or nil when the request is still running after `seconds` (0: right now).
    func wait(seconds: Double) async -> Outcome? {
        guard await done.wait(within: seconds) else { return nil }
        return lock.withLock { outcome }
    }
}
