/// Percent-encoding for a `Location` the mock writes (RFC 3986 §2.1): every byte but the
/// unreserved characters, so an id holding a space, `?` or `#` stays one path segment.
enum PercentEncoding {
    static func pathSegment(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// Whether every `%` in `text` starts a `%XX` escape (RFC 3986 §2.1).
    static func isWellFormed(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, ASCIIHex.value(of: bytes[index + 1]) != nil, ASCIIHex.value(of: bytes[index + 2]) != nil else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }
}
