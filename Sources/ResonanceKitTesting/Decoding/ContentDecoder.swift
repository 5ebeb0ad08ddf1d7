// Pure-Swift decoding of HTTP `Content-Encoding: gzip` / `deflate` bodies.
//
// Written from the specifications:
//   RFC 1951 — DEFLATE compressed data format
//   RFC 1950 — zlib data format (what HTTP calls "deflate", RFC 9110 §8.4.1.2)
//   RFC 1952 — gzip file format
//   RFC 9110 §8.4 — Content-Encoding lists
// No Foundation, no C, no zlib.

/// Decodes an HTTP body by its Content-Encoding.
package enum ContentDecoder {
    /// The decoded bytes of `body` for the Content-Encoding header value `coding` (case-insensitive,
    /// spaces trimmed; a list like "gzip, identity" is applied right to left as RFC 9110 §8.4 says,
    /// "identity" is a no-op). Returns nil when the coding is one it does not know (e.g. "br", "zstd"),
    /// so the caller can hand over the bytes unchanged. Throws ContentDecodingError on corrupt data.
    ///
    /// `limit` caps the size of every decoded result (a negative limit counts as 0): a step whose output
    /// would grow past it throws `.limitExceeded` as soon as that happens, and the returned bytes are never
    /// longer than `limit` — also for plain "identity" bodies. An empty body decodes to an empty body for
    /// every known coding (HEAD / 204 / 304 responses often carry the header without a body).
    package static func decode(_ body: [UInt8], coding: String, limit: Int) throws(ContentDecodingError) -> [UInt8]? {
        // Check the whole list before doing any work, so an unknown coding anywhere returns nil cheaply.
        guard let codings = ContentCoding.parseList(coding) else { return nil }
        let cap = max(0, limit)
        var bytes = body
        // The last coding listed was applied last by the sender, so it is undone first.
        for step in codings.reversed() {
            do throws(ContentDecodingError.Reason) {
                switch step {
                case .identity: break
                case .gzip: bytes = try GzipFormat.decode(bytes, limit: cap)
                case .deflate: bytes = try ZlibFormat.decode(bytes, limit: cap)
                }
            } catch {
                throw ContentDecodingError(error, coding: step.name)
            }
        }
        guard bytes.count <= cap else {
            throw ContentDecodingError(.limitExceeded(cap), coding: codings.last?.name ?? "identity")
        }
        return bytes
    }
}

