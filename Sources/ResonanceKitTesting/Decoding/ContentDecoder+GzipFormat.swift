extension ContentDecoder {
    /// Decodes gzip data (RFC 1952): one or more members, each a header, a DEFLATE stream and a
    /// CRC32/ISIZE trailer.
    enum GzipFormat {
        /// FLG bits (RFC 1952 §2.3.1): header CRC16 present.
        private static let flagHeaderCRC: UInt8 = 0x02
        /// FLG: extra field present.
        private static let flagExtra: UInt8 = 0x04
        /// FLG: zero-terminated original file name present.
        private static let flagName: UInt8 = 0x08
        /// FLG: zero-terminated comment present.
        private static let flagComment: UInt8 = 0x10
        /// FLG bits 5–7, reserved; a decoder must reject them.
        private static let flagReserved: UInt8 = 0xE0

        /// The concatenation of every member's decoded data. Zero bytes after the last member are ignored
        /// (some servers pad); anything else there is an error.
        static func decode(_ body: [UInt8], limit: Int) throws(ContentDecodingError.Reason) -> [UInt8] {
            guard !body.isEmpty else { return [] }
            return try body.withUnsafeBufferPointer { (input) throws(ContentDecodingError.Reason) -> [UInt8] in
                var inflater = Inflater(input: input, capacityHint: capacityHint(input), limit: limit)
                var position = 0
                repeat {
                    position = try decodeMember(input, at: position, into: &inflater)
                } while try hasAnotherMember(input, after: position)
                return inflater.output.makeArray()
            }
        }

        /// Decodes the member starting at `start`, appending its data to `inflater.output`, and returns
        /// the offset just past its trailer.
        private static func decodeMember(
            _ input: UnsafeBufferPointer<UInt8>, at start: Int, into inflater: inout Inflater
        ) throws(ContentDecodingError.Reason) -> Int {
            var cursor = ByteCursor(input, position: start)
            let id1 = try cursor.byte()
            let id2 = try cursor.byte()
            guard id1 == 0x1F, id2 == 0x8B else { throw .badGzipMagic }
            let method = try cursor.byte()
            guard method == 8 else { throw .unsupportedGzipMethod(method) }
            let flags = try cursor.byte()
            guard flags & flagReserved == 0 else { throw .reservedGzipFlags(flags) }
            try cursor.skip(6)  // MTIME (4), XFL, OS: informational only
            if flags & flagExtra != 0 {
                let extraLength = Int(try cursor.littleEndian16())
                try cursor.skip(extraLength)
            }
            if flags & flagName != 0 { try cursor.skipZeroTerminated() }
            if flags & flagComment != 0 { try cursor.skipZeroTerminated() }
            if flags & flagHeaderCRC != 0 {
                // CRC16 = low 16 bits of the CRC-32 of all header bytes before it (RFC 1952 §2.3.1).
                let header = UnsafeBufferPointer(rebasing: input[start..<cursor.position])
                let computed = UInt16(truncatingIfNeeded: CRC32.checksum(header))
                let stored = try cursor.littleEndian16()
                guard stored == computed else { throw .gzipHeaderCRCMismatch(stored: stored, computed: computed) }
            }

            let memberStart = inflater.output.count
            let end = try inflater.inflate(from: cursor.position)

            var trailer = ByteCursor(input, position: end)
            let storedCRC = try trailer.littleEndian32()
            let storedSize = try trailer.littleEndian32()
            let data = inflater.output.bytes(from: memberStart)
            let computedCRC = CRC32.checksum(data)
            guard storedCRC == computedCRC else { throw .crc32Mismatch(stored: storedCRC, computed: computedCRC) }
            let computedSize = UInt32(truncatingIfNeeded: data.count)
            guard storedSize == computedSize else { throw .sizeMismatch(stored: storedSize, computed: computedSize) }
            return trailer.position
        }

        /// Whether another member starts at `position`; false at the end or when only zero padding is left.
        private static func hasAnotherMember(
            _ input: UnsafeBufferPointer<UInt8>, after position: Int
        ) throws(ContentDecodingError.Reason) -> Bool {
            guard position < input.count else { return false }
            if input[position] == 0x1F { return true }
            try requireZeroPadding(input, from: position)
            return false
        }

        /// A first output allocation size: the last member's ISIZE when it is believable (DEFLATE cannot
        /// expand more than ~1032:1), so a typical single-member body is decoded without reallocating.
        private static func capacityHint(_ input: UnsafeBufferPointer<UInt8>) -> Int {
            let fallback = input.count.multipliedReportingOverflow(by: 4)
            let guess = fallback.overflow ? Int.max : fallback.partialValue
            guard input.count >= 18 else { return guess }
            var cursor = ByteCursor(input, position: input.count - 4)
            guard let size = try? cursor.littleEndian32() else { return guess }
            let plausible = input.count.multipliedReportingOverflow(by: 1032)
            if !plausible.overflow, Int(size) <= plausible.partialValue {
                return min(Int(size), 1 << 26)  // do not trust a header with a huge up-front allocation
            }
            return guess
        }
    }
}
