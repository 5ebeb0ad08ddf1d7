extension ContentDecoder {
    /// Reads whole bytes sequentially from the input (headers and trailers); running off the end is `.truncated`.
    struct ByteCursor {
        private let bytes: UnsafeBufferPointer<UInt8>
        /// Offset of the next byte to read.
        private(set) var position: Int

        /// A cursor over `bytes` that starts at `position`.
        init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int) {
            self.bytes = bytes
            self.position = position
        }

        /// The next byte.
        mutating func byte() throws(ContentDecodingError.Reason) -> UInt8 {
            guard position < bytes.count else { throw .truncated }
            defer { position += 1 }
            return bytes[position]
        }

        /// Skips `count` bytes.
        mutating func skip(_ count: Int) throws(ContentDecodingError.Reason) {
            guard count <= bytes.count - position else { throw .truncated }
            position += count
        }

        /// Skips a zero-terminated string, including its terminator.
        mutating func skipZeroTerminated() throws(ContentDecodingError.Reason) {
            while try byte() != 0 {}
        }

        /// A 16-bit little-endian number (gzip byte order).
        mutating func littleEndian16() throws(ContentDecodingError.Reason) -> UInt16 {
            let low = UInt16(try byte())
            return low | UInt16(try byte()) << 8
        }

        /// A 32-bit little-endian number (gzip byte order).
        mutating func littleEndian32() throws(ContentDecodingError.Reason) -> UInt32 {
            let low = UInt32(try littleEndian16())
            return low | UInt32(try littleEndian16()) << 16
        }

        /// A 32-bit big-endian number (zlib byte order, RFC 1950 §2.1).
        mutating func bigEndian32() throws(ContentDecodingError.Reason) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
            return value
        }
    }
}
