import CGnuTLS
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An owned `gnutls_x509_crt_t`, released on deinit. Each method says which GnuTLS call it maps to.
final class X509Certificate {
    let handle: gnutls_x509_crt_t

    init() throws(GnuTLSFailure) {
        var handle: gnutls_x509_crt_t?
        try gnutls_x509_crt_init(&handle).gnuTLSChecked("gnutls_x509_crt_init")
        self.handle = handle!
    }

    deinit {
        gnutls_x509_crt_deinit(handle)
    }

    /// Parses the first `-----BEGIN CERTIFICATE-----` block of `pem`.
    ///
    /// Maps to `gnutls_x509_crt_import(crt, data, GNUTLS_X509_FMT_PEM)`.
    static func importPEM(_ pem: [UInt8]) throws(GnuTLSFailure) -> X509Certificate {
        let certificate = try X509Certificate()
        try GnuTLSDatum.withDatum(pem) { (datum: inout gnutls_datum_t) throws(GnuTLSFailure) in
            try gnutls_x509_crt_import(certificate.handle, &datum, GNUTLS_X509_FMT_PEM).gnuTLSChecked("gnutls_x509_crt_import")
        }
        return certificate
    }

    // MARK: Building

    /// Maps to `gnutls_x509_crt_set_version(crt, 3)`: X.509 v3, needed for extensions.
    func setVersion3() throws(GnuTLSFailure) {
        try gnutls_x509_crt_set_version(handle, 3).gnuTLSChecked("gnutls_x509_crt_set_version")
    }

    /// Maps to `gnutls_x509_crt_set_serial`.
    func setSerial(_ serial: [UInt8]) throws(GnuTLSFailure) {
        try gnutls_x509_crt_set_serial(handle, serial, serial.count).gnuTLSChecked("gnutls_x509_crt_set_serial")
    }

    /// Maps to `gnutls_x509_crt_set_activation_time` and `gnutls_x509_crt_set_expiration_time`.
    func setValidity(notBefore: Int, notAfter: Int) throws(GnuTLSFailure) {
        try gnutls_x509_crt_set_activation_time(handle, time_t(notBefore)).gnuTLSChecked("gnutls_x509_crt_set_activation_time")
        try gnutls_x509_crt_set_expiration_time(handle, time_t(notAfter)).gnuTLSChecked("gnutls_x509_crt_set_expiration_time")
    }

    /// Adds one subject name component, e.g. the common name.
    ///
    /// Maps to `gnutls_x509_crt_set_dn_by_oid(crt, oid, 0, value, length)`.
    func addSubjectComponent(oid: String, _ value: String) throws(GnuTLSFailure) {
        let bytes = Array(value.utf8)
        try gnutls_x509_crt_set_dn_by_oid(handle, oid, 0, bytes, UInt32(bytes.count)).gnuTLSChecked("gnutls_x509_crt_set_dn_by_oid")
    }

    /// Maps to `gnutls_x509_crt_set_key`: the public half of `key` goes into the certificate.
    func setPublicKey(of key: X509PrivateKey) throws(GnuTLSFailure) {
        try gnutls_x509_crt_set_key(handle, key.handle).gnuTLSChecked("gnutls_x509_crt_set_key")
    }

    /// Maps to `gnutls_x509_crt_set_basic_constraints(crt, 1, pathLength)`: a CA certificate.
    func setCertificateAuthority(pathLength: Int32) throws(GnuTLSFailure) {
        try gnutls_x509_crt_set_basic_constraints(handle, 1, pathLength).gnuTLSChecked("gnutls_x509_crt_set_basic_constraints")
    }

    /// Maps to `gnutls_x509_crt_set_key_usage`.
    func setKeyUsage(_ usage: Int32) throws(GnuTLSFailure) {
        try gnutls_x509_crt_set_key_usage(handle, UInt32(usage)).gnuTLSChecked("gnutls_x509_crt_set_key_usage")
    }

    /// Maps to `gnutls_x509_crt_set_key_purpose_oid(crt, oid, 0)` (extended key usage, not critical).
    func addKeyPurpose(oid: String) throws(GnuTLSFailure) {
        try gnutls_x509_crt_set_key_purpose_oid(handle, oid, 0).gnuTLSChecked("gnutls_x509_crt_set_key_purpose_oid")
    }

