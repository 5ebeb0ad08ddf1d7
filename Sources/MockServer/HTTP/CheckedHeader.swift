/// The request headers ``RequestHead`` looks at before any body is read: those that decide where
/// a request ends (RFC 9112 §6) and which host it is for, and `Cookie`, which takes twice its
/// size in libmicrohttpd's memory pool (it copies cookies while parsing them).
enum CheckedHeader: Sendable, Equatable {
    case host
    case contentLength
    case transferEncoding
    case cookie

    /// The header named `name` (ASCII bytes, any case); nil for every other header.
    init?(name: UnsafeBufferPointer<UInt8>) {
        switch name.count {
        case 4 where Self.name(name, equals: "host"): self = .host
        case 6 where Self.name(name, equals: "cookie"): self = .cookie
        case 14 where Self.name(name, equals: "content-length"): self = .contentLength
        case 17 where Self.name(name, equals: "transfer-encoding"): self = .transferEncoding
        default: return nil
        }
    }

    private static func name(_ name: UnsafeBufferPointer<UInt8>, equals lowercased: StaticString) -> Bool {
        HeaderNameBytes.name(UnsafeRawBufferPointer(name), equals: UnsafeRawBufferPointer(start: lowercased.utf8Start, count: lowercased.utf8CodeUnitCount))
    }
}
