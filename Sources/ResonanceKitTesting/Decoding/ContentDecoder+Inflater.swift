extension ContentDecoder {
    /// Decodes DEFLATE streams (RFC 1951) from `input` into one output buffer (consecutive gzip members
    /// share it).
    struct Inflater: ~Copyable {
        private let input: UnsafeBufferPointer<UInt8>
        /// Everything decoded so far.
        var output: OutputBuffer
        private var reader: BitReader
        /// Output offset where the current stream began: each stream (gzip member) has its own window,
        /// so a match may not reach into an earlier member's data.
        private var windowStart = 0
        /// The fixed-code tables, built on first use.
        private var fixedTables: (literals: HuffmanTable, distances: HuffmanTable)?

        /// An inflater over `input` whose output holds at most `limit` bytes.
        init(input: UnsafeBufferPointer<UInt8>, capacityHint: Int, limit: Int) {
            self.input = input
            output = OutputBuffer(capacityHint: capacityHint, limit: limit)
            reader = BitReader(input, position: 0)
        }

        /// Decodes one complete DEFLATE stream that starts at byte `start`, appending to `output`, and
        /// returns the offset of the first byte after it (the last block ends padded to a byte).
        mutating func inflate(from start: Int) throws(ContentDecodingError.Reason) -> Int {
            reader = BitReader(input, position: start)
            windowStart = output.count
            var isFinal = false
            repeat {
                let header = try reader.bits(3)  // BFINAL, then BTYPE (RFC 1951 §3.2.3)
                isFinal = header & 1 == 1
                switch header >> 1 {
                case 0:
                    try copyStoredBlock()
                case 1:
                    let tables = try fixedCodeTables()
                    try decodeBlock(literals: tables.literals, distances: tables.distances)
                case 2:
                    let tables = try readDynamicTables()
                    try decodeBlock(literals: tables.literals, distances: tables.distances)
                default:
                    throw .invalidBlockType
                }
            } while !isFinal
            reader.alignToByte()
            return reader.bytePosition
        }

        /// Copies a stored block: LEN, NLEN, then LEN raw bytes (RFC 1951 §3.2.4).
        private mutating func copyStoredBlock() throws(ContentDecodingError.Reason) {
            reader.alignToByte()
            let length = try reader.bits(16)
            let complement = try reader.bits(16)
            guard length == ~complement & 0xFFFF else { throw .storedLengthMismatch }
            try output.append(try reader.takeBytes(length))
        }

        /// The fixed Huffman codes (RFC 1951 §3.2.6).
        private mutating func fixedCodeTables() throws(ContentDecodingError.Reason)
            -> (literals: HuffmanTable, distances: HuffmanTable) {
            if let tables = fixedTables { return tables }
            let tables = (
                literals: try HuffmanTable(lengths: DeflateConstants.fixedLiteralLengths[...], kind: .literalLength),
                distances: try HuffmanTable(lengths: DeflateConstants.fixedDistanceLengths[...], kind: .distance))
            fixedTables = tables
            return tables
        }

        /// Reads a dynamic block's code definitions (RFC 1951 §3.2.7).
        private mutating func readDynamicTables() throws(ContentDecodingError.Reason)
            -> (literals: HuffmanTable, distances: HuffmanTable) {
            let literalCount = try reader.bits(5) + 257
            let distanceCount = try reader.bits(5) + 1
            let codeLengthCount = try reader.bits(4) + 4
            // 5 bits can say up to 288 and 32, but only 286 and 30 symbols mean anything.
            guard literalCount <= 286, distanceCount <= 30 else { throw .tooManySymbols }

            var codeLengthLengths = [UInt8](repeating: 0, count: 19)
            for index in 0..<codeLengthCount {
                codeLengthLengths[DeflateConstants.codeLengthOrder[index]] = UInt8(try reader.bits(3))
            }
            let codeLengthCode = try HuffmanTable(lengths: codeLengthLengths[...], kind: .codeLengths)

            // Literal/length and distance lengths form one sequence; repeats may cross between them.
            let total = literalCount + distanceCount
            var lengths = [UInt8](repeating: 0, count: total)
            var index = 0
            try codeLengthCode.entries.withUnsafeBufferPointer { (entries) throws(ContentDecodingError.Reason) in
                while index < total {
                    let symbol = try reader.decode(
                        entries, primaryBits: codeLengthCode.primaryBits, invalid: .incompleteCode(.codeLengths))
                    if symbol < 16 {
                        lengths[index] = UInt8(symbol)
                        index += 1
                        continue
                    }
                    let value: UInt8
                    let repeatCount: Int
                    switch symbol {
                    case 16:
                        guard index > 0 else { throw .invalidRepeat }
                        value = lengths[index - 1]
                        repeatCount = 3 + (try reader.bits(2))
                    case 17:
                        value = 0
                        repeatCount = 3 + (try reader.bits(3))
                    default:
                        value = 0
                        repeatCount = 11 + (try reader.bits(7))
                    }
                    guard repeatCount <= total - index else { throw .invalidRepeat }
                    for offset in index..<(index + repeatCount) { lengths[offset] = value }
                    index += repeatCount
                }
            }
            guard lengths[256] != 0 else { throw .missingEndOfBlock }
            return (
                literals: try HuffmanTable(lengths: lengths[0..<literalCount], kind: .literalLength),
                distances: try HuffmanTable(lengths: lengths[literalCount...], kind: .distance))
        }

        /// Decodes the symbols of one Huffman-coded block up to its end-of-block symbol.
        private mutating func decodeBlock(
            literals: HuffmanTable, distances: HuffmanTable
        ) throws(ContentDecodingError.Reason) {
            try literals.entries.withUnsafeBufferPointer { (literalEntries) throws(ContentDecodingError.Reason) in
                try distances.entries.withUnsafeBufferPointer { (distanceEntries) throws(ContentDecodingError.Reason) in
                    try DeflateConstants.lengths.withUnsafeBufferPointer { (lengthInfo) throws(ContentDecodingError.Reason) in
                        try DeflateConstants.distances.withUnsafeBufferPointer {
                            (distanceInfo) throws(ContentDecodingError.Reason) in
                            try decodeSymbols(
                                literalEntries, literalBits: literals.primaryBits,
                                distanceEntries, distanceBits: distances.primaryBits,
                                lengthInfo: lengthInfo, distanceInfo: distanceInfo)
                        }
                    }
                }
            }
        }

        /// The hot loop: literals are appended, lengths/distances copy earlier output, 256 ends the block.
        @inline(__always)
        private mutating func decodeSymbols(
            _ literalEntries: UnsafeBufferPointer<UInt32>, literalBits: Int,
            _ distanceEntries: UnsafeBufferPointer<UInt32>, distanceBits: Int,
            lengthInfo: UnsafeBufferPointer<UInt32>, distanceInfo: UnsafeBufferPointer<UInt32>
        ) throws(ContentDecodingError.Reason) {
            while true {
                // A length/distance pair needs at most 15+5+15+13 = 48 bits; one refill covers it, and if
                // the refill cannot reach that the input is at its end and reads below detect truncation.
                if reader.count < 48 { reader.refill() }
                let symbol = try reader.decode(
                    literalEntries, primaryBits: literalBits, invalid: .invalidLiteralLengthCode)
                if symbol < 256 {
                    try output.append(UInt8(truncatingIfNeeded: symbol))
                    continue
                }
                if symbol == 256 { return }
                let lengthSymbol = symbol &- 257
                guard lengthSymbol < 29 else { throw .invalidLiteralLengthCode }
                let lengthCode = lengthInfo[lengthSymbol]
                let length = Int(lengthCode & 0xFFFF) &+ (try reader.bits(Int(lengthCode >> 16)))

                let distanceSymbol = try reader.decode(
                    distanceEntries, primaryBits: distanceBits, invalid: .invalidDistanceCode)
                guard distanceSymbol < 30 else { throw .invalidDistanceCode }
                let distanceCode = distanceInfo[distanceSymbol]
                let distance = Int(distanceCode & 0xFFFF) &+ (try reader.bits(Int(distanceCode >> 16)))
                guard distance <= output.count &- windowStart else { throw .distanceTooFarBack }
                try output.copyMatch(distance: distance, length: length)
            }
        }
    }
}
