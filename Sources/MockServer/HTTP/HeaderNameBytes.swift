/// The bytes a header name may hold: RFC 9110's `tchar` (letters, digits and
/// ``!#$%&'*+-.^_`|~``).
enum HeaderNameBytes {
    /// Bit `n` is set when byte `n` (0–63) is a `tchar`: `!#$%&'*+-.` and the digits. Literal
    /// constants rather than a computed `static let`, whose lazy initialisation would be checked
    /// for every byte of every header name (`HeaderNameBytesTests` rebuilds them from the grammar).
    static let lowTokenBits: UInt64 = 0x03FF_6CFA_0000_0000
    /// Bit `n` is set when byte `64 + n` is a `tchar`: the letters and `^_`|~`.
    static let highTokenBits: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<64: (lowTokenBits >> UInt64(byte)) & 1 == 1
        case 64..<128: (highTokenBits >> UInt64(byte - 64)) & 1 == 1
        default: false
        }
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