/// Why a body could not be decoded, in plain words (see `description`).
package struct ContentDecodingError: Error, Equatable, CustomStringConvertible {
    /// The Huffman code a code-set problem was found in (RFC 1951 §3.2.7).
    package enum CodeKind: Equatable, Sendable {
        /// The code used to send the other two codes' lengths.
        case codeLengths
        /// The literal/length code.
        case literalLength
        /// The distance code.
        case distance
    }

    /// What exactly is wrong with the data (also thrown internally, before the coding is known).
    package enum Reason: Error, Equatable, Sendable {
        /// The input ended before the data was complete.
        case truncated
        /// The gzip member does not start with 1F 8B.
        case badGzipMagic
        /// The gzip compression method is not 8 (deflate).
        case unsupportedGzipMethod(UInt8)
        /// The gzip FLG byte has reserved bits set (RFC 1952 §2.3.1 says to reject those).
        case reservedGzipFlags(UInt8)
        /// The gzip FHCRC header checksum does not match the header.
        case gzipHeaderCRCMismatch(stored: UInt16, computed: UInt16)
        /// The gzip CRC-32 trailer does not match the decoded bytes.
        case crc32Mismatch(stored: UInt32, computed: UInt32)
        /// The gzip ISIZE trailer (size mod 2^32) does not match the decoded size.
        case sizeMismatch(stored: UInt32, computed: UInt32)
        /// The zlib Adler-32 trailer does not match the decoded bytes.
        case adler32Mismatch(stored: UInt32, computed: UInt32)
        /// The zlib stream needs a preset dictionary, which HTTP has no way to supply.
        case zlibPresetDictionary
        /// Non-zero bytes follow the end of the compressed data.
        case trailingGarbage
        /// A block header has BTYPE 11, which RFC 1951 reserves.
        case invalidBlockType
        /// A stored block's NLEN is not the one's complement of LEN.
        case storedLengthMismatch
        /// A dynamic block declares more than 286 literal/length or 30 distance codes.
        case tooManySymbols
        /// A set of code lengths gives more codes than there are bit patterns.
        case oversubscribedCode(CodeKind)
        /// A set of code lengths leaves bit patterns unused (allowed only for a single one-bit code).
        case incompleteCode(CodeKind)
        /// A code-length repeat (symbols 16–18) has nothing to repeat or runs past the end.
        case invalidRepeat
        /// A dynamic block's literal/length code has no end-of-block symbol (256).
        case missingEndOfBlock
        /// A literal/length symbol that does not exist (286, 287, or an unused bit pattern).
        case invalidLiteralLengthCode
        /// A distance symbol that does not exist (30, 31, or an unused bit pattern).
        case invalidDistanceCode
        /// A match refers back before the start of the decoded data.
        case distanceTooFarBack
        /// The decoded data would be larger than the caller's limit.
        case limitExceeded(Int)
    }

    /// What is wrong.
    package let reason: Reason
    /// The content coding being undone when it went wrong ("gzip", "deflate" or "identity").
    package let coding: String

    /// Makes an error for `reason`, found while undoing `coding`.
    init(_ reason: Reason, coding: String) {
        self.reason = reason
        self.coding = coding
    }

    /// A plain-words message, e.g. "gzip body: bad header magic" or "decoded body exceeds 1024 bytes".
    package var description: String {
        if case .limitExceeded(let limit) = reason { return "decoded body exceeds \(limit) bytes" }
        return "\(coding) body: \(Self.explain(reason))"
    }

    /// The message text for one reason, without the coding prefix.
    private static func explain(_ reason: Reason) -> String {
        switch reason {
        case .truncated: return "truncated input (the compressed data ends too early)"
        case .badGzipMagic: return "bad header magic (not a gzip member)"
        case .unsupportedGzipMethod(let method): return "unsupported compression method \(method)"
        case .reservedGzipFlags(let flags): return "reserved header flag bits set (FLG \(flags))"
        case .gzipHeaderCRCMismatch(let stored, let computed):
            return "header CRC16 mismatch (stored \(hex(UInt32(stored))), computed \(hex(UInt32(computed))))"
        case .crc32Mismatch(let stored, let computed):
            return "CRC32 mismatch (stored \(hex(stored)), computed \(hex(computed)))"
        case .sizeMismatch(let stored, let computed):
            return "ISIZE mismatch (stored \(stored), decoded \(computed) mod 2^32)"
        case .adler32Mismatch(let stored, let computed):
            return "Adler-32 mismatch (stored \(hex(stored)), computed \(hex(computed)))"
        case .zlibPresetDictionary: return "zlib stream needs a preset dictionary"
        case .trailingGarbage: return "unexpected data after the end of the compressed stream"
        case .invalidBlockType: return "invalid block type 3"
        case .storedLengthMismatch: return "invalid stored block lengths (NLEN is not ~LEN)"
        case .tooManySymbols: return "too many length or distance symbols"
        case .oversubscribedCode(let kind): return "over-subscribed \(name(kind)) code"
        case .incompleteCode(let kind): return "incomplete \(name(kind)) code"
        case .invalidRepeat: return "invalid code length repeat"
        case .missingEndOfBlock: return "literal/length code has no end-of-block symbol"
        case .invalidLiteralLengthCode: return "invalid literal/length code"
        case .invalidDistanceCode: return "invalid distance code"
        case .distanceTooFarBack: return "invalid distance too far back"
        case .limitExceeded(let limit): return "decoded body exceeds \(limit) bytes"
        }
    }

    /// A human name for a code kind.
    private static func name(_ kind: CodeKind) -> String {
        switch kind {
        case .codeLengths: return "code-length"
        case .literalLength: return "literal/length"
        case .distance: return "distance"
        }
    }

    /// `value` as 0x-prefixed hex.
    private static func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }
}

