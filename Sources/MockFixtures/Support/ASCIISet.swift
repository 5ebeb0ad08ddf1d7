/// A set of ASCII bytes as two 64-bit masks, tested without a branch per range: the checks that
/// run on every header of every request use it (header names, `Host`).
///
/// ```swift
/// let digits = ASCIISet("0123456789")
/// digits.contains(UInt8(ascii: "7"))   // true
/// ```
package struct ASCIISet: Sendable {
    /// Bit `n` is set when byte `n` (0–63) is in the set.
    package let low: UInt64
    /// Bit `n` is set when byte `64 + n` (64–127) is in the set.
    package let high: UInt64

    /// The set of `members`' bytes (ASCII only); for tests and for building constants.
    package init(_ members: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in members.utf8 {
            precondition(byte < 128, "ASCIISet holds ASCII bytes only")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        self.low = low
        self.high = high
    }

    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    @inline(__always)
    package func contains(_ byte: UInt8) -> Bool {
        let mask = byte < 64 ? low : high
        return byte < 128 && (mask >> UInt64(byte & 63)) & 1 == 1
    }

    /// Whether every byte of `bytes` is in the set.
    package func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        span(in: bytes, from: 0) == bytes.count
    }

    /// The index of the first byte of `bytes` at or after `start` that is not in the set;
    /// `bytes.count` when there is none. The loop runs here, so a caller in another module pays
    /// one call per scan rather than one per byte.
    package func span(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, contains(bytes[index]) {
            index += 1
        }
        return index
    }
}
