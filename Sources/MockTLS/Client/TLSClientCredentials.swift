import CGnuTLS

/// The certificate authorities a TLS client trusts: the system store, or one PEM file instead.
///
/// Created once per client and shared by all its sessions, which GnuTLS allows: sessions only
/// read the credentials. That is why the `@unchecked Sendable` is safe; the handle is freed on
/// deinit, when no session can use it any more (each session holds a strong reference).
package final class TLSClientCredentials: @unchecked Sendable {
    let handle: gnutls_certificate_credentials_t
    /// How many certificates were loaded.
    package let certificateCount: Int

    /// Loads `trustedCertificatesFile` (PEM), or the system's store when nil; fails when nothing
    /// could be loaded, since every verification would then fail.
    ///
    /// Maps to `gnutls_certificate_allocate_credentials`, then `gnutls_certificate_set_x509_trust_file`
    /// or `gnutls_certificate_set_x509_system_trust`.
    package init(trustedCertificatesFile: String?) throws(TLSClientError) {
        var handle: gnutls_certificate_credentials_t?
        guard gnutls_certificate_allocate_credentials(&handle) >= 0, let handle else {
            throw TLSClientError(.trustStore, "GnuTLS could not allocate credentials")
        }
        let loaded = if let trustedCertificatesFile {
            gnutls_certificate_set_x509_trust_file(handle, trustedCertificatesFile, GNUTLS_X509_FMT_PEM)
        } else {
            gnutls_certificate_set_x509_system_trust(handle)
        }
        guard loaded > 0 else {
            gnutls_certificate_free_credentials(handle)
            let reason = loaded < 0 ? String(cString: gnutls_strerror(loaded)) : "no certificate found"
            let source = trustedCertificatesFile.map { "\($0)" } ?? "the system trust store (Debian: the ca-certificates package, /etc/ssl/certs/ca-certificates.crt)"
            throw TLSClientError(.trustStore, "cannot load trusted certificates from \(source): \(reason)")
        }
        self.handle = handle
        certificateCount = Int(loaded)
    }

    /// Credentials that trust nothing, for sessions that do not verify (insecure mode); GnuTLS
    /// still needs certificate credentials to accept a server certificate at all.
    ///
    /// Maps to `gnutls_certificate_allocate_credentials`.
    package init(trustingNothing: Void) throws(TLSClientError) {
        var handle: gnutls_certificate_credentials_t?
        guard gnutls_certificate_allocate_credentials(&handle) >= 0, let handle else {
            throw TLSClientError(.trustStore, "GnuTLS could not allocate credentials")
        }
        self.handle = handle
        certificateCount = 0
    }

    deinit {
        gnutls_certificate_free_credentials(handle)
    }
}
