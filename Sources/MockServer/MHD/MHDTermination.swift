import CMicroHTTPD

/// Why MHD ended a request (`enum MHD_RequestTerminationCode`), in words for the request log.
enum MHDTermination: Sendable, Equatable {
    case completed
    case failed(String)

    init(_ code: MHD_RequestTerminationCode) {
        switch code {
        case .REQUEST_TERMINATED_COMPLETED_OK: self = .completed
        case .REQUEST_TERMINATED_WITH_ERROR: self = .failed("connection error")
        case .REQUEST_TERMINATED_TIMEOUT_REACHED: self = .failed("idle timeout reached")
        case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: self = .failed("server shutting down")
        case .REQUEST_TERMINATED_READ_ERROR: self = .failed("client closed the connection")
        case .REQUEST_TERMINATED_CLIENT_ABORT: self = .failed("client aborted")
        default: self = .failed("terminated (MHD code \(code.rawValue))")
        }
    }
}
