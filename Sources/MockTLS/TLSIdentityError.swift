/// Why a certificate and key cannot serve HTTPS, naming the file at fault.
///
/// ```swift
/// do {
///     _ = try TLSIdentity.load(certificateFile: "certs/cert.pem", privateKeyFile: "certs/cert.pem")
/// } catch {
///     print(error.file, error)   // certs/cert.pem  "certs/cert.pem holds no private key: …"
/// }
/// ```
public enum TLSIdentityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which of the two inputs an error is about.
    public enum Part: Sendable, Equatable {
        case certificate
        case privateKey
    }

    /// The file does not exist or cannot be read.
    case unreadable(Part, file: String, reason: String)
    /// No certificate could be parsed from the certificate input.
    case notACertificate(file: String, detail: String)
    /// No private key could be parsed from the key input.
    case notAPrivateKey(file: String, detail: String)
    /// The key is encrypted with a password, which the server cannot ask for.
    case encryptedPrivateKey(file: String)
    /// Both parse, but the key does not belong to the certificate.
    case keyMismatch(certificateFile: String, privateKeyFile: String)
    /// GnuTLS refused the pair for another reason (its own words).
    case unusable(certificateFile: String, detail: String)

    /// The input the error is about.
    public var part: Part {
        switch self {
        case .unreadable(let part, _, _): part
        case .notACertificate, .unusable: .certificate
        case .notAPrivateKey, .encryptedPrivateKey, .keyMismatch: .privateKey
        }
    }

    /// The file (or in-memory label) the error is about.
    public var file: String {
        switch self {
        case .unreadable(_, let file, _), .notACertificate(let file, _), .notAPrivateKey(let file, _), .encryptedPrivateKey(let file):
            file
        case .keyMismatch(_, let file):
            file
        case .unusable(let file, _):
            file
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let part, let file, let reason):
            "\(file) cannot be read (\(reason)); give the path of the \(part == .certificate ? "certificate" : "private key") file in PEM format."
        case .notACertificate(let file, let detail):
            "\(file) holds no PEM certificate: \(detail). Give a file with a -----BEGIN CERTIFICATE----- block, such as the cert.pem `mockserver tls-cert` writes."
        case .notAPrivateKey(let file, let detail):
            "\(file) holds no PEM private key: \(detail). Give a file with a -----BEGIN PRIVATE KEY----- block, such as the key.pem `mockserver tls-cert` writes."
        case .encryptedPrivateKey(let file):
            "\(file) is encrypted with a password, which the server cannot ask for; decrypt it first (openssl pkey -in \(file) -out plain-key.pem) or make a new pair with `mockserver tls-cert`."
        case .keyMismatch(let certificateFile, let file):
            "\(file) is not the private key of \(certificateFile); give the key that was made together with that certificate."
        case .unusable(let file, let detail):
            "\(file) cannot be used for HTTPS: \(detail)."
        }
    }
}
