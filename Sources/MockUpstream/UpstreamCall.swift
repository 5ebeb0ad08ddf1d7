import MockFixtures
/// A forward in progress, which can be cancelled.
///
/// ```swift
/// let call = client.start(request) { result in … }
/// call.cancel()   // the completion runs soon with UpstreamError.Kind.cancelled
/// ```
public final class UpstreamCall: Sendable {
    private let cancelled = LockedState(false)

    public init() {}

    /// Stops the transfer at its next wait for the socket (each wait polls in slices of at most
    /// 50 ms); its completion then reports ``UpstreamError/Kind/cancelled``, also when the answer
    /// had been read meanwhile.
    public func cancel() {
        cancelled.withLock { $0 = true }
    }

    public var isCancelled: Bool {
        cancelled.withLock { $0 }
    }
}
