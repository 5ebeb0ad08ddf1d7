#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-shot HTTP/1.1 GET over a blocking socket with one overall deadline; just enough for
/// the health probe (no TLS, no redirects, `Connection: close`).
enum BlockingHTTPExchange {
    struct Answer {
        let status: Int
        let body: [UInt8]
    }

    struct Failure: Error {
        let reason: String
    }

    static func get(host: String, port: Int, path: String, timeout: Duration) throws(Failure) -> Answer {
        let deadline = ContinuousClock.now + timeout
        let socket = try openConnection(host: host, port: port, deadline: deadline)
        defer { close(socket) }
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\nAccept: application/json\r\n\r\n".utf8)
        try sendAll(request, on: socket, deadline: deadline)
        let response = try receiveAll(on: socket, deadline: deadline)
        return try parse(response)
    }

    private static func openConnection(host: String, port: Int, deadline: ContinuousClock.Instant) throws(Failure) -> Int32 {
        var hints = addrinfo.streamHints
        var results: UnsafeMutablePointer<addrinfo>?
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(literal, String(port), &hints, &results) == 0, let first = results else {
            throw Failure(reason: "cannot resolve host '\(host)'")
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address to connect to"
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let candidate = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard candidate >= 0 else { continue }
            let flags = fcntl(candidate, F_GETFL)
            _ = fcntl(candidate, F_SETFL, flags | O_NONBLOCK)
            if connect(candidate, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                if waitUntil(candidate, ready: Int16(POLLOUT), deadline: deadline) {
                    var socketError: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    _ = getsockopt(candidate, SOL_SOCKET, SO_ERROR, &socketError, &length)
                    if socketError == 0 {
                        return candidate
                    }
                    lastError = "connection failed: \(String(cString: strerror(socketError)))"
                } else {
                    lastError = "no connection within the timeout"
                }
            } else {
                lastError = "connection failed: \(String(cString: strerror(errno)))"
            }
            close(candidate)
        }
        throw Failure(reason: lastError)
    }

    private static func sendAll(_ bytes: [UInt8], on socket: Int32, deadline: ContinuousClock.Instant) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            guard waitUntil(socket, ready: Int16(POLLOUT), deadline: deadline) else {
                throw Failure(reason: "could not send the request within the timeout")
            }
            let written = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw Failure(reason: "sending failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    private static func receiveAll(on socket: Int32, deadline: ContinuousClock.Instant) throws(Failure) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            guard waitUntil(socket, ready: Int16(POLLIN), deadline: deadline) else {
                throw Failure(reason: "no complete answer within the timeout")
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw Failure(reason: "reading the answer failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return received }
            received.append(contentsOf: chunk[0..<count])
            if received.count > 1024 * 1024 {
                throw Failure(reason: "the answer is larger than 1 MiB, which no health endpoint sends")
            }
        }
    }

    private static func parse(_ response: [UInt8]) throws(Failure) -> Answer {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headerEnd = firstRange(of: separator, in: response) else {
            // An HTTPS server closes a plain-HTTP connection at once, without a byte.
            throw Failure(reason: response.isEmpty
                ? "the server closed the connection without answering; if it serves HTTPS (--tls-cert), use an https:// URL"
                : "the answer is not HTTP (no end of headers)")
        }
        let head = String(decoding: response[0..<headerEnd], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw Failure(reason: "the answer is not HTTP (status line '\(statusLine)')")
        }
        return Answer(status: status, body: Array(response[(headerEnd + separator.count)...]))
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func waitUntil(_ socket: Int32, ready events: Int16, deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let result = poll(&descriptor, 1, milliseconds)
            if result > 0 { return true }
            if result < 0, errno == EINTR { continue }
            if result == 0 { continue }
            return false
        }
    }
}
