extension ContentDecoder {
    /// Base value and extra-bit count for the length and distance symbols (RFC 1951 §3.2.5), packed as
    /// `base | extraBits << 16`.
    enum DeflateConstants {
        /// Length symbols 257...285.
        static let lengths: [UInt32] = {
            let base: [UInt32] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                  35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
            let extra: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                   3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
            return zip(base, extra).map { $0 | $1 << 16 }
        }()

        /// Distance symbols 0...29.
        static let distances: [UInt32] = {
            let base: [UInt32] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                  513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
            let extra: [UInt32] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
                                   8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
            return zip(base, extra).map { $0 | $1 << 16 }
        }()

        /// The order code-length code lengths are sent in (RFC 1951 §3.2.7).
        static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        /// The fixed literal/length code lengths (RFC 1951 §3.2.6); 286 and 287 exist but are invalid.
        static let fixedLiteralLengths: [UInt8] =
            Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
            + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8)

        /// The fixed distance code lengths; 30 and 31 exist but are invalid.
        static let fixedDistanceLengths: [UInt8] = Array(repeating: 5, count: 32)
    }
}
