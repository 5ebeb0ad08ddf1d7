import CGnuTLS

/// An owned `gnutls_certificate_credentials_t`: what a TLS server presents. Used to check that a
/// certificate and a key form a pair exactly as libmicrohttpd will load them.
final class CertificateCredentials {
    let handle: gnutls_certificate_credentials_t

    /// Maps to `gnutls_certificate_allocate_credentials`.
    init() throws(GnuTLSFailure) {
        var handle: gnutls_certificate_credentials_t?
        try gnutls_certificate_allocate_credentials(&handle).gnuTLSChecked("gnutls_certificate_allocate_credentials")
        self.handle = handle!
    }

    deinit {
        gnutls_certificate_free_credentials(handle)
    }

    /// Loads a PEM certificate chain and its unencrypted key, the call libmicrohttpd makes for
    /// `MHD_OPTION_HTTPS_MEM_CERT` / `MHD_OPTION_HTTPS_MEM_KEY`; fails with
    /// `GNUTLS_E_CERTIFICATE_KEY_MISMATCH` when the key does not belong to the certificate.
    ///
    /// Maps to `gnutls_certificate_set_x509_key_mem2(credentials, &cert, &key, GNUTLS_X509_FMT_PEM, NULL, 0)`.
    func setKeyPair(certificatePEM: [UInt8], privateKeyPEM: [UInt8]) throws(GnuTLSFailure) {
        try GnuTLSDatum.withDatum(certificatePEM) { (certificate: inout gnutls_datum_t) throws(GnuTLSFailure) in
            try GnuTLSDatum.withDatum(privateKeyPEM) { (key: inout gnutls_datum_t) throws(GnuTLSFailure) in
                try gnutls_certificate_set_x509_key_mem2(handle, &certificate, &key, GNUTLS_X509_FMT_PEM, nil, 0)
                    .gnuTLSChecked("gnutls_certificate_set_x509_key_mem2")
            }
        }
    }

    /// `GNUTLS_E_CERTIFICATE_KEY_MISMATCH`.
    static let keyMismatchCode = GNUTLS_E_CERTIFICATE_KEY_MISMATCH
}
