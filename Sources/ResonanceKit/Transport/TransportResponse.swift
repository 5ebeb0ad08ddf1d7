import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One exchange as a transport saw it: the response, and when its first byte arrived if the
/// transport can observe that (``HTTPTransport/send(_:)`` hands over only whole responses).
package struct TransportResponse: Sendable {
    package var body: Data
    package var head: HTTPURLResponse
    /// When the response head arrived; `nil` when the transport cannot tell.
    package var firstByteAt: ContinuousClock.Instant?

    package init(body: Data, head: HTTPURLResponse, firstByteAt: ContinuousClock.Instant? = nil) {
        self.body = body
        self.head = head
        self.firstByteAt = firstByteAt
    }
}
