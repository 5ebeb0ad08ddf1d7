/// The `Host` header's grammar (RFC 9110 §7.2): `uri-host [ ":" port ]`, where the host is a
/// registered name or IPv4 address (unreserved characters, sub-delims and percent-encodings) or
/// a bracketed IP literal.
///
/// ```swift
/// HostValue.isValid("api.test:8080")   // true
/// HostValue.isValid("[::1]:8080")      // true
/// HostValue.isValid("a b/c")           // false
/// ```
enum HostValue {
    /// unreserved / pct-encoded (its `%` and hex digits) / sub-delims (`RequestHeadTests`
    /// rebuilds the masks from the grammar).
    /// Computed, like ``HeaderNameBytes/token``, to spare a lazy-initialisation check per request.
    static var registeredName: ASCIISet { ASCIISet(low: 0x2BFF_7FF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE) }
    /// IPv6 and IPvFuture: the registered-name bytes and `:`.
    static var ipLiteral: ASCIISet { ASCIISet(low: 0x2FFF_7FF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE) }

    /// Whether `value` is a host with an optional port; an empty value is allowed (HTTP/1.1 sends
    /// one when the target has no authority).
    static func isValid(_ value: String) -> Bool {
        var value = value
        return value.withUTF8(isValid)
    }

    /// Whether `bytes` are a host with an optional port. Runs on every request: one pass, no copy.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes.first == UInt8(ascii: "[") {
            index = 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                guard ipLiteral.contains(bytes[index]) else { return false }
                index += 1
            }
            guard index < bytes.count, index > 1 else { return false }   // no "]", or "[]"
            index += 1
        } else {
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
                guard registeredName.contains(bytes[index]) else { return false }
                index += 1
            }
        }
        guard index < bytes.count else { return true }
        // ":" then at most five digits (`port = *DIGIT`, so an empty port is allowed).
        guard bytes[index] == UInt8(ascii: ":"), bytes.count - index - 1 <= 5 else { return false }
        for digit in bytes[(index + 1)...] where digit < UInt8(ascii: "0") || digit > UInt8(ascii: "9") {
            return false
        }
        return true
    }
}
