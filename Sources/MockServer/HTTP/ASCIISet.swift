/// A set of ASCII bytes as two 64-bit masks, tested without a branch per range: the checks that
/// run on every header of every request use it (header names, `Host`).
struct ASCIISet: Sendable {
    /// Bit `n` is set when byte `n` (0–63) is in the set.
    let low: UInt64
    /// Bit `n` is set when byte `64 + n` (64–127) is in the set.
    let high: UInt64

    /// The set of `members`' bytes (ASCII only); for tests and for building constants.
    init(_ members: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in members.utf8 {
            precondition(byte < 128, "ASCIISet holds ASCII bytes only")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        self.low = low
        self.high = high
    }

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let mask = byte < 64 ? low : high
        return byte < 128 && (mask >> UInt64(byte & 63)) & 1 == 1
    }

    /// Whether every byte of `bytes` is in the set.
    @inline(__always)
    func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices where !contains(bytes[index]) {
            return false
        }
        return true
    }
}
