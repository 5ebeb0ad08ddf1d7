import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deliberately dumb HTTP/1.1 client over one TCP connection: sends bytes exactly as given
/// (targets URLSession would normalise, bodies of any size) and reads answers one by one, so
/// tests can see connection reuse and closing.
package final class RawHTTPClient: @unchecked Sendable {
    // @unchecked: `buffer` is mutable and unguarded, but a client has one user at a time: the
    // test's task, or the thread it hands the client to with `onOwnThread` while it awaits that
    // thread's result (and the thread's end happens before the task resumes).
    package struct Answer: Sendable {
        package let statusLine: String
        package let status: Int
        package let headers: [(name: String, value: String)]
        package let body: [UInt8]

        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to `host` (a numeric address) and `port`; every read gives up after `timeout`.
    package init(host: String = "127.0.0.1", port: Int, timeout: TimeInterval = 5) throws {
        descriptor = try Self.openConnection(host: host, port: port, timeout: timeout)
    }

    /// A connected socket. On failure it closes what it opened before throwing, and `descriptor`
    /// is never set: a class whose init throws after setting every property still runs `deinit`,
    /// which would close the number a second time, when another thread (a server's worker) may
    /// already have been given it.
    private static func openConnection(host: String, port: Int, timeout: TimeInterval) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &results) == 0, let info = results else {
            throw Failure(description: "cannot parse address \(host)")
        }
        defer { freeaddrinfo(info) }
        let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: \(errno)") }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: .init((timeout - timeout.rounded(.down)) * 1_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "connect to \(host):\(port) failed: \(String(cString: strerror(code)))")
        }
        return descriptor
    }

    deinit {
        close(descriptor)
    }

    package func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    package func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// Sends a GET (or another body-less method) for `target`, exactly as written.
    package func request(_ method: String = "GET", _ target: String, headers: [String] = []) throws -> Answer {
        let extra = headers.map { "\($0)\r\n" }.joined()
        try write("\(method) \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n")
        return try readAnswer(bodyExpected: method != "HEAD")
    }

    /// Reads one answer; for HEAD (`bodyExpected == false`) the Content-Length is not read as body.
    package func readAnswer(bodyExpected: Bool = true) throws -> Answer {
        let headerEnd = try fill(until: { Self.find(Array("\r\n\r\n".utf8), in: $0) })
        let head = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "not an HTTP status line: \(statusLine)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body: [UInt8] = []
        let lengthHeader = headers.first { $0.name.lowercased() == "content-length" }?.value
        if bodyExpected, let length = lengthHeader.flatMap({ Int($0) }), length > 0 {
            _ = try fill(until: { $0.count >= length ? length : nil })
            body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        }
        return Answer(statusLine: statusLine, status: status, headers: headers, body: body)
    }

    /// Waits until the server closes the connection; true on EOF or reset, false when data
    /// arrives instead or nothing happens within the read timeout.
    package func waitForClose() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, 0)
        if count == 0 { return true }
        if count < 0 { return errno == ECONNRESET }
        return false
    }

    /// How the server ended the connection, after the bytes it sent before.
    package struct Ending: Sendable {
        /// Everything received after the last answer read, headers included.
        package let bytes: [UInt8]
        /// True for a TCP reset (`ECONNRESET`), false for a normal end of stream (FIN).
        package let reset: Bool
    }

    /// Reads until the server closes the connection; throws when the read timeout passes first.
    package func readUntilClosed() throws -> Ending {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                continue
            }
            let code = errno
            defer { buffer.removeAll() }
            if count == 0 { return Ending(bytes: buffer, reset: false) }
            if code == ECONNRESET { return Ending(bytes: buffer, reset: true) }
            throw Failure(description: "recv failed after \(buffer.count) bytes: \(String(cString: strerror(code)))")
        }
    }

    private func fill(until done: ([UInt8]) -> Int?) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let result = done(buffer) { return result }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { throw Failure(description: "connection closed by the server after \(buffer.count) bytes") }
            if count < 0 { throw Failure(description: "recv failed: \(String(cString: strerror(errno)))") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
