import ResonanceKitTesting
import TestSupport

/// What one `ContentDecoder.decode` call did, as a value the tests can compare.
enum DecodeOutcome: Equatable, CustomStringConvertible {
    case decoded([UInt8])
    case unknownCoding
    case failed(ContentDecodingError)

    /// Decodes `body`; the default limit is far above every test body.
    init(decoding body: [UInt8], coding: String, limit: Int = 1 << 30) {
        do {
            if let decoded = try ContentDecoder.decode(body, coding: coding, limit: limit) {
                self = .decoded(decoded)
            } else {
                self = .unknownCoding
            }
        } catch {
            self = .failed(error)
        }
    }

    /// The error, when decoding failed.
    var error: ContentDecodingError? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// Short, also for large outputs (a failed `#expect` prints it).
    var description: String {
        switch self {
        case .decoded(let bytes): return "decoded \(ContentDecoderVectors.Digest(of: bytes))"
        case .unknownCoding: return "nil (unknown coding)"
        case .failed(let error): return "threw \(error.reason) (\(error))"
        }
    }
}

/// CRC-32 and Adler-32 written the plain way, independently of the decoder's fast versions.
enum ReferenceChecksum {
    /// A byte's CRC-32 contribution, one bit at a time (RFC 1952 §8).
    private static let table: [UInt32] = (0..<256).map { byte in
        var crc = UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    /// CRC-32 of `bytes`, one table lookup per byte.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes { crc = (crc >> 8) ^ table[Int((crc ^ UInt32(byte)) & 0xFF)] }
            return ~crc
        }
    }

    /// CRC-32 of `bytes`, bit by bit: the definition, for checking the table-driven versions.
    static func bitwiseCRC32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32 of `bytes`, reducing after every byte (RFC 1950 §8.2).
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}


/// Streams built in Swift from stored (uncompressed) DEFLATE blocks, with checksums chosen by the test.
enum StoredStream {
    /// A gzip member holding `data` with the given CRC-32 and ISIZE trailer.
    static func gzip(_ data: [UInt8], crc: UInt32, size: UInt32? = nil) -> [UInt8] {
        [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + deflate(data)
            + littleEndian(crc) + littleEndian(size ?? UInt32(truncatingIfNeeded: data.count))
    }

    /// A zlib stream holding `data` with the given Adler-32 trailer.
    static func zlib(_ data: [UInt8], adler: UInt32) -> [UInt8] {
        [0x78, 0x01] + deflate(data) + littleEndian(adler).reversed()
    }

    /// Raw DEFLATE: stored blocks of at most 65535 bytes, the last one final (RFC 1951 §3.2.4).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = []
        var start = 0
        repeat {
            let end = min(data.count, start + 65535)
            let length = UInt16(end - start)
            stream.append(end == data.count ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        return stream
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
