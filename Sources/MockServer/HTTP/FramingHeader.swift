/// The request headers that decide where a request ends (RFC 9112 §6) and which host it is for:
/// the ones ``RequestHead`` checks before any body is read.
enum FramingHeader: Sendable, Equatable {
    case host
    case contentLength
    case transferEncoding

    /// The header named `name` (ASCII bytes, any case); nil for every other header.
    init?(name: some Collection<UInt8>) {
        switch name.count {
        case 4 where Self.name(name, equals: "host"): self = .host
        case 14 where Self.name(name, equals: "content-length"): self = .contentLength
        case 17 where Self.name(name, equals: "transfer-encoding"): self = .transferEncoding
        default: return nil
        }
    }

    private static func name(_ name: some Collection<UInt8>, equals lowercased: StaticString) -> Bool {
        lowercased.withUTF8Buffer { expected in
            name.elementsEqual(expected) { byte, lower in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == lower
            }
        }
    }
}
