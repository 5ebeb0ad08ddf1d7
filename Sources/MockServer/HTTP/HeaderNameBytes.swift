/// The bytes a header name may hold: RFC 9110's `tchar` (letters, digits and
/// ``!#$%&'*+-.^_`|~``).
enum HeaderNameBytes {
    /// Literal masks in a computed property: a `static let` would check its lazy initialisation
    /// for every header of every request (`RequestHeadTests` rebuilds them from the grammar).
    static var token: ASCIISet { ASCIISet(low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE) }

    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        token.contains(byte)
    }

    /// `byte` named for an error message: "a space", "a tab", "the byte 0x01".
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: " "): "a space"
        case UInt8(ascii: "\t"): "a tab"
        case 0x21..<0x7F: "'\(Character(Unicode.Scalar(byte)))'"
        default: "the byte 0x\(String(byte, radix: 16, uppercase: true).leftPadded(to: 2))"
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
