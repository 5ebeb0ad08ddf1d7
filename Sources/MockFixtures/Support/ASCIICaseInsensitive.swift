/// Compares two strings ignoring ASCII case only, as HTTP methods, header names and media types
/// are compared. Its callers pass concrete `String`/`Substring`, so the optimiser specialises it.
func equalsIgnoringASCIICase(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
    let left = lhs.utf8, right = rhs.utf8
    guard left.count == right.count else { return false }
    // Native strings are contiguous UTF-8: compare the buffers (iterating two UTF8Views in
    // step validates every index and costs about a hundred instructions a byte).
    let contiguous = left.withContiguousStorageIfAvailable { leftBytes in
        right.withContiguousStorageIfAvailable { rightBytes in
            bytesEqualIgnoringASCIICase(leftBytes, rightBytes)
        }
    }
    if let contiguous, let result = contiguous { return result }
    for (a, b) in zip(left, right) where a != b {
        guard asciiLowercased(a) == asciiLowercased(b) else { return false }
    }
    return true
}

@inline(__always)
private func bytesEqualIgnoringASCIICase(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    for index in left.indices where left[index] != right[index] {
        guard asciiLowercased(left[index]) == asciiLowercased(right[index]) else { return false }
    }
    return true
}

@inline(__always)
package func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
}
