/// Why a body could not be decoded, in plain words (see `description`).
///
/// ```swift
/// do {
///     _ = try ContentDecoder.decode(body, coding: "gzip", limit: 1 << 20)
/// } catch {
///     print(error)                          // "gzip body: CRC32 mismatch (stored 0x…, computed 0x…)"
///     if case .limitExceeded = error.reason { … }
/// }
/// ```
package struct ContentDecodingError: Error, Equatable {
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
    package init(_ reason: Reason, coding: String) {
        self.reason = reason
        self.coding = coding
    }
}
