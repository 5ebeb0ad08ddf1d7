import Foundation
import ResonanceKit
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that holds every request until the test opens ``gate``, then answers it with
/// `reply`; it counts the requests that reached it, so a test acts on requests in flight instead
/// of guessing how long they take to arrive.
final class GatedTransport: HTTPTransport, Sendable {
    /// Requests that reached the transport.
    let arrivals = LockedCounter()
    /// Opened by the test to let every held request (and every later one) through.
    let gate = Latch()
    private let reply: RecordingTransport.Reply

    init(reply: RecordingTransport.Reply) {
        self.reply = reply
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        arrivals.increment()
        // A hang guard: a test that never opens the gate fails instead of waiting forever.
        guard await gate.wait(within: 30) else {
            throw URLError(.timedOut)
        }
        // A request whose task was cancelled while it was held fails as a cancelled one would.
        try Task.checkCancellation()
        let url = request.url ?? URL(string: "http://invalid.test/")!
        guard let response = HTTPURLResponse(url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: reply.headers) else {
            throw URLError(.badServerResponse)
        }
        return (reply.body, response)
    }
}
