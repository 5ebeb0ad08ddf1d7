import CMicroHTTPD
import MockTLS
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The PEM certificate and key handed to libmicrohttpd for HTTPS, as C strings that stay valid
/// until the daemon has stopped (MHD keeps the pointers it is given).
final class MHDTLSCredentials {
    let certificate: UnsafeMutablePointer<CChar>
    let key: UnsafeMutablePointer<CChar>
    /// The GnuTLS priority string: TLS 1.2 and 1.3 only, as App Transport Security and current
    /// browsers require; GnuTLS's default would also accept TLS 1.0 and 1.1.
    let priorities: UnsafeMutablePointer<CChar>

    /// ``priorities`` as text.
    static let priorityString = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"

    init(_ identity: TLSIdentity) {
        certificate = strdup(identity.certificatePEM)
        key = strdup(identity.privateKeyPEM)
        priorities = strdup(Self.priorityString)
    }

    deinit {
        // Overwrite the key before freeing it, so it does not linger in freed memory.
        memset(key, 0, strlen(key))
        free(key)
        free(certificate)
        free(priorities)
    }

    /// Whether this libmicrohttpd was built with TLS (Debian's is, through GnuTLS).
    ///
    /// Maps to `MHD_is_feature_supported(MHD_FEATURE_TLS)`.
    static var isSupported: Bool {
        MHD_is_feature_supported(.FEATURE_TLS) == .YES
    }
}
