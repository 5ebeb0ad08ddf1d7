/// Why a TLS client session failed.
package struct TLSClientError: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The peer's certificate is not trusted, expired, or does not name the host.
        case verification
        /// The handshake failed for another reason (not TLS, no common protocol version or cipher, …).
        case handshake
        /// The session broke after the handshake.
        case transfer
        /// The trusted certificates could not be loaded.
        case trustStore
    }

    package let kind: Kind
    /// GnuTLS's own words, e.g. "The certificate is NOT trusted. The certificate issuer is unknown."
    package let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
