extension ContentDecoder {
    /// Reads the DEFLATE bit stream (RFC 1951 §3.1.1): bits are taken from each byte least-significant
    /// first, and up to 64 of them are kept in a register so most reads touch no memory.
    struct BitReader {
        private let bytes: UnsafeBufferPointer<UInt8>
        /// Offset of the next byte not yet loaded into `buffer`.
        private var position: Int
        /// Loaded bits not yet consumed; bit 0 is the next one. Bits above `count` may hold copies of the
        /// following input bits (from 8-byte loads) and are never relied upon.
        private(set) var buffer: UInt64 = 0
        /// How many bits of `buffer` are valid.
        private(set) var count = 0

        /// A reader that starts at byte `position` of `bytes`.
        init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int) {
            self.bytes = bytes
            self.position = position
        }

        /// Loads whole bytes until at least 56 bits are buffered or the input is used up.
        @inline(__always)
        mutating func refill() {
            if bytes.count &- position >= 8 {
                // One unaligned 8-byte load, then account only for the whole bytes that fit.
                let word = UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(
                    fromByteOffset: position, as: UInt64.self))
                buffer |= word &<< UInt64(count)
                position &+= (63 &- count) &>> 3
                count |= 56
            } else {
                // `count < 56` keeps `count` ≤ 63, which the shifts above rely on.
                while count < 56, position < bytes.count {
                    buffer |= UInt64(bytes[position]) &<< UInt64(count)
                    position &+= 1
                    count &+= 8
                }
            }
        }

        /// Drops `n` bits (n ≤ count).
        @inline(__always)
        mutating func consume(_ n: Int) {
            buffer &>>= UInt64(n)
            count &-= n
        }

        /// The next `n` bits (0 ≤ n ≤ 32) as a number, first bit least significant.
        @inline(__always)
        mutating func bits(_ n: Int) throws(ContentDecodingError.Reason) -> Int {
            if count < n {
                refill()
                guard count >= n else { throw .truncated }
            }
            let value = Int(truncatingIfNeeded: buffer) & ((1 &<< n) &- 1)
            consume(n)
            return value
        }

        /// Decodes one Huffman-coded symbol with `table` (entries passed separately to avoid re-fetching
        /// the array buffer in the hot loop).
        @inline(__always)
        mutating func decode(
            _ entries: UnsafeBufferPointer<UInt32>, primaryBits: Int, invalid: ContentDecodingError.Reason
        ) throws(ContentDecodingError.Reason) -> Int {
            if count < 15 { refill() }
            var entry = entries[Int(truncatingIfNeeded: buffer) & ((1 &<< primaryBits) &- 1)]
            var length = Int(entry & 0xFF)
            if entry & HuffmanTable.flagMask != 0 {
                guard entry & HuffmanTable.linkFlag != 0 else { throw invalid }
                // Code longer than primaryBits: the following bits index a second-level table.
                let subBits = Int((entry >> 8) & 0x3F)
                let subIndex = Int(truncatingIfNeeded: buffer &>> UInt64(primaryBits)) & ((1 &<< subBits) &- 1)
                entry = entries[Int(entry >> 16) &+ subIndex]
                guard entry & HuffmanTable.flagMask == 0 else { throw invalid }
                length = primaryBits &+ Int(entry & 0xFF)
            }
            // Past the end of the input the buffer reads as zeros; a code needing those bits is truncated.
            guard length <= count else { throw .truncated }
            consume(length)
            return Int(entry >> 16)
        }

        /// Drops the bits up to the next byte boundary and gives back whole buffered bytes, so the next
        /// read starts at `bytePosition` (stored blocks and trailers are byte-aligned).
        mutating func alignToByte() {
            position -= count >> 3
            buffer = 0
            count = 0
        }

        /// The offset of the next unread byte; valid right after `alignToByte()`.
        var bytePosition: Int { position }

        /// Takes `n` raw bytes at the byte-aligned position.
        mutating func takeBytes(_ n: Int) throws(ContentDecodingError.Reason) -> UnsafeBufferPointer<UInt8> {
            alignToByte()
            guard n <= bytes.count - position else { throw .truncated }
            defer { position += n }
            return UnsafeBufferPointer(rebasing: bytes[position..<(position + n)])
        }
    }
}
