/// RFC 9110 `token`: the characters allowed in method and header names. The fixture loader checks
/// names with it, and the server checks every received header name.
package enum HTTPToken {
    /// `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``. Literal masks in a computed property: a
    /// `static let` would check its lazy initialisation for every header of every request
    /// (`RequestHeadTests` rebuilds them from the grammar).
    package static var bytes: ASCIISet { ASCIISet(low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE) }

    package static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// Whether `name` is a non-empty token (the server checks every received header name).
    package static func isValid(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        !name.isEmpty && bytes.containsAll(name)
    }

    package static func isTokenByte(_ byte: UInt8) -> Bool {
        bytes.contains(byte)
    }
}
