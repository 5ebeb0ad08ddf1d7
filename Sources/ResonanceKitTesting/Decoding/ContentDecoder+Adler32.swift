extension ContentDecoder {
    /// Adler-32 as zlib uses it (RFC 1950 §8.2).
    enum Adler32 {
        /// The Adler-32 of `bytes`.
        static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            let modulus: UInt32 = 65521
            var a: UInt32 = 1
            var b: UInt32 = 0
            var index = 0
            while index < bytes.count {
                // 5552 is the most bytes that can be summed before `b` could overflow 32 bits.
                let end = min(bytes.count, index + 5552)
                while index < end {
                    a &+= UInt32(bytes[index])
                    b &+= a
                    index &+= 1
                }
                a %= modulus
                b %= modulus
            }
            return b << 16 | a
        }
    }
}
