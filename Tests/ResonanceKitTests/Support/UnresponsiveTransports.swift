import Foundation
import ResonanceKit
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that never answers and never notices cancellation: each request waits on a
/// continuation that only ``release()`` resumes. Tests call `release()` once they have checked
/// what they wanted, so nothing is left suspended after the test.
final class NeverAnsweringTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `waiting` and `isReleased` are only read and written under `lock`, and each
    // continuation is removed from `waiting` under it before being resumed, so once.
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isReleased = false

    /// Opened when a request reaches the transport.
    let arrived = Latch()
    /// Opened when a `send` returns, which happens only after ``release()``.
    let ended = Latch()

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        arrived.open()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = lock.withLock { () -> Bool in
                if isReleased { return true }
                waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
        ended.open()
        throw URLError(.cancelled)
    }

    /// Lets every held request (and every later one) return.
    func release() {
        let woken = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            isReleased = true
            defer { waiting.removeAll() }
            return waiting
        }
        for continuation in woken {
            continuation.resume()
        }
    }
}

/// A transport that ignores cancellation: it answers 200 only when the test opens ``gate`` (or
/// its hang guard passes), whatever happened to the calling task meanwhile.
struct CancellationIgnoringTransport: HTTPTransport {
    /// Opened when a request reaches the transport.
    let arrived = Latch()
    /// Opened by the test to let the held requests answer.
    let gate = Latch()
    /// Opened just before `send` returns its (late) answer.
    let answered = Latch()
    /// How long `send` waits for the gate before answering anyway.
    var hangGuardSeconds: Double = 10

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        arrived.open()
        _ = await gate.wait(within: hangGuardSeconds)   // not cancellable: that is the point
        answered.open()
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "application/json"])!
        return (Data(#"{"code":"late","message":"too late"}"#.utf8), response)
    }
}