// MARK: - Coding list

extension ContentDecoder {
    /// One content coding this decoder knows how to undo.
    enum ContentCoding: Sendable, Equatable {
        /// No transformation.
        case identity
        /// RFC 1952 gzip (also sent as "x-gzip").
        case gzip
        /// RFC 1950 zlib, or raw RFC 1951 DEFLATE from servers that get it wrong.
        case deflate

        /// The name used in error messages.
        var name: String {
            switch self {
            case .identity: return "identity"
            case .gzip: return "gzip"
            case .deflate: return "deflate"
            }
        }

        /// Parses a Content-Encoding field value into codings in the order listed, or nil if any
        /// coding is unknown. Empty list elements are skipped (RFC 9110 §5.6.1 allows them).
        static func parseList(_ value: String) -> [ContentCoding]? {
            var result: [ContentCoding] = []
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let token = trimmed(element).lowercased()
                switch token {
                case "": continue
                case "identity": result.append(.identity)
                case "gzip", "x-gzip": result.append(.gzip)  // x-gzip: RFC 9110 §8.4.1.3
                case "deflate": result.append(.deflate)
                default: return nil
                }
            }
            return result
        }

        /// `text` without leading and trailing spaces and tabs (HTTP "OWS").
        private static func trimmed(_ text: Substring) -> Substring {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            guard let first = text.firstIndex(where: { !isSpace($0) }),
                  let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
            return text[first...last]
        }
    }
}

// MARK: - gzip (RFC 1952)

extension ContentDecoder {
    /// Decodes gzip data: one or more members, each a header, a DEFLATE stream and a CRC32/ISIZE trailer.
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

// MARK: - zlib (RFC 1950) and raw DEFLATE

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

    /// Throws `.trailingGarbage` unless every byte from `position` on is zero.
    static func requireZeroPadding(
        _ input: UnsafeBufferPointer<UInt8>, from position: Int
    ) throws(ContentDecodingError.Reason) {
        var index = position
        while index < input.count {
            guard input[index] == 0 else { throw .trailingGarbage }
            index += 1
        }
    }
}

// MARK: - Byte-level reading for the framing

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

// MARK: - Output buffer

extension ContentDecoder {
    /// The decoded bytes so far, in manually managed memory so the hot loop writes without Array's
    /// uniqueness and bounds checks. Never grows past `limit`. Non-copyable so the memory has one owner
    /// and is freed exactly once, also when decoding throws.
    struct OutputBuffer: ~Copyable {
        /// Spare bytes allocated past `capacity`, so match copies may write a few bytes too many in
        /// 8-byte chunks; those bytes are never counted and are overwritten by later output.
        private static let slack = 16

        private var base: UnsafeMutablePointer<UInt8>
        /// Usable bytes at `base` (always ≤ `limit`).
        private var capacity: Int
        /// Bytes written so far.
        private(set) var count = 0
        /// The most bytes this buffer may ever hold.
        let limit: Int

        /// An empty buffer with room for `capacityHint` bytes (clamped to `limit`).
        init(capacityHint: Int, limit: Int) {
            self.limit = limit
            capacity = min(max(capacityHint, 1024), limit)
            base = .allocate(capacity: capacity + Self.slack)
        }

        /// Frees the memory (runs on success and when decoding throws).
        deinit { base.deallocate() }

