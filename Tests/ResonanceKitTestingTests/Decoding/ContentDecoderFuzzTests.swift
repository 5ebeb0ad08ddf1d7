import ResonanceKitTesting
import Testing
import TestSupport

/// Damaged input: edited streams compared with zlib, and seeded random mutations that must never crash.
///
/// No decode here can hang: each is bounded by construction. Every step of the decoder consumes input
/// (block headers, code lengths, symbols take at least one bit; running out throws `.truncated`) or
/// produces output, and output never grows past `limit`. So one decode does at most about
/// (input bits + limit) steps, and `swift test`, which has no timeout, always gets an answer.
@Suite struct ContentDecoderFuzzTests {
    /// Raw DEFLATE streams from zlib at several levels and strategies, with bit flips, replaced bytes,
    /// cut ends, insertions and copied runs: we decode exactly when zlib does, to the same bytes.
    @Test(arguments: ContentDecoderVectors.differentials)
    func editedStreamsDecodeExactlyWhenZlibDoes(_ vector: ContentDecoderVectors.Differential) {
        let outcome = DecodeOutcome(decoding: vector.body, coding: "deflate", limit: 1 << 24)
        switch (outcome, vector.zlib) {
        case (.decoded(let bytes), let zlib?):
            #expect(ContentDecoderVectors.Digest(of: bytes) == zlib)
        case (.failed, nil):
            break
        default:
            Issue.record("we \(outcome), zlib \(vector.zlib.map { "decoded \($0)" } ?? "failed")")
        }
    }

    /// The differential set has both verdicts in useful numbers.
    @Test func differentialVectorsIncludeStreamsZlibAcceptsAndRejects() {
        let accepted = ContentDecoderVectors.differentials.filter { $0.zlib != nil }.count
        #expect(accepted >= 50)
        #expect(ContentDecoderVectors.differentials.count - accepted >= 50)
    }

    /// 2,000 mutations of valid streams (bit flips, replaced, inserted, deleted and copied bytes, cut ends)
    /// and random bytes behind valid headers, from a fixed seed: every one decodes within the limit or
    /// throws; none crashes, returns nil or runs away (see the suite's note on bounds).
    @Test func randomMutationsDecodeOrThrowButNeverCrash() {
        let limit = 1 << 20
        var generator = SplitMix64(state: 0x5EED)
        let seeds: [(coding: String, body: [UInt8])] =
            ContentDecoderVectors.truncationStreams.map { ($0.coding, $0.body) }
            + ContentDecoderVectors.validStreams
                .filter { $0.input.utf8.count < 8_000 && !$0.input.isEmpty && ["gzip", "deflate"].contains($0.coding) }
                .map { ($0.coding, $0.body) }
        var decoded = 0
        var failed = 0
        var problems: [String] = []
        for iteration in 0..<2_000 {
            let seed = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
            let body = iteration % 10 == 9
                ? Self.noise(after: seed.coding, iteration: iteration, using: &generator)
                : Self.mutate(seed.body, using: &generator)
            switch DecodeOutcome(decoding: body, coding: seed.coding, limit: limit) {
            case .decoded(let bytes):
                decoded += 1
                if bytes.count > limit { problems.append("#\(iteration): \(bytes.count) bytes, over the limit") }
            case .failed:
                failed += 1
            case .unknownCoding:
                problems.append("#\(iteration): nil for \(seed.coding)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(decoded > 0 && failed > 0, "\(decoded) decoded, \(failed) threw")
    }

    /// Valid framing, random payload: exercises block headers and table building on noise.
    private static func noise(after coding: String, iteration: Int, using generator: inout SplitMix64) -> [UInt8] {
        let header: [UInt8] = coding == "gzip" ? [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
            : (iteration % 20 == 19 ? [0x78, 0x9C] : [])
        return header + (0..<Int.random(in: 1...2000, using: &generator)).map { _ in
            UInt8.random(in: 0...255, using: &generator)
        }
    }

    /// One to four random edits of `body`.
    private static func mutate(_ original: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var body = original
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !body.isEmpty {
            let position = Int.random(in: 0..<body.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: body[position] ^= 1 << UInt8.random(in: 0...7, using: &generator)
            case 1: body[position] = UInt8.random(in: 0...255, using: &generator)
            case 2: body.removeSubrange(position...)
            case 3:
                let inserted = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                body.insert(contentsOf: inserted, at: position)
            case 4:
                let end = min(body.count, position + Int.random(in: 1...16, using: &generator))
                body.removeSubrange(position..<end)
            default:
                let source = Int.random(in: 0..<body.count, using: &generator)
                let length = min(8, body.count - max(source, position))
                for offset in 0..<length { body[position + offset] = body[source + offset] }
            }
        }
        return body
    }
}
