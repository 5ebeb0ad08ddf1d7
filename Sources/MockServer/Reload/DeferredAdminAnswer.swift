import MockFixtures

/// The answer to a request parked while work runs off the MHD worker threads: filled in by that
/// work, then read by the worker once the connection is resumed.
final class DeferredAdminAnswer: @unchecked Sendable {
    // @unchecked: `answer` is only read and written under `lock`.
    private let lock = Lock()
    private var answer: MockResponse?

    func fulfil(_ answer: MockResponse) {
        lock.lock()
        defer { lock.unlock() }
        self.answer = answer
    }

    /// The answer, or nil when the connection was resumed before the work finished (the server is stopping).
    func take() -> MockResponse? {
        lock.lock()
        defer { lock.unlock() }
        defer { answer = nil }
        return answer
    }
}
