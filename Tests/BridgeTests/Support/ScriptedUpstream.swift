import Foundation

/// A tiny HTTP/1.1 server on 127.0.0.1 that answers with bytes a test scripts, for what a fixture
/// server cannot send: compressed, chunked or close-delimited bodies, interim answers, silence.
/// It records every request it receives.
final class ScriptedUpstream: @unchecked Sendable {
    // @unchecked: `received`, `accepted` and `stopped` are only read and written under `lock`;
    // the rest is set in `init` and never changes.
    struct Request: Sendable {
        let method: String
        let target: String
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    enum Reply: Sendable {
        /// Send these bytes; close the connection afterwards when `close` is true.
        case bytes([UInt8], close: Bool)
        /// Never answer (until the server stops).
        case silence
    }

    let port: Int
    private let listener: Int32
    private let respond: @Sendable (Request) -> Reply
    /// Guards the state below; `stop()` broadcasts on it to wake the connections held in silence.
    private let lock = NSCondition()
    private var received: [Request] = []
    private var accepted = 0
    private var stopped = false

    init(_ respond: @escaping @Sendable (Request) -> Reply) throws {
        self.respond = respond
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic -> Bool in
                bind(listener, generic, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw CocoaError(.fileWriteUnknown)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
    }

    var url: String { "http://127.0.0.1:\(port)" }

    var requests: [Request] {
        lock.withLock { received }
    }

    var connectionsAccepted: Int {
        lock.withLock { accepted }
    }

    func stop() {
        let first = lock.withLock { () -> Bool in
            defer {
                stopped = true
                lock.broadcast()
            }
            return !stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }
    }

    private var isStopped: Bool {
        lock.withLock { stopped }
    }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.withLock { accepted += 1 }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer: [UInt8] = []
        while let request = readRequest(connection, &buffer) {
            lock.withLock { received.append(request) }
            switch respond(request) {
            case .bytes(let bytes, let closeAfter):
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if closeAfter { return }
            case .silence:
                // Held, on this connection's own thread, until stop() wakes it.
                lock.withLock {
                    while !stopped { lock.wait() }
                }
                return
            }
        }
    }

    /// One request (head and a Content-Length body); nil when the client closed.
    private func readRequest(_ connection: Int32, _ buffer: inout [UInt8]) -> Request? {
        func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            var state = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            while poll(&state, 1, 50) == 0 { if isStopped { return false } }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.indices.dropLast(3).first { Array(buffer[$0..<($0 + 4)]) == separator }
            if headEnd == nil, !fill() { return nil }
        }
        let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ")
        let headers = head.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        let bodyStart = headEnd! + 4
        while buffer.count < bodyStart + length { if !fill() { return nil } }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    /// A complete response with a Content-Length.
    static func response(_ status: String = "200 OK", headers: [String] = [], body: [UInt8]) -> [UInt8] {
        var head = "HTTP/1.1 \(status)\r\n"
        for header in headers { head += header + "\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }
}
