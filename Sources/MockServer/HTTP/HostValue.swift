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
    /// Whether `value` is a host with an optional port; an empty value is allowed (HTTP/1.1 sends
    /// one when the target has no authority).
    static func isValid(_ value: String) -> Bool {
        var utf8 = Substring(value).utf8
        if utf8.first == UInt8(ascii: "[") {
            guard let close = utf8.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = utf8[utf8.index(after: utf8.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy(isIPLiteralByte) else { return false }
            utf8 = utf8[utf8.index(after: close)...]
            return utf8.isEmpty || isPort(utf8)
        }
        if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
            return utf8[..<colon].allSatisfy(isRegisteredNameByte) && isPort(utf8[utf8.index(after: colon)...])
        }
        return utf8.allSatisfy(isRegisteredNameByte)
    }

    /// `:` then digits; an empty port is allowed by the grammar (`port = *DIGIT`).
    private static func isPort(_ text: Substring.UTF8View.SubSequence) -> Bool {
        var rest = text
        if rest.first == UInt8(ascii: ":") { rest = rest.dropFirst() }
        return rest.count <= 5 && rest.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// unreserved / pct-encoded (its `%` and hex digits) / sub-delims.
    private static func isRegisteredNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~%!$&'()*+,;=".utf8.contains(byte)
        }
    }

    /// IPv6 (hex digits, `:` and `.`) or IPvFuture (`v`, hex, `.`, then unreserved, sub-delims, `:`).
    private static func isIPLiteralByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || isRegisteredNameByte(byte)
    }
}
