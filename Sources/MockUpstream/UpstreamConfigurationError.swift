/// A setting an ``UpstreamClient`` cannot work with, naming the setting.
///
/// ```swift
/// do { _ = try UpstreamClient(configuration: .init(trustedCertificatesFile: "missing.pem")) } catch { print(error) }
/// // "trusted certificates file missing.pem cannot be used: …; give a PEM file of CA certificates (…)."
/// ```
public enum UpstreamConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidTimeout(Duration)
    case invalidMaxResponseBodyBytes(Int)
    case unusableTrustedCertificatesFile(String, reason: String)

    public var description: String {
        switch self {
        case .invalidTimeout(let timeout):
            "timeout \(timeout) must be positive, e.g. 30 seconds."
        case .invalidMaxResponseBodyBytes(let bytes):
            "maximum response body \(bytes) must be a positive number of bytes."
        case .unusableTrustedCertificatesFile(let file, let reason):
            "trusted certificates file \(file) cannot be used: \(reason); give a PEM file of CA certificates (-----BEGIN CERTIFICATE-----)."
        }
    }
}
