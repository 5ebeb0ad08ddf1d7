extension ContentDecoder {
    /// Decodes HTTP "deflate": zlib-wrapped DEFLATE (RFC 9110 §8.4.1.2), or raw DEFLATE when the first two
    /// bytes are not a valid zlib header (many servers send raw DEFLATE; browsers and curl accept it).
    enum ZlibFormat {
        /// The decoded data. Zero bytes after the stream are ignored, anything else is an error.
        static func decode(_ body: [UInt8], limit: Int) throws(ContentDecodingError.Reason) -> [UInt8] {
            guard !body.isEmpty else { return [] }
            return try body.withUnsafeBufferPointer { (input) throws(ContentDecodingError.Reason) -> [UInt8] in
                let hint = min(input.count.multipliedReportingOverflow(by: 4).partialValue, 1 << 26)
                var inflater = Inflater(input: input, capacityHint: max(hint, 0), limit: limit)
                var end: Int
                if hasZlibHeader(input) {
                    // FDICT (RFC 1950 §2.2): the data depends on a dictionary HTTP cannot name.
                    guard input[1] & 0x20 == 0 else { throw .zlibPresetDictionary }
                    let streamEnd = try inflater.inflate(from: 2)
                    var trailer = ByteCursor(input, position: streamEnd)
                    let stored = try trailer.bigEndian32()
                    let computed = Adler32.checksum(inflater.output.bytes(from: 0))
                    guard stored == computed else { throw .adler32Mismatch(stored: stored, computed: computed) }
                    end = trailer.position
                } else {
                    end = try inflater.inflate(from: 0)
                }
                try requireZeroPadding(input, from: end)
                return inflater.output.makeArray()
            }
        }

        /// Whether the data starts with a valid zlib CMF/FLG pair: method 8, window ≤ 32K, and
        /// (CMF·256 + FLG) a multiple of 31 (RFC 1950 §2.2).
        static func hasZlibHeader(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
            guard input.count >= 2 else { return false }
            let cmf = Int(input[0])
            let flg = Int(input[1])
            return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0
        }
    }
}
