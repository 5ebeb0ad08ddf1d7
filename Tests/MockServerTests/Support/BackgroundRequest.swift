import Foundation

/// One raw GET on its own thread, so a test can do other requests while it is in flight
/// without depending on the Swift concurrency pool (which blocking socket calls can starve).
final class BackgroundRequest: @unchecked Sendable {
    struct Outcome {
        /// The status, or nil when the connection ended without an answer.
        let status: Int?
        /// The body as text; empty when there was no answer.
        let body: String
        let finished: Date
    }

    let started = Date()
    private let done = DispatchSemaphore(value: 0)
    private let sent = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var outcome: Outcome?

    init(port: Int, target: String) {
        let thread = Thread { [self] in
            var answer: RawHTTPClient.Answer?
            if let client = try? RawHTTPClient(port: port, timeout: 70),
               (try? client.write("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")) != nil {
                sent.signal()
                answer = try? client.readAnswer()
            }
            lock.lock()
            outcome = Outcome(status: answer?.status, body: answer?.text ?? "", finished: Date())
            lock.unlock()
            done.signal()
        }
        thread.start()
    }

    /// Whether the whole request has been written to the socket within `seconds` (on loopback:
    /// it is in the server's receive queue).
    func waitUntilSent(seconds: Double) -> Bool {
        sent.wait(timeout: .now() + seconds) == .success
    }

    /// The outcome, or nil when the request is still running after `seconds`.
    func wait(seconds: Double) -> Outcome? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return outcome
    }
}
