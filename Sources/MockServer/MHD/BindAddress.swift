#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket address the daemon binds, built from a host literal or name and a port.
enum BindAddress: Sendable {
    case ipv4(sockaddr_in)
    case ipv6(sockaddr_in6)

    /// Resolves `host`: an IPv4 or IPv6 literal (brackets allowed), or a name looked up with
    /// `getaddrinfo` (IPv4 preferred, so `localhost` becomes `127.0.0.1`). Nil when nothing matches.
    static func resolve(host: String, port: UInt16) -> BindAddress? {
        var literal = host
        if literal.hasPrefix("["), literal.hasSuffix("]") {
            literal = String(literal.dropFirst().dropLast())
        }
        var ipv4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = port.bigEndian
            return .ipv4(ipv4)
        }
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET6, literal, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = port.bigEndian
            return .ipv6(ipv6)
        }
        guard !literal.isEmpty, !literal.contains(where: { $0 == "/" || $0 == " " || $0 == "[" || $0 == "]" }) else {
            return nil
        }
        return lookUp(name: literal, port: port)
    }

    private static func lookUp(name: String, port: UInt16) -> BindAddress? {
        var hints = addrinfo.streamHints
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &results) == 0, let first = results else { return nil }
        defer { freeaddrinfo(first) }
        var fallback: BindAddress?
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor, let address = info.pointee.ai_addr {
            if info.pointee.ai_family == AF_INET {
                var ipv4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
                ipv4.sin_port = port.bigEndian
                return .ipv4(ipv4)
            }
            if info.pointee.ai_family == AF_INET6, fallback == nil {
                var ipv6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
                ipv6.sin6_port = port.bigEndian
                fallback = .ipv6(ipv6)
            }
            cursor = info.pointee.ai_next
        }
        return fallback
    }

    var isIPv6: Bool {
        if case .ipv6 = self { return true }
        return false
    }

    /// Whether this is the IPv6 wildcard `::`, which should take IPv4 connections too.
    var isIPv6Wildcard: Bool {
        guard case .ipv6(let address) = self else { return false }
        return withUnsafeBytes(of: address.sin6_addr) { bytes in bytes.allSatisfy { $0 == 0 } }
    }

    /// The numeric address, e.g. `127.0.0.1` or `::1` (no brackets).
    var numericHost: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch self {
        case .ipv4(var address):
            _ = inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count))
        case .ipv6(var address):
            _ = inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count))
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The host as it appears in a URL authority: IPv6 in brackets, with its zone when it has one
    /// (`[fe80::1%25eth0]`, RFC 6874), so the printed URL can be used as it is.
    ///
    /// Maps to `if_indextoname` for the zone.
    var urlHost: String {
        guard case .ipv6(let address) = self else { return numericHost }
        guard address.sin6_scope_id != 0 else { return "[\(numericHost)]" }
        var name = [CChar](repeating: 0, count: Int(IF_NAMESIZE) + 1)
        let zone = if_indextoname(address.sin6_scope_id, &name) != nil
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : String(address.sin6_scope_id)
        return "[\(numericHost)%25\(zone)]"
    }

    /// Why no server can listen here although the address is well formed: a multicast or
    /// broadcast address receives datagrams for groups, never TCP connections. Nil otherwise.
    var notUnicastReason: String? {
        switch self {
        case .ipv4(let address):
            let bytes = withUnsafeBytes(of: address.sin_addr) { Array($0) }
            if (224...239).contains(bytes[0]) { return "a multicast address" }
            if bytes == [255, 255, 255, 255] { return "the broadcast address" }
            return nil
        case .ipv6(let address):
            return withUnsafeBytes(of: address.sin6_addr) { $0[0] } == 0xFF ? "a multicast address" : nil
        }
    }

    /// The same address on another port (the HTTPS listener of `httpsPort`); `sin_port` and
    /// `sin6_port` hold it in network byte order.
    func withPort(_ port: UInt16) -> BindAddress {
        switch self {
        case .ipv4(var address):
            address.sin_port = port.bigEndian
            return .ipv4(address)
        case .ipv6(var address):
            address.sin6_port = port.bigEndian
            return .ipv6(address)
        }
    }

    /// A heap copy of the `sockaddr` for MHD, which reads it during `MHD_start_daemon`.
    /// The caller deallocates it after the daemon has stopped.
    func allocateSockaddr() -> UnsafeMutableRawPointer {
        switch self {
        case .ipv4(let address):
            let storage = UnsafeMutablePointer<sockaddr_in>.allocate(capacity: 1)
            storage.initialize(to: address)
            return UnsafeMutableRawPointer(storage)
        case .ipv6(let address):
            let storage = UnsafeMutablePointer<sockaddr_in6>.allocate(capacity: 1)
            storage.initialize(to: address)
            return UnsafeMutableRawPointer(storage)
        }
    }

    /// Why binding this address fails right now, as `errno`; 0 when a bind succeeds.
    ///
    /// Used only after MHD refused to start, to turn its failure into a precise sentence. The
    /// probe socket uses `SO_REUSEADDR` like MHD does, so it fails for the same reasons.
    func bindFailureErrno() -> Int32 {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let family = isIPv6 ? AF_INET6 : AF_INET
        let probe = socket(family, stream, 0)
        guard probe >= 0 else { return errno }
        defer { close(probe) }
        var reuse: Int32 = 1
        _ = setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let result: Int32
        switch self {
        case .ipv4(var address):
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6(var address):
            var only: Int32 = 1
            _ = setsockopt(probe, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        return result == 0 ? 0 : errno
    }
}
