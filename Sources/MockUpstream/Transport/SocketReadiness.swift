#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place an exchange waits: for a socket to become readable or writable, until the
/// exchange's deadline, noticing cancellation within 50 ms.
enum SocketReadiness {
    static let readable = Int16(POLLIN)
    static let writable = Int16(POLLOUT)

    /// Maps to `poll(2)` in slices of at most 50 ms.
    static func wait(
        _ descriptor: Int32,
        for events: Int16,
        until deadline: ContinuousClock.Instant,
        call: UpstreamCall,
        during phase: String
    ) throws(TransportFailure) {
        while true {
            if call.isCancelled { throw .cancelled }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw .timedOut(phase) }
            let components = remaining.components
            let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 + 1
            var descriptorState = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&descriptorState, 1, Int32(min(milliseconds, 50)))
            // Errors and hang-ups count as ready: the next read or write reports them.
            if ready > 0 { return }
            if ready < 0, errno != EINTR {
                throw .closed("poll failed: \(String(cString: strerror(errno)))", receivedAnything: true)
            }
        }
    }
}
