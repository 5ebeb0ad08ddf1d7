import Foundation
import NIOCore
import NIOPosix

/// A loopback server that answers every request with the same raw bytes, or closes the connection
/// without answering: for responses mockserver will not send (a header twice, a gzip body, a
/// connection dropped mid-exchange). Real sockets, so both transports are exercised end to end.
final class CannedHTTPServer: Sendable {
    enum Reply: Sendable {
        /// Writes these bytes after the request head and closes the connection.
        case raw([UInt8])
        /// Closes the connection as soon as the request head has arrived.
        case close
    }

    private let channel: any Channel
    let url: URL

    init(_ reply: Reply) async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(CannedReplyHandler(reply: reply))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        self.channel = channel
        self.url = URL(string: "http://127.0.0.1:\(channel.localAddress?.port ?? 0)")!
    }

    func stop() async {
        try? await channel.close()
    }

    /// A whole response: status line, the given header lines, `Content-Length`, `Connection: close`.
    static func response(status: String = "200 OK", headers: [String], body: [UInt8]) -> Reply {
        var head = "HTTP/1.1 \(status)\r\n"
        for header in headers { head += header + "\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return .raw(Array(head.utf8) + body)
    }
}

/// Waits for the end of the request head, then replies and closes.
private final class CannedReplyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let reply: CannedHTTPServer.Reply
    private var received: [UInt8] = []
    private var replied = false

    init(reply: CannedHTTPServer.Reply) {
        self.reply = reply
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        received += buffer.readBytes(length: buffer.readableBytes) ?? []
        guard !replied, received.count >= 4, containsHeadEnd() else { return }
        replied = true
        switch reply {
        case .raw(let bytes):
            // Closing the channel (not the context) keeps the callback free of the non-Sendable context.
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(bytes: bytes))).whenComplete { _ in
                channel.close(promise: nil)
            }
        case .close:
            context.close(promise: nil)
        }
    }

    private func containsHeadEnd() -> Bool {
        let end: [UInt8] = [13, 10, 13, 10]
        return (0...(received.count - 4)).contains { received[$0..<($0 + 4)].elementsEqual(end) }
    }
}
