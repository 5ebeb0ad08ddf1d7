#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension addrinfo {
    /// `getaddrinfo` hints for TCP over IPv4 or IPv6, as both binding and the health probe want.
    static var streamHints: addrinfo {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        return hints
    }
}
