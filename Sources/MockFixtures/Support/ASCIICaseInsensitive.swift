/// Compares two strings ignoring ASCII case only, as HTTP methods, header names and media types
/// are compared. Its callers pass concrete `String`/`Substring`, so the optimiser specialises it.
func equalsIgnoringASCIICase(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
    let left = lhs.utf8, right = rhs.utf8
    guard left.count == right.count else { return false }
    for (a, b) in zip(left, right) where a != b {
        guard asciiLowercased(a) == asciiLowercased(b) else { return false }
    }
    return true
}

@inline(__always)
private func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
}
