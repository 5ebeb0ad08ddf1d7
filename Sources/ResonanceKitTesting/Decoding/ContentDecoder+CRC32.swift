extension ContentDecoder {
    /// CRC-32 as gzip uses it (RFC 1952 §8: reflected polynomial 0xEDB88320), computed 8 bytes at a time
    /// with eight 256-entry tables ("slicing-by-8") because it runs over every decoded byte.
    enum CRC32 {
        /// Table k maps a byte to the CRC contribution of that byte followed by k zero bytes.
        private static let tables: [UInt32] = {
            var tables = [UInt32](repeating: 0, count: 8 * 256)
            for byte in 0..<256 {
                var crc = UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
                tables[byte] = crc
            }
            for slice in 1..<8 {
                for byte in 0..<256 {
                    let previous = tables[(slice - 1) * 256 + byte]
                    tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
                }
            }
            return tables
        }()

        /// The CRC-32 of `bytes`.
        static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            tables.withUnsafeBufferPointer { table in
                var crc: UInt32 = 0xFFFF_FFFF
                var index = 0
                let count = bytes.count
                while count &- index >= 8 {
                    let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index &+ 1]) << 8
                        | UInt32(bytes[index &+ 2]) << 16 | UInt32(bytes[index &+ 3]) << 24)
                    crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                        ^ table[3 * 256 + Int(bytes[index &+ 4])] ^ table[2 * 256 + Int(bytes[index &+ 5])]
                        ^ table[1 * 256 + Int(bytes[index &+ 6])] ^ table[Int(bytes[index &+ 7])]
                    index &+= 8
                }
                while index < count {
                    crc = (crc >> 8) ^ table[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                    index &+= 1
                }
                return ~crc
            }
        }
    }
}
