#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as its 4 or 16 network-order bytes.
///
/// ```swift
/// IPAddress("::1")?.bytes.count        // 16
/// IPAddress("127.0.0.1")?.description  // "127.0.0.1"
/// IPAddress("localhost")               // nil: a name, not an address
/// ```
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// Parses an IPv4 or IPv6 literal (brackets around IPv6 are accepted); nil for anything else.
    ///
    /// Maps to `inet_pton(AF_INET, …)`, then `inet_pton(AF_INET6, …)`.
    public init?(_ text: String) {
        let literal = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var v4 = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, literal, &v4) == 1 {
            bytes = v4
            return
        }
        var v6 = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET6, literal, &v6) == 1 {
            bytes = v6
            return
        }
        return nil
    }

    /// Wraps 4 or 16 raw bytes; nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    public var isIPv6: Bool { bytes.count == 16 }

    /// 127.0.0.0/8, `::1`, or an IPv4-mapped loopback address (`::ffff:127.0.0.1`).
    public var isLoopback: Bool {
        if bytes.count == 4 { return bytes[0] == 127 }
        let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        if Array(bytes.prefix(12)) == mappedPrefix { return bytes[12] == 127 }
        return bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// The canonical text form. Maps to `inet_ntop`.
    public var description: String {
        var text = [CChar](repeating: 0, count: 64)
        let family = isIPv6 ? AF_INET6 : AF_INET
        guard inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
