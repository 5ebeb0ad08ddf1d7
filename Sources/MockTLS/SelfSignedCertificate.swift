import CGnuTLS

/// A self-signed certificate that can also act as its own certificate authority, with its private key.
///
/// Made for serving HTTPS from `mockserver` on a developer machine or in CI: trust it once (an
/// iOS simulator keychain, a Linux trust store, `curl --cacert`) and the server can present it.
/// The key is ECDSA P-256, the signature SHA-256, the validity 825 days at most (the longest
/// Apple platforms accept for a TLS server certificate), the extended key usage is TLS server
/// and the basic constraints say CA (path length 0), so it verifies as a trust anchor.
///
/// ```swift
/// let certificate = try SelfSignedCertificate.generate(hosts: [.dns("localhost"), .ip(IPAddress("127.0.0.1")!)])
/// let files = try certificate.write(toDirectory: "certs")
/// print(files.certificate, certificate.sha256Fingerprint)   // certs/cert.pem  AB:CD:…
/// ```
public struct SelfSignedCertificate: Sendable, Equatable {
    /// The longest validity Apple platforms accept for a TLS server certificate.
    public static let maximumValidityDays = 825

    /// The certificate, `-----BEGIN CERTIFICATE-----` PEM.
    public let certificatePEM: String
    /// The unencrypted PKCS#8 private key, `-----BEGIN PRIVATE KEY-----` PEM.
    public let privateKeyPEM: String
    /// The subject alternative names, in the order given.
    public let hosts: [CertificateHost]
    /// Validity start and end, seconds since 1970.
    public let notBefore: Int
    public let notAfter: Int
    /// SHA-256 of the certificate, `AB:CD:…` (what Keychain Access and `openssl x509 -fingerprint -sha256` show).
    public let sha256Fingerprint: String

    /// Makes a new key and certificate for `hosts` (the first one also becomes the common name),
    /// valid from one hour before `now` (default: the current time; the hour tolerates clock skew)
    /// for `validityDays`.
    public static func generate(
        hosts: [CertificateHost],
        validityDays: Int = maximumValidityDays,
        now: Int? = nil
    ) throws(TLSCertificateError) -> SelfSignedCertificate {
        let now = now ?? currentUnixTime()
        guard let first = hosts.first else { throw .noHosts }
        guard validityDays >= 1 else { throw .invalidValidity(days: validityDays) }
        do throws(GnuTLSFailure) {
            let key = try X509PrivateKey.generateP256()
            let certificate = try X509Certificate()
            try certificate.setVersion3()
            try certificate.setSerial(randomSerial())
            let notBefore = now - 3600
            let notAfter = now + validityDays * 86_400
            try certificate.setValidity(notBefore: notBefore, notAfter: notAfter)
            try certificate.addSubjectComponent(oid: GNUTLS_OID_X520_ORGANIZATION_NAME, "ResonanceKit mockserver")
            try certificate.addSubjectComponent(oid: GNUTLS_OID_X520_COMMON_NAME, "mockserver \(first)")
            try certificate.setPublicKey(of: key)
            try certificate.setCertificateAuthority(pathLength: 0)
            try certificate.setKeyUsage(GNUTLS_KEY_DIGITAL_SIGNATURE | GNUTLS_KEY_KEY_CERT_SIGN | GNUTLS_KEY_CRL_SIGN)
            try certificate.addKeyPurpose(oid: GNUTLS_KP_TLS_WWW_SERVER)
            for host in hosts {
                try certificate.addSubjectAlternativeName(host)
            }
            try certificate.setKeyIdentifiers()
            try certificate.selfSign(with: key)
            return SelfSignedCertificate(
                certificatePEM: String(decoding: try certificate.exportPEM(), as: UTF8.self),
                privateKeyPEM: String(decoding: try key.exportPKCS8PEM(), as: UTF8.self),
                hosts: hosts,
                notBefore: notBefore,
                notAfter: notAfter,
                sha256Fingerprint: try certificate.sha256Fingerprint()
            )
        } catch {
            throw TLSCertificateError(error)
        }
    }

    /// 16 random bytes with the top bit clear, so the DER integer stays positive (RFC 5280 §4.1.2.2).
    private static func randomSerial() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var serial = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        serial[0] = (serial[0] & 0x7F) | 0x01
        return serial
    }
}
