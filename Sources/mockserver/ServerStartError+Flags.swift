import MockServer

extension ServerStartError {
    /// The same sentence, prefixed with the command-line flag it is about.
    var flagDescription: String {
        switch self {
        case .portInUse, .permissionDenied, .invalidPort: return "--port: \(self)"
        case .invalidHost, .addressNotAvailable, .addressNotBindable: return "--host: \(self)"
        case .invalidMaxBodyBytes: return "--max-body: \(self)"
        case .invalidIdleTimeout: return "--idle-timeout: \(self)"
        case .invalidHeadTimeout: return "--head-timeout: \(self)"
        case .invalidMaxConnections: return "--max-connections: \(self)"
        case .invalidThreadPoolSize: return "--threads: \(self)"
        case .invalidHTTPSPort, .httpsPortWithoutTLS, .httpsPortSameAsPort, .httpsListenerFailed: return "--https-port: \(self)"
        case .daemonFailed: return description
        }
    }
}