    /// Appends one subject alternative name: a DNS name as text, an IP address as its 4 or 16 bytes.
    ///
    /// Maps to `gnutls_x509_crt_set_subject_alt_name(crt, type, data, size, GNUTLS_FSAN_APPEND)`.
    func addSubjectAlternativeName(_ host: CertificateHost) throws(GnuTLSFailure) {
        let (type, bytes): (gnutls_x509_subject_alt_name_t, [UInt8]) = switch host {
        case .dns(let name): (GNUTLS_SAN_DNSNAME, Array(name.utf8))
        case .ip(let address): (GNUTLS_SAN_IPADDRESS, address.bytes)
        }
        try gnutls_x509_crt_set_subject_alt_name(handle, type, bytes, UInt32(bytes.count), UInt32(GNUTLS_FSAN_APPEND))
            .gnuTLSChecked("gnutls_x509_crt_set_subject_alt_name")
    }

    /// Sets the subject key identifier (and, the certificate being self-signed, the authority
    /// key identifier) to the hash of its public key, which chain builders use to find issuers.
    ///
    /// Maps to `gnutls_x509_crt_get_key_id`, `gnutls_x509_crt_set_subject_key_id` and
    /// `gnutls_x509_crt_set_authority_key_id`.
    func setKeyIdentifiers() throws(GnuTLSFailure) {
        var identifier = [UInt8](repeating: 0, count: 64)
        var size = identifier.count
        try gnutls_x509_crt_get_key_id(handle, 0, &identifier, &size).gnuTLSChecked("gnutls_x509_crt_get_key_id")
        try gnutls_x509_crt_set_subject_key_id(handle, identifier, size).gnuTLSChecked("gnutls_x509_crt_set_subject_key_id")
        try gnutls_x509_crt_set_authority_key_id(handle, identifier, size).gnuTLSChecked("gnutls_x509_crt_set_authority_key_id")
    }

    /// Signs the certificate with its own key (self-signed), SHA-256.
    ///
    /// Maps to `gnutls_x509_crt_sign2(crt, crt, key, GNUTLS_DIG_SHA256, 0)`.
    func selfSign(with key: X509PrivateKey) throws(GnuTLSFailure) {
        try gnutls_x509_crt_sign2(handle, handle, key.handle, GNUTLS_DIG_SHA256, 0).gnuTLSChecked("gnutls_x509_crt_sign2")
    }

    // MARK: Reading

    /// Maps to `gnutls_x509_crt_export2(crt, GNUTLS_X509_FMT_PEM, &out)`.
    func exportPEM() throws(GnuTLSFailure) -> [UInt8] {
        var datum = gnutls_datum_t()
        try gnutls_x509_crt_export2(handle, GNUTLS_X509_FMT_PEM, &datum).gnuTLSChecked("gnutls_x509_crt_export2")
        return GnuTLSDatum.consume(&datum)
    }

    /// Seconds since 1970. Maps to `gnutls_x509_crt_get_activation_time`.
    var notBefore: Int { Int(gnutls_x509_crt_get_activation_time(handle)) }

    /// Seconds since 1970. Maps to `gnutls_x509_crt_get_expiration_time`.
    var notAfter: Int { Int(gnutls_x509_crt_get_expiration_time(handle)) }

    /// The SHA-256 fingerprint of the DER encoding, as `AB:CD:…`.
    ///
    /// Maps to `gnutls_x509_crt_get_fingerprint(crt, GNUTLS_DIG_SHA256, buffer, &size)`.
    func sha256Fingerprint() throws(GnuTLSFailure) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var size = digest.count
        try gnutls_x509_crt_get_fingerprint(handle, GNUTLS_DIG_SHA256, &digest, &size).gnuTLSChecked("gnutls_x509_crt_get_fingerprint")
        return digest.prefix(size).map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined(separator: ":")
    }

    /// The DNS names and IP addresses the certificate is valid for; other kinds are skipped.
    ///
    /// Maps to `gnutls_x509_crt_get_subject_alt_name(crt, index, buffer, &size, NULL)` for each index
    /// until `GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE`.
    var subjectAlternativeNames: [CertificateHost] {
        var names: [CertificateHost] = []
        var index: UInt32 = 0
        while true {
            var buffer = [UInt8](repeating: 0, count: 512)
            var size = buffer.count
            let type = gnutls_x509_crt_get_subject_alt_name(handle, index, &buffer, &size, nil)
            if type < 0 { break }
            index += 1
            switch gnutls_x509_subject_alt_name_t(UInt32(type)) {
            case GNUTLS_SAN_DNSNAME:
                names.append(.dns(String(decoding: buffer.prefix(size), as: UTF8.self)))
            case GNUTLS_SAN_IPADDRESS:
                if let address = IPAddress(bytes: Array(buffer.prefix(size))) { names.append(.ip(address)) }
            default:
                continue
            }
        }
        return names
    }
}
