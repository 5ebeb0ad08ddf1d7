import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client that opens a connection, starts a request head and then only trickles it, byte by
/// byte (a slowloris), never finishing it.
final class TricklingClient: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port` and sends the start of a head (no blank line).
    init(port: Int) throws {
        descriptor = try Self.openConnection(port: port)
        try write("GET /api/people HTTP/1.1\r\nHost: test\r\nX-Slow: ")
    }

    /// A connected socket; on failure it closes what it opened, and `descriptor` is never set, so
    /// `deinit` (which runs when an init throws after setting every property) cannot close the
    /// number a second time, when another thread may already have been given it.
    private static func openConnection(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect failed: \(reason)")
        }
        return descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Sends one more byte of the endless header value.
    func trickle() throws {
        try write("a")
    }

    private func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
    }

    /// Whether the server has closed the connection: waits up to `milliseconds` for end of
    /// stream or a reset; false when the connection is still open then.
    func closedByServer(waitingUpTo milliseconds: Int32) -> Bool {
        var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptorSet, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }
}

/// Raises this process's soft open-file limit to at least `needed`; false when the hard limit
/// does not allow it.
func raiseOpenFileLimit(to needed: rlim_t) -> Bool {
    var limit = rlimit()
    #if canImport(Glibc)
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return false }
    if limit.rlim_cur >= needed { return true }
    guard limit.rlim_max >= needed else { return false }
    limit.rlim_cur = needed
    return setrlimit(resource, &limit) == 0
}
