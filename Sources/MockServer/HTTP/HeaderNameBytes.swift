/// Header names as libmicrohttpd hands them over: bytes, in the case the client sent.
enum HeaderNameBytes {
    /// Whether `name` is `lowercased` in any case, byte by byte (this runs for every header of
    /// every request, and for every header a lookup passes).
    @inline(__always)
    static func name(_ name: UnsafeRawBufferPointer, equals lowercased: UnsafeRawBufferPointer) -> Bool {
        guard name.count == lowercased.count else { return false }
        for index in 0..<name.count {
            let byte = name[index]
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if folded != lowercased[index] { return false }
        }
        return true
    }
}
