import CMicroHTTPD

/// The `MHD_OPTION_*` items passed to `MHD_start_daemon` as one `MHD_OPTION_ARRAY`.
///
/// Every pointer stored here must stay valid until the daemon has stopped.
struct MHDDaemonOptions {
    private(set) var items: [MHD_OptionItem] = []

    /// `MHD_OPTION_EXTERNAL_LOGGER`, formatted by the shim's `cmhd_format_log_message`.
    /// MHD wants it first so that start-up messages already go through it.
    mutating func logger(_ sink: UnsafeMutablePointer<cmhd_log_sink>) {
        items.insert(cmhd_external_logger_option(sink), at: 0)
    }

    /// `MHD_OPTION_SOCK_ADDR`: bind exactly this `sockaddr_in` / `sockaddr_in6`.
    mutating func bind(to address: UnsafeMutableRawPointer) {
        items.append(MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: address))
    }

    /// `MHD_OPTION_THREAD_POOL_SIZE`: worker threads sharing the listening socket.
    mutating func threadPoolSize(_ count: Int) {
        items.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: count, ptr_value: nil))
    }

    /// `MHD_OPTION_CONNECTION_TIMEOUT`: seconds of inactivity before MHD closes a connection (0 = never).
    mutating func connectionTimeout(seconds: Int) {
        items.append(MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: seconds, ptr_value: nil))
    }

    /// `MHD_OPTION_CONNECTION_LIMIT`: connections served at once; further ones wait in the
    /// listen backlog until one closes.
    mutating func connectionLimit(_ count: Int) {
        items.append(MHD_OptionItem(option: .CONNECTION_LIMIT, value: count, ptr_value: nil))
    }

    /// `MHD_OPTION_CONNECTION_MEMORY_LIMIT`: bytes of each connection's memory pool, which holds
    /// the request head (so it bounds the head's size) and the answer's header block, and which
    /// MHD zeroes after every request.
    mutating func connectionMemoryLimit(bytes: Int) {
        items.append(MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: bytes, ptr_value: nil))
    }

    /// `MHD_OPTION_URI_LOG_CALLBACK` with `mhdRequestStarted`, and `MHD_OPTION_NOTIFY_COMPLETED`
    /// with `mhdRequestCompleted`, both given `context`; `MHD_OPTION_NOTIFY_CONNECTION` with
    /// `mhdConnectionNotified` too when `watchConnections`.
    mutating func callbacks(context: UnsafeMutableRawPointer, watchConnections: Bool) {
        items.append(cmhd_uri_log_option(mhdRequestStarted, context))
        items.append(cmhd_notify_completed_option(mhdRequestCompleted, context))
        if watchConnections {
            items.append(cmhd_notify_connection_option(mhdConnectionNotified, context))
        }
    }

    /// `MHD_OPTION_HTTPS_MEM_CERT`, `MHD_OPTION_HTTPS_MEM_KEY` and `MHD_OPTION_HTTPS_PRIORITIES`:
    /// the PEM certificate chain, the key and the protocol versions for ``MHDDaemonFlags/tls``.
    mutating func tls(_ credentials: MHDTLSCredentials) {
        items.append(MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: UnsafeMutableRawPointer(credentials.certificate)))
        items.append(MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: UnsafeMutableRawPointer(credentials.key)))
        items.append(MHD_OptionItem(option: .HTTPS_PRIORITIES, value: 0, ptr_value: UnsafeMutableRawPointer(credentials.priorities)))
    }
}
