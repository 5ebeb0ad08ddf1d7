extension ContentDecoder {
    /// A canonical Huffman code (RFC 1951 §3.2.2) as lookup tables: a primary table indexed by the next
    /// `primaryBits` input bits, plus second-level tables for the longer codes, so one or two lookups
    /// decode a symbol.
    ///
    /// Entry layout (UInt32): bits 0–7 = bits to consume; bits 8–15 = flags (0 for a symbol, `linkFlag` |
    /// second-level index width for a link, `invalidFlag` for an unused bit pattern); bits 16–31 = the
    /// symbol, or a link's second-level table offset. Sizes stay far below 2^16 entries.
    struct HuffmanTable: Sendable {
        /// The flag byte of an entry; zero means "symbol".
        static let flagMask: UInt32 = 0xFF00
        /// Flag of an entry that points to a second-level table.
        static let linkFlag: UInt32 = 0x8000
        /// Flag of a bit pattern no code uses (only in incomplete codes zlib tolerates).
        static let invalidFlag: UInt32 = 0x4000
        /// The longest code DEFLATE allows (RFC 1951 §3.2.7).
        static let maxCodeLength = 15

        /// Primary table followed by all second-level tables.
        let entries: [UInt32]
        /// How many input bits index the primary table.
        let primaryBits: Int

        /// Builds the table for the code whose symbol `i` has code length `lengths[i]` (0 = unused, ≤ 15).
        /// Rejects over-subscribed sets and incomplete ones, except — as zlib does — a code with a single
        /// one-bit code or no codes at all (for literal/length and distance codes; any use of a missing
        /// code is then reported when decoding).
        init(lengths: ArraySlice<UInt8>, kind: ContentDecodingError.CodeKind) throws(ContentDecodingError.Reason) {
            var counts = [Int](repeating: 0, count: Self.maxCodeLength + 1)
            for length in lengths { counts[Int(length)] += 1 }
            counts[0] = 0
            let maxLength = counts.lastIndex(where: { $0 > 0 }) ?? 0

            // Kraft check: `left` is the number of unused bit patterns at each length.
            var left = 1
            for length in 1...Self.maxCodeLength {
                left = left << 1 - counts[length]
                guard left >= 0 else { throw .oversubscribedCode(kind) }
            }
            if left > 0 {
                let allowed = kind != .codeLengths && maxLength <= 1
                guard allowed else { throw .incompleteCode(kind) }
            }

            // The first canonical code of each length (RFC 1951 §3.2.2 step 2).
            var nextCode = [Int](repeating: 0, count: Self.maxCodeLength + 1)
            var code = 0
            for length in 1...Self.maxCodeLength {
                code = (code + counts[length - 1]) << 1
                nextCode[length] = code
            }

            let defaultBits: Int
            switch kind {
            case .codeLengths: defaultBits = 7
            case .literalLength: defaultBits = 10
            case .distance: defaultBits = 8
            }
            let primaryBits = max(1, min(defaultBits, maxLength))
            let primarySize = 1 << primaryBits
            let primaryMask = primarySize - 1

            // Codes are sent most-significant bit first but read least-significant first, so tables are
            // indexed by the bit-reversed code. Also note, per primary index, the longest code using it.
            var reversedCodes = [Int](repeating: 0, count: lengths.count)
            var longest = [Int](repeating: 0, count: primarySize)
            for (symbol, length8) in lengths.enumerated() where length8 > 0 {
                let length = Int(length8)
                let reversed = Self.reverse(nextCode[length], bits: length)
                nextCode[length] += 1
                reversedCodes[symbol] = reversed
                if length > primaryBits { longest[reversed & primaryMask] = max(longest[reversed & primaryMask], length) }
            }

            var entries = [UInt32](repeating: Self.invalidFlag, count: primarySize)
            for index in 0..<primarySize where longest[index] > 0 {
                let subBits = longest[index] - primaryBits
                entries[index] = UInt32(entries.count) << 16 | (Self.linkFlag | UInt32(subBits) << 8)
                entries.append(contentsOf: repeatElement(Self.invalidFlag, count: 1 << subBits))
            }

            for (symbol, length8) in lengths.enumerated() where length8 > 0 {
                let length = Int(length8)
                let reversed = reversedCodes[symbol]
                if length <= primaryBits {
                    // Every index whose low `length` bits are this code decodes to it.
                    let entry = UInt32(symbol) << 16 | UInt32(length)
                    var index = reversed
                    while index < primarySize {
                        entries[index] = entry
                        index += 1 << length
                    }
                } else {
                    let link = entries[reversed & primaryMask]
                    let offset = Int(link >> 16)
                    let subSize = 1 << Int((link >> 8) & 0x3F)
                    let subLength = length - primaryBits
                    let entry = UInt32(symbol) << 16 | UInt32(subLength)
                    var index = reversed >> primaryBits
                    while index < subSize {
                        entries[offset + index] = entry
                        index += 1 << subLength
                    }
                }
            }
            self.entries = entries
            self.primaryBits = primaryBits
        }

        /// The low `bits` bits of `code` in reverse order.
        private static func reverse(_ code: Int, bits: Int) -> Int {
            var result = 0
            var rest = code
            for _ in 0..<bits {
                result = result << 1 | rest & 1
                rest >>= 1
            }
            return result
        }
    }
}
