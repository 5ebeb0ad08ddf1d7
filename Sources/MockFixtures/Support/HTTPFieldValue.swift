/// The bytes a header field value may hold (RFC 9110 §5.5): visible ASCII, spaces, tabs, and bytes
/// from 0x80 (obs-text, which UTF-8 text is made of). NUL, CR, LF and the other control characters
/// (ESC, vertical tab, DEL, …) are not allowed: strict clients (h11, Go, curl with some options)
/// refuse a response carrying one, and a CR or LF would end the header line.
package enum HTTPFieldValue {
    package static func isAllowed(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\t") || (byte >= 0x20 && byte != 0x7F)
    }

    /// The first byte of `text` a field value may not hold, or `nil`.
    package static func firstForbiddenByte(in text: some StringProtocol) -> UInt8? {
        text.utf8.first { !isAllowed($0) }
    }

    /// `text` as a value the server may send: every forbidden byte becomes a space, and the spaces
    /// and tabs around the result are not part of it. For values that come from a request (a
    /// template's `{{header.X}}` or `{{query.q}}`), which must never break or poison a header line.
    package static func cleaned(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last,
              firstForbiddenByte(in: text) != nil || first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else {
            return text
        }
        let replaced = String(decoding: text.utf8.map { isAllowed($0) ? $0 : UInt8(ascii: " ") }, as: UTF8.self)
        return String(replaced.trimmingSpaces())
    }

    /// How a forbidden byte is named in a problem: `U+000B`.
    package static func describe(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