        /// The bytes written since offset `start`.
        func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: base + start, count: count - start)
        }

        /// A copy of everything written.
        func makeArray() -> [UInt8] {
            Array(UnsafeBufferPointer(start: base, count: count))
        }

        /// Appends one byte.
        @inline(__always)
        mutating func append(_ byte: UInt8) throws(ContentDecodingError.Reason) {
            if count == capacity { try grow(toFit: 1) }
            base[count] = byte
            count &+= 1
        }

        /// Appends a run of bytes (a stored block).
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(ContentDecodingError.Reason) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            if capacity - count < bytes.count { try grow(toFit: bytes.count) }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        /// Appends `length` bytes copied from `distance` bytes back (an LZ77 match, RFC 1951 §3.2.5).
        /// The caller has checked that `distance` is within the data written so far.
        @inline(__always)
        mutating func copyMatch(distance: Int, length: Int) throws(ContentDecodingError.Reason) {
            if capacity &- count < length { try grow(toFit: length) }
            let destination = base + count
            let source = destination - distance
            if distance >= 8 {
                // Chunks of 8: each chunk's source bytes are already final because they lie at least
                // 8 bytes before the chunk. Overshoot of up to 7 bytes lands in later output or the slack.
                var offset = 0
                repeat {
                    let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(destination + offset).storeBytes(of: word, as: UInt64.self)
                    offset &+= 8
                } while offset < length
            } else if distance == 1 {
                destination.update(repeating: source.pointee, count: length)
            } else {
                // Overlapping (the match repeats a short pattern): must go byte by byte, front to back.
                for index in 0..<length { destination[index] = source[index] }
            }
            count &+= length
        }

        /// Makes room for `extra` more bytes, or throws if that would pass the limit.
        private mutating func grow(toFit extra: Int) throws(ContentDecodingError.Reason) {
            guard extra <= limit - count else { throw .limitExceeded(limit) }
            let doubled = capacity > limit / 2 ? limit : capacity * 2
            let newCapacity = min(limit, max(count + extra, doubled))
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + Self.slack)
            newBase.initialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }
}

// MARK: - Bit reading (RFC 1951 §3.1.1)

extension ContentDecoder {
    /// Reads the DEFLATE bit stream: bits are taken from each byte least-significant first, and up to
    /// 64 of them are kept in a register so most reads touch no memory.
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

// MARK: - Huffman tables (RFC 1951 §3.2.2)

extension ContentDecoder {
    /// A canonical Huffman code as lookup tables: a primary table indexed by the next `primaryBits`
    /// input bits, plus second-level tables for the longer codes, so one or two lookups decode a symbol.
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

// MARK: - Inflate (RFC 1951)

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

    /// Decodes DEFLATE streams from `input` into one output buffer (consecutive gzip members share it).
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

// MARK: - Checksums

extension ContentDecoder {
    /// CRC-32 as gzip uses it (RFC 1952 §8: reflected polynomial 0xEDB88320), computed 8 bytes at a time
    /// with eight 256-entry tables ("slicing-by-8") because it runs over every decoded byte.
    enum CRC32 {
        /// Table k maps a byte to the CRC contribution of that byte followed by k zero bytes.
        private static let tables: [UInt32] = {
            var tables = [UInt32](repeating: 0, count: 8 * 256)
            for byte in 0..<256 {
                var crc = UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
                tables[byte] = crc
            }
            for slice in 1..<8 {
                for byte in 0..<256 {
                    let previous = tables[(slice - 1) * 256 + byte]
                    tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
                }
            }
            return tables
        }()

        /// The CRC-32 of `bytes`.
        static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            tables.withUnsafeBufferPointer { table in
                var crc: UInt32 = 0xFFFF_FFFF
                var index = 0
                let count = bytes.count
                while count &- index >= 8 {
                    let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index &+ 1]) << 8
                        | UInt32(bytes[index &+ 2]) << 16 | UInt32(bytes[index &+ 3]) << 24)
                    crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                        ^ table[3 * 256 + Int(bytes[index &+ 4])] ^ table[2 * 256 + Int(bytes[index &+ 5])]
                        ^ table[1 * 256 + Int(bytes[index &+ 6])] ^ table[Int(bytes[index &+ 7])]
                    index &+= 8
                }
                while index < count {
                    crc = (crc >> 8) ^ table[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                    index &+= 1
                }
                return ~crc
            }
        }
    }

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
