import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Collects one response for ``AsyncHTTPClientTransport``: its head, when the head arrived, and
/// the body up to a limit. AsyncHTTPClient calls it on the request's event loop; the box makes
/// the state safe to reach from anywhere all the same.
final class ResponseCollector: HTTPClientResponseDelegate {
    struct Collected: Sendable {
        var head: HTTPResponseHead
        var body: ByteBuffer
        var firstByteAt: ContinuousClock.Instant
    }

    private struct State: Sendable {
        var head: HTTPResponseHead?
        var firstByteAt: ContinuousClock.Instant?
        var body = ByteBuffer()
    }

    private let limit: Int
    private let state = NIOLockedValueBox(State())

    init(limit: Int) {
        self.limit = limit
    }

    func didReceiveHead(task: HTTPClient.Task<Collected>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let now = ContinuousClock.now
        state.withLockedValue { state in
            state.head = head
            state.firstByteAt = now
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Collected>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        var part = buffer
        let fits = state.withLockedValue { state in
            guard state.body.readableBytes + part.readableBytes <= limit else { return false }
            state.body.writeBuffer(&part)
            return true
        }
        return fits
            ? task.eventLoop.makeSucceededVoidFuture()
            : task.eventLoop.makeFailedFuture(AsyncHTTPClientTransportError.responseBodyTooLarge(limit: limit))
    }

    func didFinishRequest(task: HTTPClient.Task<Collected>) throws -> Collected {
        try state.withLockedValue { state in
            guard let head = state.head, let firstByteAt = state.firstByteAt else {
                throw HTTPClientError.remoteConnectionClosed
            }
            return Collected(head: head, body: state.body, firstByteAt: firstByteAt)
        }
    }
}
