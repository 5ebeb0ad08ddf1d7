import CGnuTLS

/// A failed GnuTLS call: which function failed and GnuTLS's own words for the code.
struct GnuTLSFailure: Error {
    let function: String
    let code: Int32

    /// `gnutls_strerror(code)`.
    var message: String {
        String(cString: gnutls_strerror(code))
    }
}

extension Int32 {
    /// Turns a GnuTLS return code (negative on failure) into a thrown ``GnuTLSFailure``.
    func gnuTLSChecked(_ function: String) throws(GnuTLSFailure) {
        if self < 0 { throw GnuTLSFailure(function: function, code: self) }
    }
}
