/// Random (version 4) UUIDs as lower-case text, without Foundation.
enum RandomUUID {
    /// `0f8fad5b-d9cb-469f-a165-70867728950e`
    static func string() -> String {
        var generator = SystemRandomNumberGenerator()
        var high = generator.next() as UInt64
        var low = generator.next() as UInt64
        high = (high & ~0xF000) | 0x4000                                    // version 4
        low = (low & ~(0xC000_0000_0000_0000 as UInt64)) | 0x8000_0000_0000_0000   // RFC 4122 variant
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for (index, nibble) in (Self.nibbles(high) + Self.nibbles(low)).enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func nibbles(_ value: UInt64) -> [UInt8] {
        (0..<16).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 4)) & 0x0F }
    }
}
