/// RFC 3986 percent-encoding, byte by byte, so results are identical on every platform.
enum PercentEncoding {
    /// Query names and values: only unreserved characters stay literal, so `+ & = space`
    /// and non-ASCII are always escaped. Sorted by name for stable URLs.
    static func encodeQuery(_ parameters: [String: String]) -> String {
        parameters
            .sorted { $0.key < $1.key }
            .map { encode($0.key, keeping: isUnreserved) + "=" + encode($0.value, keeping: isUnreserved) }
            .joined(separator: "&")
    }

    /// A path: `/` and the RFC 3986 path characters stay literal; an existing `%XX` escape
    /// is kept, any other `%` is escaped.
    static func encodePath(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var encoded = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) {
                encoded += String(decoding: bytes[index...index + 2], as: UTF8.self)
                index += 3
                continue
            }
            encoded += isPathCharacter(byte) ? String(UnicodeScalar(byte)) : escape(byte)
            index += 1
        }
        return encoded
    }

    private static func encode(_ text: String, keeping isLiteral: (UInt8) -> Bool) -> String {
        var encoded = ""
        for byte in text.utf8 {
            encoded += isLiteral(byte) ? String(UnicodeScalar(byte)) : escape(byte)
        }
        return encoded
    }

    private static func escape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        }
    }

    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "/!$&'()*+,;=:@".utf8.contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
