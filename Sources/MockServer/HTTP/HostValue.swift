import MockFixtures

/// The `Host` header's grammar (RFC 9110 §7.2): `uri-host [ ":" port ]`, where the host is a
/// registered name or IPv4 address (unreserved characters, sub-delims and percent-encodings) or
/// a bracketed IP literal.
///
/// ```swift
/// Array("[::1]:8080".utf8).withUnsafeBufferPointer(HostValue.isValid)   // true
/// Array("a b/c".utf8).withUnsafeBufferPointer(HostValue.isValid)        // false
/// ```
enum HostValue {
    /// unreserved / pct-encoded (its `%` and hex digits) / sub-delims (`RequestHeadTests`
    /// rebuilds the masks from the grammar).
    /// Computed, like `HTTPToken.bytes`, to spare a lazy-initialisation check per request.
    static var registeredName: ASCIISet { ASCIISet(low: 0x2BFF_7FF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE) }
    /// IPv6 and IPvFuture: the registered-name bytes and `:`.
    static var ipLiteral: ASCIISet { ASCIISet(low: 0x2FFF_7FF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE) }
    /// The port's digits.
    static var digits: ASCIISet { ASCIISet(low: 0x03FF_0000_0000_0000, high: 0) }

    /// Whether `bytes` are a host with an optional port; an empty value is allowed (HTTP/1.1 sends
    /// one when the target has no authority). Spaces and tabs around it are not part of the
    /// value (RFC 9112 §5: `Host: x ` is valid; libmicrohttpd keeps the trailing ones). Runs on
    /// every request: one pass, no copy.
    static func isValid(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = value.startIndex
        var end = value.endIndex
        while start < end, value[start] == UInt8(ascii: " ") || value[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, value[end - 1] == UInt8(ascii: " ") || value[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return isValidTrimmed(UnsafeBufferPointer(rebasing: value[start..<end]))
    }

    private static func isValidTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index: Int
        if bytes.first == UInt8(ascii: "[") {
            index = ipLiteral.span(in: bytes, from: 1)
            // A "]" must end the literal, and "[]" is no address.
            guard index < bytes.count, bytes[index] == UInt8(ascii: "]"), index > 1 else { return false }
            index += 1
        } else {
            index = registeredName.span(in: bytes, from: 0)
        }
        guard index < bytes.count else { return true }
        // ":" then a port up to 65535 (`port = *DIGIT`, so an empty port is allowed).
        guard bytes[index] == UInt8(ascii: ":"), bytes.count - index - 1 <= 5,
              digits.span(in: bytes, from: index + 1) == bytes.count else { return false }
        var port = 0
        for digit in bytes[(index + 1)...] { port = port * 10 + Int(digit - UInt8(ascii: "0")) }
        return port <= 65535
    }
}
