import CMicroHTTPD

/// Carries MHD's diagnostics (`MHD_OPTION_EXTERNAL_LOGGER`) to Swift: owns the C
/// `cmhd_log_sink` the shim formats into and forwards each line to `handler`.
final class MHDLogRelay: @unchecked Sendable {
    // @unchecked: `sink` is written in init only, then read by MHD's logger; release() frees it
    // once, after the daemon that logs into it has stopped.
    private let handler: @Sendable (String) -> Void
    /// The sink given to MHD; valid until ``release()``.
    let sink: UnsafeMutablePointer<cmhd_log_sink>

    init(handler: @escaping @Sendable (String) -> Void) {
        self.handler = handler
        sink = UnsafeMutablePointer<cmhd_log_sink>.allocate(capacity: 1)
        sink.initialize(to: cmhd_log_sink(callback: mhdLogLine, context: nil))
        sink.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    func receive(_ line: String) {
        // A close the responder planned (a fault fixture) is its answer, not an error.
        guard !MHDPlannedClose.take() else { return }
        handler(line)
    }

    /// Frees the sink; call only after the daemon that logs into it has stopped.
    func release() {
        sink.deinitialize(count: 1)
        sink.deallocate()
    }
}
