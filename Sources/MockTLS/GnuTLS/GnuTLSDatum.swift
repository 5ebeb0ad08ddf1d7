import CGnuTLS

/// Helpers for `gnutls_datum_t`, the pointer-and-length pair GnuTLS takes and returns.
enum GnuTLSDatum {
    /// Calls `body` with a datum viewing `bytes` (valid only during the call; GnuTLS copies what it keeps).
    static func withDatum<Result, Failure: Error>(
        _ bytes: [UInt8],
        _ body: (inout gnutls_datum_t) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var copy = bytes
        let outcome: Swift.Result<Result, Failure> = copy.withUnsafeMutableBufferPointer { buffer in
            var datum = gnutls_datum_t(data: buffer.baseAddress, size: UInt32(buffer.count))
            do throws(Failure) {
                return .success(try body(&datum))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Takes ownership of a datum GnuTLS allocated (e.g. by an `…_export2` call), copies its
    /// bytes and frees it through the shim's `cgnutls_free_datum`.
    static func consume(_ datum: inout gnutls_datum_t) -> [UInt8] {
        defer { cgnutls_free_datum(&datum) }
        guard let data = datum.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(datum.size)))
    }
}
