/// 64-bit FNV-1a: a fast, stable (across runs, processes and platforms) hash of bytes, for
/// identifiers that must stay the same for the same content — static files' ETags, recorded
/// body file names. Not for anything an attacker chooses to collide.
///
/// ```swift
/// FNV1a.hash(Array("a".utf8))   // 0xaf63dc4c8601ec8c
/// ```
package enum FNV1a {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    package static let prime: UInt64 = 0x0000_0100_0000_01B3

    package static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash = offsetBasis
            for byte in buffer {
                hash ^= UInt64(byte)
                hash = hash &* prime
            }
            return hash
        }
    }

    /// `value` as exactly `digits` lower-case hex digits (the low ones).
    package static func hex(_ value: UInt64, digits: Int) -> String {
        let masked = digits >= 16 ? value : value & ((1 << (4 * UInt64(digits))) - 1)
        let text = String(masked, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
