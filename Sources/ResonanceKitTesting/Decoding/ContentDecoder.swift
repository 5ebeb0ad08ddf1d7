// Pure-Swift decoding of HTTP `Content-Encoding: gzip` / `deflate` bodies.
//
// Written from the specifications:
//   RFC 1951 — DEFLATE compressed data format
//   RFC 1950 — zlib data format (what HTTP calls "deflate", RFC 9110 §8.4.1.2)
//   RFC 1952 — gzip file format
//   RFC 9110 §8.4 — Content-Encoding lists
// No Foundation, no C, no zlib.

/// Decodes an HTTP body by its Content-Encoding.
///
/// ```swift
/// let response: [UInt8] = …   // a body sent with "Content-Encoding: gzip"
/// if let decoded = try ContentDecoder.decode(response, coding: "gzip", limit: 64 << 20) {
///     use(decoded)            // at most 64 MiB, or `decode` threw `.limitExceeded`
/// } else {
///     use(response)           // a coding it does not know ("br", "zstd"): the bytes as they came
/// }
/// ```
package enum ContentDecoder {
    /// The decoded bytes of `body` for the Content-Encoding header value `coding` (case-insensitive,
    /// spaces trimmed; a list like "gzip, identity" is applied right to left as RFC 9110 §8.4 says,
    /// "identity" is a no-op). Returns nil when the coding is one it does not know (e.g. "br", "zstd"),
    /// so the caller can hand over the bytes unchanged. Throws ContentDecodingError on corrupt data.
    ///
    /// `limit` caps the size of every decoded result (a negative limit counts as 0): a step whose output
    /// would grow past it throws `.limitExceeded` as soon as that happens, and the returned bytes are never
    /// longer than `limit` — also for plain "identity" bodies. An empty body decodes to an empty body for
    /// every known coding (HEAD / 204 / 304 responses often carry the header without a body).
    ///
    /// ```swift
    /// let text = try ContentDecoder.decode(body, coding: "gzip", limit: 1 << 20)        // [UInt8]?
    /// let nested = try ContentDecoder.decode(body, coding: "deflate, gzip", limit: 1 << 20)  // gzip undone first
    /// ```
    package static func decode(
        _ body: [UInt8], coding: String, limit: Int
    ) throws(ContentDecodingError) -> [UInt8]? {
        // Check the whole list before doing any work, so an unknown coding anywhere returns nil cheaply.
        guard let codings = ContentCoding.parseList(coding) else { return nil }
        let cap = max(0, limit)
        var bytes = body
        // The last coding listed was applied last by the sender, so it is undone first.
        for step in codings.reversed() {
            do throws(ContentDecodingError.Reason) {
                switch step {
                case .identity: break
                case .gzip: bytes = try GzipFormat.decode(bytes, limit: cap)
                case .deflate: bytes = try ZlibFormat.decode(bytes, limit: cap)
                }
            } catch {
                throw ContentDecodingError(error, coding: step.name)
            }
        }
        guard bytes.count <= cap else {
            throw ContentDecodingError(.limitExceeded(cap), coding: codings.last?.name ?? "identity")
        }
        return bytes
    }

    /// Throws `.trailingGarbage` unless every byte from `position` on is zero (gzip and zlib both
    /// tolerate zero padding after the data; some servers pad).
    static func requireZeroPadding(
        _ input: UnsafeBufferPointer<UInt8>, from position: Int
    ) throws(ContentDecodingError.Reason) {
        var index = position
        while index < input.count {
            guard input[index] == 0 else { throw .trailingGarbage }
            index += 1
        }
    }
}
