import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The exchange that answered an attempt, after the redirects it led to.
struct Hop: Sendable {
    /// The request that got the answer: the attempt's own, or where its redirects led.
    var request: URLRequest
    var exchange: TransportResponse
    var redirectCount: Int
    /// From this hop's start to its response head, when the transport saw it.
    var timeToFirstByte: Duration?
}
