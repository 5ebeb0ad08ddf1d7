import ResonanceKitTesting
import Testing
import TestSupport

/// The gzip CRC-32 and zlib Adler-32 checks, through streams of stored blocks built here: a trailer with
/// the wrong value makes the decoder report the value it computed, which must be the reference one.
@Suite struct ContentDecoderChecksumTests {
    /// 70,000 seeded random bytes: more than one stored block, and past every chunk size the fast
    /// checksums use (8-byte slices for CRC-32, 5552-byte runs for Adler-32).
    static let data: [UInt8] = {
        var generator = SplitMix64(state: 42)
        return (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }()

    @Test func checkValuesMatchThePublishedOnes() {
        let digits = Array("123456789".utf8)
        #expect(DecodeOutcome(decoding: StoredStream.gzip(digits, crc: 0xCBF4_3926), coding: "gzip") == .decoded(digits))
        #expect(DecodeOutcome(decoding: StoredStream.gzip([], crc: 0), coding: "gzip") == .decoded([]))
        let wikipedia = Array("Wikipedia".utf8)
        #expect(DecodeOutcome(decoding: StoredStream.zlib(wikipedia, adler: 0x11E6_0398), coding: "deflate")
            == .decoded(wikipedia))
        #expect(DecodeOutcome(decoding: StoredStream.zlib([], adler: 1), coding: "deflate") == .decoded([]))
    }

    /// Every tail length around the fast paths' chunk sizes.
    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 5551, 5552, 5553, 65535, 65536, 70_000])
    func checksumsMatchTheReferenceAtEveryTailLength(length: Int) {
        let slice = Array(Self.data[..<length])
        let crc = ReferenceChecksum.bitwiseCRC32(slice)
        #expect(ReferenceChecksum.crc32(slice) == crc, "the tests' own table-driven CRC-32")
        #expect(DecodeOutcome(decoding: StoredStream.gzip(slice, crc: crc), coding: "gzip") == .decoded(slice))
        #expect(DecodeOutcome(decoding: StoredStream.gzip(slice, crc: ~crc), coding: "gzip")
            == .failed(ContentDecodingError(.crc32Mismatch(stored: ~crc, computed: crc), coding: "gzip")))

        let adler = ReferenceChecksum.adler32(slice)
        #expect(DecodeOutcome(decoding: StoredStream.zlib(slice, adler: adler), coding: "deflate") == .decoded(slice))
        #expect(DecodeOutcome(decoding: StoredStream.zlib(slice, adler: ~adler), coding: "deflate")
            == .failed(ContentDecodingError(.adler32Mismatch(stored: ~adler, computed: adler), coding: "deflate")))
    }

    /// ISIZE is the decoded size modulo 2^32 (RFC 1952 §2.3.1).
    @Test func gzipSizeTrailerMustMatchTheDecodedSize() {
        let bytes = Array("twelve bytes".utf8)
        let crc = ReferenceChecksum.crc32(bytes)
        #expect(DecodeOutcome(decoding: StoredStream.gzip(bytes, crc: crc, size: 13), coding: "gzip")
            == .failed(ContentDecodingError(.sizeMismatch(stored: 13, computed: 12), coding: "gzip")))
    }
}
