import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MHDConnection {
    /// Ends the TCP connection with a reset (RST) that the client sees before anything else;
    /// the access handler then returns false so that libmicrohttpd drops the connection.
    ///
    /// `SO_LINGER {1, 0}` alone is not enough: libmicrohttpd shuts the socket down for writing
    /// (a FIN) before it closes it (`MHD_connection_mark_closed_`), so the RST would come second and
    /// clients would read the FIN as an empty reply (curl exit 52, not 56). On Linux,
    /// `connect` with `AF_UNSPEC` disconnects a TCP socket at once with an RST (`tcp_disconnect`);
    /// libmicrohttpd's later `shutdown` and `close` then act on an unconnected socket. Where that
    /// call is refused (Darwin answers `EISCONN`), the linger setting still turns the final close
    /// into an RST, after the FIN.
    ///
    /// Maps to ``socketDescriptor``, `setsockopt(fd, SOL_SOCKET, SO_LINGER, {1, 0})` and
    /// `connect(fd, {AF_UNSPEC}, …)`.
    func resetTCPConnection() {
        let socket = socketDescriptor
        guard socket >= 0 else { return }
        var linger = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        var unspecified = sockaddr()
        unspecified.sa_family = sa_family_t(AF_UNSPEC)
        _ = connect(socket, &unspecified, socklen_t(MemoryLayout<sockaddr>.size))
    }
}
