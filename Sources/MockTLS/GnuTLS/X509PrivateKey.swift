import CGnuTLS

/// An owned `gnutls_x509_privkey_t`, released on deinit.
final class X509PrivateKey {
    let handle: gnutls_x509_privkey_t

    private init() throws(GnuTLSFailure) {
        var handle: gnutls_x509_privkey_t?
        try gnutls_x509_privkey_init(&handle).gnuTLSChecked("gnutls_x509_privkey_init")
        self.handle = handle!
    }

    deinit {
        gnutls_x509_privkey_deinit(handle)
    }

    /// A new ECDSA key on the NIST P-256 curve, which every TLS client accepts and which takes
    /// a millisecond to make (an RSA key of equal strength takes far longer).
    ///
    /// Maps to `gnutls_x509_privkey_generate(key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0)`.
    static func generateP256() throws(GnuTLSFailure) -> X509PrivateKey {
        let key = try X509PrivateKey()
        try gnutls_x509_privkey_generate(key.handle, GNUTLS_PK_ECDSA, cgnutls_curve_bits(GNUTLS_ECC_CURVE_SECP256R1), 0)
            .gnuTLSChecked("gnutls_x509_privkey_generate")
        return key
    }

    /// Parses an unencrypted private key in PEM (PKCS#8, PKCS#1 or SEC1).
    ///
    /// Maps to `gnutls_x509_privkey_import2(key, data, GNUTLS_X509_FMT_PEM, NULL, 0)`.
    static func importPEM(_ pem: [UInt8]) throws(GnuTLSFailure) -> X509PrivateKey {
        let key = try X509PrivateKey()
        try GnuTLSDatum.withDatum(pem) { (datum: inout gnutls_datum_t) throws(GnuTLSFailure) in
            try gnutls_x509_privkey_import2(key.handle, &datum, GNUTLS_X509_FMT_PEM, nil, 0).gnuTLSChecked("gnutls_x509_privkey_import2")
        }
        return key
    }

    /// The key as an unencrypted PKCS#8 PEM block (`-----BEGIN PRIVATE KEY-----`).
    ///
    /// Maps to `gnutls_x509_privkey_export2_pkcs8(key, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN, &out)`.
    func exportPKCS8PEM() throws(GnuTLSFailure) -> [UInt8] {
        var datum = gnutls_datum_t()
        try gnutls_x509_privkey_export2_pkcs8(handle, GNUTLS_X509_FMT_PEM, nil, UInt32(GNUTLS_PKCS_PLAIN.rawValue), &datum)
            .gnuTLSChecked("gnutls_x509_privkey_export2_pkcs8")
        return GnuTLSDatum.consume(&datum)
    }
}
