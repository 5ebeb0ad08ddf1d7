/// Why `mockserver tls-cert` (``SelfSignedCertificate``) could not make or write a certificate.
///
/// ```swift
/// do { _ = try CertificateHost(parsing: "bad_host") } catch { print(error) }
/// // "'bad_host' is not a valid host name for a certificate: 'bad_host' has a character other than letters, digits and '-'. …"
/// ```
public enum TLSCertificateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A host is neither an IP address nor a valid DNS name.
    case invalidHost(String, reason: String)
    /// No host was given.
    case noHosts
    /// The validity is not a positive number of days.
    case invalidValidity(days: Int)
    /// GnuTLS refused a step; `function` is the C call, `message` GnuTLS's words.
    case gnuTLS(function: String, message: String)
    /// The output file exists and overwriting was not asked for.
    case fileExists(String)
    /// The output folder or file could not be created or written.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidHost(let host, let reason):
            "'\(host)' is not a valid host name for a certificate: \(reason). Give DNS names (localhost, api.example.test, *.example.test) or IP addresses (127.0.0.1, ::1), separated by commas."
        case .noHosts:
            "no host given; name at least one, e.g. localhost,127.0.0.1,::1."
        case .invalidValidity(let days):
            "validity \(days) days must be at least 1 day."
        case .gnuTLS(let function, let message):
            "GnuTLS could not make the certificate: \(function) failed: \(message)."
        case .fileExists(let path):
            "\(path) already exists; pass --force to replace it (devices that trust the old certificate must then trust the new one), or choose another --out folder."
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason)."
        }
    }

    init(_ failure: GnuTLSFailure) {
        self = .gnuTLS(function: failure.function, message: failure.message)
    }
}
