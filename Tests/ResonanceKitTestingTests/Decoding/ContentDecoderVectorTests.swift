import ResonanceKitTesting
import Testing

/// The generated vectors (scripts/generate-decoder-vectors.py): streams made by zlib at every level and
/// strategy, hand-made DEFLATE streams, and corrupt streams each checked against zlib's own verdict.
@Suite struct ContentDecoderVectorTests {
    /// Levels 0/1/6/9 and the zlib strategies in gzip, zlib and raw framing, small windows, flushes,
    /// multi-member gzip, every gzip header flag, coding lists, distance 32768 / length 258, empty bodies.
    @Test(arguments: ContentDecoderVectors.validStreams)
    func validStreamsDecodeToTheirPlaintext(_ stream: ContentDecoderVectors.ValidStream) throws {
        let decoded = try #require(try ContentDecoder.decode(stream.body, coding: stream.coding, limit: 1 << 30))
        let expected = stream.expected
        #expect(ContentDecoderVectors.Digest(of: decoded) == expected.digest, "\(expected.name)")
        if let hex = expected.hex, decoded.count == expected.count {
            // Byte for byte too where the plaintext is stored; report where, not two whole arrays.
            let plaintext = ContentDecoderVectors.bytes(hex: hex)
            let firstDifference = decoded.indices.first { decoded[$0] != plaintext[$0] }
            #expect(firstDifference == nil, "\(expected.name): first difference at byte \(firstDifference ?? 0)")
        }
    }

    /// Framing errors, checksum and size mismatches, trailing garbage, and DEFLATE errors zlib rejects
    /// with the corresponding message: each throws exactly its reason, naming the coding being undone.
    @Test(arguments: ContentDecoderVectors.corruptStreams)
    func corruptStreamsThrowTheirExactReason(_ stream: ContentDecoderVectors.CorruptStream) {
        let outcome = DecodeOutcome(decoding: stream.body, coding: stream.coding)
        #expect(outcome == .failed(stream.expectedError))
    }

    /// Every proper, non-empty prefix of a valid single stream throws `.truncated`: never another error,
    /// a crash or a hang, wherever the cut falls (header, block header, code lengths, symbols, trailer).
    @Test(arguments: ContentDecoderVectors.truncationStreams)
    func truncatedStreamsThrowAtEveryCut(_ stream: ContentDecoderVectors.ValidStream) {
        let body = stream.body
        var wrong: [String] = []
        for length in 1..<body.count {
            let outcome = DecodeOutcome(decoding: Array(body[..<length]), coding: stream.coding)
            if outcome.error?.reason != .truncated { wrong.append("cut at \(length): \(outcome)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(body.count - 1) cuts: \(wrong.prefix(5))")
    }

    /// The truncation list names streams that exist, so no stream silently drops out of that test.
    @Test func everyTruncationStreamIsAValidStream() {
        #expect(ContentDecoderVectors.truncationStreams.count == ContentDecoderVectors.truncationNames.count)
    }
}
