import ResonanceKitTesting
import Testing

// The shapes of the generated vectors in ContentDecoderVectors.swift (scripts/generate-decoder-vectors.py).
// Inputs are hex strings; `bytes(hex:)` turns them into bodies.

extension ContentDecoderVectors {
    /// An expected decoded body: its bytes when small, otherwise only its length and CRC-32.
    struct Plaintext: Sendable {
        let name: String
        let count: Int
        let crc: UInt32
        /// The bytes as hex, or nil when the plaintext is only known by `count` and `crc`.
        let hex: String?

        /// Length and CRC-32, which every plaintext has.
        var digest: Digest { Digest(count: count, crc: crc) }
    }

    /// A decoded body's length and CRC-32 (computed by ``ReferenceChecksum``, not by the decoder).
    struct Digest: Sendable, Equatable, CustomStringConvertible {
        let count: Int
        let crc: UInt32

        init(count: Int, crc: UInt32) {
            self.count = count
            self.crc = crc
        }

        init(of bytes: [UInt8]) {
            self.init(count: bytes.count, crc: ReferenceChecksum.crc32(bytes))
        }

        var description: String { "\(count) bytes, CRC-32 0x\(String(crc, radix: 16))" }
    }

    /// A stream that must decode to `plaintexts[plain]`.
    struct ValidStream: Sendable, CustomTestStringConvertible {
        let name: String
        let coding: String
        let plain: Int
        let input: String

        var body: [UInt8] { bytes(hex: input) }
        var expected: Plaintext { plaintexts[plain] }
        var testDescription: String { name }
    }

    /// A stream that must throw exactly `reason`, found while undoing the coding named `failing`.
    struct CorruptStream: Sendable, CustomTestStringConvertible {
        let name: String
        let coding: String
        let reason: ContentDecodingError.Reason
        let failing: String
        let input: String

        var body: [UInt8] { bytes(hex: input) }
        var expectedError: ContentDecodingError { ContentDecodingError(reason, coding: failing) }
        var testDescription: String { name }
    }

    /// One edit of a stream: `removing` bytes at `position` replaced by the bytes `inserting` (hex).
    struct Splice: Sendable {
        let position: Int
        let removing: Int
        let inserting: String

        init(_ position: Int, _ removing: Int, _ inserting: String) {
            self.position = position
            self.removing = removing
            self.inserting = inserting
        }
    }

    /// A base stream with edits applied in order, and what zlib made of the result (nil: it failed).
    struct Differential: Sendable, CustomTestStringConvertible {
        let base: Int
        let edits: [Splice]
        let zlib: Digest?

        var body: [UInt8] {
            var body = bytes(hex: differentialBases[base])
            for edit in edits {
                body.replaceSubrange(edit.position..<(edit.position + edit.removing), with: bytes(hex: edit.inserting))
            }
            return body
        }

        var testDescription: String {
            "base \(base) edited at " + edits.map { String($0.position) }.joined(separator: ", ")
        }
    }

    /// A tiny body that decodes to a huge one.
    struct Bomb: Sendable, CustomTestStringConvertible {
        let name: String
        let coding: String
        let decoded: Digest
        let input: String

        var body: [UInt8] { bytes(hex: input) }
        var testDescription: String { name }
    }

    /// The valid streams named in `truncationNames`.
    static var truncationStreams: [ValidStream] {
        truncationNames.compactMap { name in validStreams.first { $0.name == name } }
    }

    /// The valid stream called `name`.
    static func validStream(named name: String) -> ValidStream? {
        validStreams.first { $0.name == name }
    }

    /// Bytes from a hex string; anything but 0-9 and a-f (the line breaks of long literals) is skipped.
    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(hex.utf8.count / 2)
        var high: UInt8?
        for character in hex.utf8 {
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            default: continue
            }
            if let first = high {
                result.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return result
    }
}
