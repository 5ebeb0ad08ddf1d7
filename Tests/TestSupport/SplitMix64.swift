/// A seeded random generator (SplitMix64): random inputs in fuzz and differential tests are the
/// same on every run, so a failure can be reproduced.
///
/// ```swift
/// var generator = SplitMix64(state: 42)
/// let byte = UInt8.random(in: 0...255, using: &generator)
/// ```
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64

    package init(state: UInt64) {
        self.state = state
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
