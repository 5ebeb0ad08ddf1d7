import ResonanceKitTesting
import Testing

/// The `limit` parameter: it caps every decoded result, for every coding, and stops a zip bomb as soon
/// as its output passes the limit instead of inflating it all.
@Suite struct ContentDecoderLimitTests {
    /// Stored, fixed and dynamic blocks, multi-member gzip, a 32 KiB window, a long run and a coding list.
    @Test(arguments: [
        "text 2K gzip level 0", "text 2K zlib level 6", "text 2K raw level 9", "text 1K raw Z_FIXED",
        "gzip 4 members (one empty)", "distance 32768 length 258 (hand-made)", "run of a x 70000 gzip level 9",
        "deflate then gzip (coding list \"deflate, gzip\")",
    ])
    func outputsFitALimitOfTheirSizeButNotOneByteLess(name: String) throws {
        let stream = try #require(ContentDecoderVectors.validStream(named: name))
        let size = stream.expected.count
        let decoded = try #require(try ContentDecoder.decode(stream.body, coding: stream.coding, limit: size))
        #expect(ContentDecoderVectors.Digest(of: decoded) == stream.expected.digest)

        for limit in [size - 1, 0] {
            let outcome = DecodeOutcome(decoding: stream.body, coding: stream.coding, limit: limit)
            #expect(outcome.error?.reason == .limitExceeded(limit), "limit \(limit): \(outcome)")
        }
    }

    /// The limit also applies when there is nothing to decode, and a negative one counts as 0.
    @Test func identityBodiesAreCappedAndNegativeLimitsCountAsZero() {
        let body = Array("12345".utf8)
        let overLimit = DecodeOutcome(decoding: body, coding: "identity", limit: 4)
        #expect(overLimit == .failed(ContentDecodingError(.limitExceeded(4), coding: "identity")))
        #expect(overLimit.error?.description == "decoded body exceeds 4 bytes")
        #expect(DecodeOutcome(decoding: body, coding: "", limit: -1)
            == .failed(ContentDecodingError(.limitExceeded(0), coding: "identity")))
        #expect(DecodeOutcome(decoding: body, coding: "identity", limit: 5) == .decoded(body))
    }

    /// 1 MiB of zeros in about 1 KB, and 64 MiB of zeros gzipped twice into a few hundred bytes
    /// ("gzip, gzip": the first step gives ~64 KB, under the limit; the second passes it). The output
    /// buffer never grows past the limit, so decoding stops there; a 1 MiB bomb with a limit of its
    /// full size decodes completely (the 64 MiB one is not decoded in full: too slow in a debug build).
    @Test(arguments: ContentDecoderVectors.bombs)
    func zipBombsStopAtTheLimit(_ bomb: ContentDecoderVectors.Bomb) throws {
        let limit = 256 << 10
        let failing = bomb.coding == "deflate" ? "deflate" : "gzip"
        let outcome = DecodeOutcome(decoding: bomb.body, coding: bomb.coding, limit: limit)
        #expect(outcome == .failed(ContentDecodingError(.limitExceeded(limit), coding: failing)))

        if bomb.decoded.count <= 1 << 20 {
            let decoded = try #require(try ContentDecoder.decode(bomb.body, coding: bomb.coding, limit: bomb.decoded.count))
            #expect(ContentDecoderVectors.Digest(of: decoded) == bomb.decoded)
        }
    }
}
