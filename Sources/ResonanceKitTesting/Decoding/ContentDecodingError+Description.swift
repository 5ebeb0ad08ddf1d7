extension ContentDecodingError: CustomStringConvertible {
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
