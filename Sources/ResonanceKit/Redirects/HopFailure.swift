import Foundation

/// A failed hop: the transport's error and the URL it was sending to.
struct HopFailure: Error {
    var underlying: any Error
    var url: URL?
}
