import CMicroHTTPD

/// A running libmicrohttpd daemon with its own listening socket and worker threads.
final class MHDDaemon: @unchecked Sendable {
    // @unchecked: the handle is only used for MHD_get_daemon_info, which MHD allows from any
    // thread, and MHD_stop_daemon, which MockHTTPServer calls once under its own lock.
    private let pointer: OpaquePointer
    /// What MHD's callbacks receive as their closure; kept alive as long as the daemon.
    private let callbackContext: MHDCallbackContext

    private init(pointer: OpaquePointer, callbackContext: MHDCallbackContext) {
        self.pointer = pointer
        self.callbackContext = callbackContext
    }

    /// Starts listening and answers through `responder` (and `watchdog`, when given); nil when
    /// MHD refuses (it reports why through the external logger).
    ///
    /// Maps to `MHD_start_daemon(flags, port, NULL, NULL, handler, context, MHD_OPTION_ARRAY, options, MHD_OPTION_END)`
    /// through the `cmhd_start_daemon` shim, because Swift cannot call the variadic original.
    /// `port` only labels MHD's own messages; the socket is bound to the address in `options`.
    static func start(
        flags: MHDDaemonFlags,
        port: UInt16,
        options: MHDDaemonOptions,
        responder: some MHDResponder,
        watchdog: RequestHeadWatchdog?
    ) -> MHDDaemon? {
        let callbackContext = MHDCallbackContext(responder: responder, watchdog: watchdog)
        let context = Unmanaged.passUnretained(callbackContext).toOpaque()
        var options = options
        options.callbacks(context: context, watchConnections: watchdog != nil)
        var items = options.items
        items.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        let started = items.withUnsafeMutableBufferPointer { buffer in
            cmhd_start_daemon(flags.rawValue, port, mhdAccessHandler, context, buffer.baseAddress)
        }
        return started.map { MHDDaemon(pointer: $0, callbackContext: callbackContext) }
    }

    /// The version of the libmicrohttpd loaded, e.g. `0.9.75`.
    ///
    /// Maps to `MHD_get_version`.
    static var libraryVersion: String {
        MHD_get_version().map { String(cString: $0) } ?? "unknown"
    }

    /// The port the listening socket is bound to, which differs from the requested one for port 0.
    ///
    /// Maps to `MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT)` through `cmhd_bound_port`.
    var boundPort: UInt16 {
        cmhd_bound_port(pointer)
    }

    /// Closes the listening socket and every connection, then joins the worker threads.
    /// No connection may be suspended when this is called.
    ///
    /// Maps to `MHD_stop_daemon`.
    func stop() {
        MHD_stop_daemon(pointer)
    }
}
