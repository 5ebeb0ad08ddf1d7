import ResonanceKitTesting
import Testing

/// `ContentDecodingError.description`: plain words, with the coding being undone named first.
@Suite struct ContentDecoderErrorMessageTests {
    @Test(arguments: [
        (ContentDecodingError(.badGzipMagic, coding: "gzip"), "gzip body: bad header magic (not a gzip member)"),
        (ContentDecodingError(.distanceTooFarBack, coding: "deflate"), "deflate body: invalid distance too far back"),
        (ContentDecodingError(.limitExceeded(1024), coding: "gzip"), "decoded body exceeds 1024 bytes"),
        (ContentDecodingError(.crc32Mismatch(stored: 0xAB, computed: 0xCD), coding: "gzip"),
         "gzip body: CRC32 mismatch (stored 0xab, computed 0xcd)"),
        (ContentDecodingError(.sizeMismatch(stored: 5, computed: 4), coding: "gzip"),
         "gzip body: ISIZE mismatch (stored 5, decoded 4 mod 2^32)"),
        (ContentDecodingError(.truncated, coding: "deflate"),
         "deflate body: truncated input (the compressed data ends too early)"),
        (ContentDecodingError(.incompleteCode(.distance), coding: "deflate"), "deflate body: incomplete distance code"),
        (ContentDecodingError(.gzipHeaderCRCMismatch(stored: 0x1234, computed: 0xBEEF), coding: "gzip"),
         "gzip body: header CRC16 mismatch (stored 0x1234, computed 0xbeef)"),
    ])
    func messagesNameTheCodingInPlainWords(error: ContentDecodingError, message: String) {
        #expect(error.description == message)
    }

    /// No two reasons share a message, so a message always tells what went wrong.
    @Test func everyReasonHasAMessageOfItsOwn() {
        let reasons: [ContentDecodingError.Reason] = [
            .truncated, .badGzipMagic, .unsupportedGzipMethod(7), .reservedGzipFlags(0x20),
            .gzipHeaderCRCMismatch(stored: 1, computed: 2), .crc32Mismatch(stored: 1, computed: 2),
            .sizeMismatch(stored: 1, computed: 2), .adler32Mismatch(stored: 1, computed: 2), .zlibPresetDictionary,
            .trailingGarbage, .invalidBlockType, .storedLengthMismatch, .tooManySymbols,
            .oversubscribedCode(.codeLengths), .oversubscribedCode(.literalLength), .oversubscribedCode(.distance),
            .incompleteCode(.codeLengths), .incompleteCode(.literalLength), .incompleteCode(.distance),
            .invalidRepeat, .missingEndOfBlock, .invalidLiteralLengthCode, .invalidDistanceCode,
            .distanceTooFarBack, .limitExceeded(1),
        ]
        let messages = reasons.map { ContentDecodingError($0, coding: "gzip").description }
        #expect(Set(messages).count == reasons.count)
        #expect(messages.allSatisfy { $0.count > "gzip body: ".count })
    }

    /// Every corrupt vector's error starts with the coding that failed.
    @Test func corruptStreamMessagesStartWithTheFailingCoding() {
        for stream in ContentDecoderVectors.corruptStreams {
            let outcome = DecodeOutcome(decoding: stream.body, coding: stream.coding)
            let message = outcome.error?.description ?? "\(outcome)"
            #expect(message.hasPrefix("\(stream.failing) body: "), "\(stream.name): \(message)")
        }
    }
}
