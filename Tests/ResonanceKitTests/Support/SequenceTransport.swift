import Foundation
import ResonanceKit
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RecordingTransport {
    /// Answers the n-th request with `replies[n]`, repeating the last reply after that.
    /// A reply is a status with headers and body, or a transport error.
    static func sequence(_ replies: [Result<Reply, URLError>]) -> RecordingTransport {
        let counter = LockedCounter()
        return RecordingTransport { _ in
            let index = min(counter.value, replies.count - 1)
            counter.increment()
            return try replies[index].get()
        }
    }
}

extension Result where Success == RecordingTransport.Reply, Failure == URLError {
    static func status(_ status: Int, headers: [String: String] = ["Content-Type": "application/json"], body: String = "{}") -> Self {
        .success(.init(status: status, headers: headers, body: Data(body.utf8)))
    }
}
