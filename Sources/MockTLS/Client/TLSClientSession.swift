import CGnuTLS
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One TLS client session over a connected, non-blocking socket.
///
/// It never waits: each call does what it can and says whether it needs the socket to become
/// readable or writable first, so the caller keeps the one poll loop that enforces its deadline
/// and cancellation. Used by one thread at a time.
package final class TLSClientSession {
    /// What a step needs before it can go on.
    package enum Wait: Sendable, Equatable {
        case readable
        case writable
    }

    /// The outcome of a send or receive.
    package enum Transfer: Sendable, Equatable {
        /// This many bytes were sent or received; 0 from ``receive(into:)`` means the peer closed.
        case done(Int)
        /// Try again once the socket is ready.
        case wait(Wait)
    }

    private let session: gnutls_session_t
    /// Kept so the credentials outlive the session that reads them.
    private let credentials: TLSClientCredentials
    /// The expected host name; GnuTLS keeps the pointer for the session's lifetime.
    private let expectedHost: UnsafeMutablePointer<CChar>

    /// Prepares a session for `host` on `socket`: SNI for a DNS name, ALPN `http/1.1`, and —
    /// when `verify` — certificate verification against `credentials` including the host name
    /// (or IP address) check.
    ///
    /// Maps to `gnutls_init(GNUTLS_CLIENT | GNUTLS_NONBLOCK)`, `gnutls_set_default_priority`,
    /// `gnutls_credentials_set`, `gnutls_server_name_set`, `gnutls_session_set_verify_cert`,
    /// `gnutls_alpn_set_protocols` and the shim's `cgnutls_use_socket`.
    package init(socket: Int32, host: String, credentials: TLSClientCredentials, verify: Bool) throws(TLSClientError) {
        var session: gnutls_session_t?
        guard gnutls_init(&session, UInt32(GNUTLS_CLIENT) | UInt32(GNUTLS_NONBLOCK)) >= 0, let session else {
            throw TLSClientError(.handshake, "GnuTLS could not create a session")
        }
        self.session = session
        self.credentials = credentials
        expectedHost = strdup(host)
        // From here on `self` is fully initialised: a throw releases it, and deinit the session.
        try check(gnutls_set_default_priority(session), "gnutls_set_default_priority")
        try check(gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, UnsafeMutableRawPointer(credentials.handle)), "gnutls_credentials_set")
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        if !isAddress {
            // Server Name Indication carries DNS names only, never addresses (RFC 6066 §3).
            try check(gnutls_server_name_set(session, GNUTLS_NAME_DNS, host, host.utf8.count), "gnutls_server_name_set")
        }
        if verify {
            gnutls_session_set_verify_cert(session, expectedHost, 0)
        }
        var alpn = Array("http/1.1".utf8)
        try alpn.withUnsafeMutableBufferPointer { buffer throws(TLSClientError) in
            var datum = gnutls_datum_t(data: buffer.baseAddress, size: UInt32(buffer.count))
            try check(gnutls_alpn_set_protocols(session, &datum, 1, 0), "gnutls_alpn_set_protocols")
        }
        cgnutls_use_socket(session, socket)
    }

    deinit {
        gnutls_deinit(session)
        free(expectedHost)
    }

    /// Advances the handshake; nil when it is complete.
    ///
    /// Maps to `gnutls_handshake`; on `GNUTLS_E_AGAIN`, `gnutls_record_get_direction` says which
    /// way to wait; a verification failure is explained with
    /// `gnutls_session_get_verify_cert_status` and `gnutls_certificate_verification_status_print`.
    package func handshake() throws(TLSClientError) -> Wait? {
        let result = gnutls_handshake(session)
        if result >= 0 { return nil }
        if let wait = wait(after: result) { return wait }
        if result == GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR {
            throw TLSClientError(.verification, verificationProblem())
        }
        throw TLSClientError(.handshake, Self.message(result))
    }

    /// Maps to `gnutls_record_send`.
    package func send(_ bytes: UnsafeRawBufferPointer) throws(TLSClientError) -> Transfer {
        let result = gnutls_record_send(session, bytes.baseAddress, bytes.count)
        if result >= 0 { return .done(result) }
        if let wait = wait(after: Int32(truncatingIfNeeded: result)) { return .wait(wait) }
        throw TLSClientError(.transfer, Self.message(Int32(truncatingIfNeeded: result)))
    }

    /// Maps to `gnutls_record_recv`. A peer that closes without a TLS close_notify
    /// (`GNUTLS_E_PREMATURE_TERMINATION`, common among HTTP servers) counts as closed: the HTTP
    /// framing decides whether the answer was complete.
    package func receive(into buffer: UnsafeMutableRawBufferPointer) throws(TLSClientError) -> Transfer {
        let result = gnutls_record_recv(session, buffer.baseAddress, buffer.count)
        if result >= 0 { return .done(result) }
        let code = Int32(truncatingIfNeeded: result)
        if code == GNUTLS_E_PREMATURE_TERMINATION { return .done(0) }
        if let wait = wait(after: code) { return .wait(wait) }
        throw TLSClientError(.transfer, Self.message(code))
    }

    /// Whether decrypted bytes wait in GnuTLS's buffer (the socket may not become readable for them).
    ///
    /// Maps to `gnutls_record_check_pending`.
    package var hasBufferedData: Bool {
        gnutls_record_check_pending(session) > 0
    }

    /// Sends close_notify if the socket takes it at once; the caller closes the socket.
    ///
    /// Maps to `gnutls_bye(session, GNUTLS_SHUT_WR)`.
    package func close() {
        _ = gnutls_bye(session, GNUTLS_SHUT_WR)
    }

    private func wait(after result: Int32) -> Wait? {
        guard result == GNUTLS_E_AGAIN || result == GNUTLS_E_INTERRUPTED else { return nil }
        return gnutls_record_get_direction(session) == 1 ? .writable : .readable
    }

    private func verificationProblem() -> String {
        let status = gnutls_session_get_verify_cert_status(session)
        var output = gnutls_datum_t()
        guard gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &output, 0) >= 0 else {
            return "the certificate could not be verified"
        }
        var text = String(decoding: GnuTLSDatum.consume(&output), as: UTF8.self)
        while text.last == " " || text.last == "." || text.last == "\n" { text.removeLast() }
        return text
    }

    private func check(_ result: Int32, _ function: String) throws(TLSClientError) {
        if result < 0 { throw TLSClientError(.handshake, "\(function): \(Self.message(result))") }
    }

    private static func message(_ code: Int32) -> String {
        String(cString: gnutls_strerror(code))
    }
}
