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

    init(_ identity: TLSIdentity) {
        certificate = strdup(identity.certificatePEM)
        key = strdup(identity.privateKeyPEM)
    }

    deinit {
        // Overwrite the key before freeing it, so it does not linger in freed memory.
        memset(key, 0, strlen(key))
        free(key)
        free(certificate)
    }

    /// Whether this libmicrohttpd was built with TLS (Debian's is, through GnuTLS).
    ///
    /// Maps to `MHD_is_feature_supported(MHD_FEATURE_TLS)`.
    static var isSupported: Bool {
        MHD_is_feature_supported(.FEATURE_TLS) == .YES
    }
}
