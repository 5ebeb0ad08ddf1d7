import CMicroHTTPD

/// The `MHD_FLAG` bits passed to `MHD_start_daemon`.
struct MHDDaemonFlags: OptionSet, Sendable {
    let rawValue: UInt32

    /// `MHD_USE_AUTO_INTERNAL_THREAD`: MHD runs its own polling threads with the best poller available.
    static let internalThreads = MHDDaemonFlags(rawValue: MHD_USE_AUTO_INTERNAL_THREAD.rawValue)
    /// `MHD_ALLOW_SUSPEND_RESUME`: enables `MHD_suspend_connection` for delayed answers.
    static let suspendResume = MHDDaemonFlags(rawValue: MHD_ALLOW_SUSPEND_RESUME.rawValue)
    /// `MHD_USE_ERROR_LOG`: send MHD's diagnostics to the external logger.
    static let errorLog = MHDDaemonFlags(rawValue: MHD_USE_ERROR_LOG.rawValue)
    /// `MHD_USE_IPv6`: the bind address is a `sockaddr_in6`.
    static let ipv6 = MHDDaemonFlags(rawValue: MHD_USE_IPv6.rawValue)
    /// `MHD_USE_DUAL_STACK`: an IPv6 socket that also accepts IPv4 (clears `IPV6_V6ONLY`).
    static let dualStack = MHDDaemonFlags(rawValue: MHD_USE_DUAL_STACK.rawValue)
    /// `MHD_USE_TLS`: HTTPS, with the certificate and key given by ``MHDDaemonOptions/tls(_:)``.
    static let tls = MHDDaemonFlags(rawValue: MHD_USE_TLS.rawValue)
}
