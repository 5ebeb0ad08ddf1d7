import MockFixtures

/// The answer to a request parked while work runs off the MHD worker threads — an admin reload,
/// or a request forwarded upstream: filled in by that work, then read by the worker once the
/// connection is resumed.
final class DeferredAdminAnswer: @unchecked Sendable {
    // @unchecked: `answer`, `cancel` and `cancelRequested` are only read and written under `lock`.
    private let lock = Lock()
    private var answer: MockResponse?
    private var cancel: (@Sendable () -> Void)?
    /// A cancel asked for before the forwarder handed over its cancel function.
    private var cancelRequested = false
    /// Whether the answer comes from a ``RequestForwarder`` (and the exchange is journaled when sent).
    let isForwarding: Bool

    init(forwarding: Bool = false) {
        isForwarding = forwarding
    }

    func fulfil(_ answer: MockResponse) {
        lock.lock()
        defer { lock.unlock() }
        self.answer = answer
        cancel = nil
    }

    /// The answer, or nil when the connection was resumed before the work finished (the server is stopping).
    func take() -> MockResponse? {
        lock.lock()
        defer { lock.unlock() }
        defer { answer = nil }
        return answer
    }

    /// Keeps the function that cancels the forwarded exchange, unless it has already answered.
    /// Keeps the function that cancels the forwarded exchange, unless it has already answered;
    /// calls it at once when a cancel was asked for before.
    func setCancel(_ cancel: @escaping @Sendable () -> Void) {
        lock.lock()
        let cancelNow = answer == nil && cancelRequested
        if answer == nil, !cancelNow { self.cancel = cancel }
        lock.unlock()
        if cancelNow { cancel() }
    }

    /// Cancels the forwarded exchange if it is still running (or, when its cancel function is
    /// not known yet, as soon as it is).
    func cancelForwarding() {
        lock.lock()
        let cancel = self.cancel
        self.cancel = nil
        cancelRequested = cancel == nil && answer == nil
        lock.unlock()
        cancel?()
    }
}
