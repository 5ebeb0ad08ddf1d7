import ResonanceKitTesting
import Testing

/// Content-Encoding values (RFC 9110 §8.4): which codings are known, how lists are read and in which
/// order they are undone. Streams with coding lists are also among the generated valid streams.
@Suite struct ContentDecoderCodingTests {
    static let body = Array("plain body".utf8)

    /// Not a gzip or deflate stream, so a decoder that looked at it would throw.
    static let garbage: [UInt8] = [1, 2, 3]

    /// The whole list is checked before anything is decoded, so an unknown coding anywhere in it
    /// returns nil even when a known one comes first and the body is corrupt.
    @Test(arguments: [
        "br", "zstd", "compress", "x-compress", "gzip, br", "br, gzip", "deflate, zstd", "gzip;q=1",
        "gzipx", "x-deflate", "gz ip", "identity, br",
    ])
    func unknownCodingsReturnNilWithoutReadingTheBody(coding: String) throws {
        #expect(try ContentDecoder.decode(Self.garbage, coding: coding, limit: 1 << 20) == nil)
    }

    /// "identity" is a no-op; empty list elements are skipped (RFC 9110 §5.6.1); case and spaces do
    /// not matter.
    @Test(arguments: ["identity", "", " , ,", "IDENTITY", "identity, identity", "\tIdentity ", " , identity,"])
    func identityAndEmptyListsLeaveTheBodyAsItIs(coding: String) throws {
        #expect(try ContentDecoder.decode(Self.body, coding: coding, limit: 1 << 20) == Self.body)
    }

    /// HEAD, 204 and 304 answers often carry the header without a body.
    @Test(arguments: ["gzip", "x-gzip", "deflate", "identity", "gzip, deflate", " GZIP "])
    func emptyBodiesDecodeToEmptyForEveryKnownCoding(coding: String) throws {
        #expect(try ContentDecoder.decode([], coding: coding, limit: 1 << 20) == [])
        #expect(try ContentDecoder.decode([], coding: coding, limit: 0) == [])
        #expect(try ContentDecoder.decode([], coding: coding, limit: -5) == [])
    }

    /// zlib's encodings of empty data, in every framing and at every level, are among the valid streams.
    @Test func encodingsOfEmptyDataAreCovered() {
        let empty = ContentDecoderVectors.validStreams.filter { $0.plain == 0 && !$0.input.isEmpty }
        #expect(empty.count >= 12)
        #expect(Set(empty.map(\.coding)) == ["gzip", "deflate"])
    }

    /// The last coding listed was applied last, so it is undone first, and an error names the coding
    /// being undone when it happened ("x-gzip" is gzip).
    @Test(arguments: [
        // "Hello": not gzip (no 1F 8B); as raw DEFLATE, a stored block whose NLEN is not ~LEN.
        ("deflate, gzip", ContentDecodingError(.badGzipMagic, coding: "gzip")),
        ("gzip, deflate", ContentDecodingError(.storedLengthMismatch, coding: "deflate")),
        ("x-gzip", ContentDecodingError(.badGzipMagic, coding: "gzip")),
        ("gzip, identity", ContentDecodingError(.badGzipMagic, coding: "gzip")),
        ("Deflate, identity", ContentDecodingError(.storedLengthMismatch, coding: "deflate")),
    ])
    func errorsNameTheCodingBeingUndone(coding: String, error: ContentDecodingError) {
        let outcome = DecodeOutcome(decoding: Array("Hello, world".utf8), coding: coding)
        #expect(outcome == .failed(error))
    }
}
