/// The request headers as the journal keeps them: every name and value (without the spaces and
/// tabs around it) back to back in one byte buffer, each preceded by its length, and turned into
/// ``HTTPHeader`` values only when the journal is read.
///
/// Recording runs on every request while reading is an admin call, so the cost sits on the
/// reading side: one allocation per request instead of two strings per header. Measured under
/// callgrind on a GET with a typical app's nine headers (a long `User-Agent`, a bearer token,
/// a request id): 2,900 instructions a request less than an `[HTTPHeader]`; with curl's three
/// short headers, whose strings fit inline, 240 more.
///
/// ```swift
/// let headers = PackedHeaders([HTTPHeader(name: "Host", value: "api.test")])
/// headers.fields   // [HTTPHeader(name: "Host", value: "api.test")]
/// ```
package struct PackedHeaders: Sendable, Equatable {
    /// Per header: the name's length, the name, the value's length, the value. Lengths are
    /// unsigned LEB128 (7 bits a byte, low bits first), so short headers take one byte each.
    private var bytes: [UInt8] = []

    /// `fields`, in order.
    package init(_ fields: [HTTPHeader]) {
        self.init(copying: HeaderList(fields: fields))
    }

    /// Every header `lookup` has, in order, copied through ``RequestHeaderLookup/forEachHeader(_:)``.
    ///
    /// Packs into a stack buffer and makes the array with one allocation and one copy: growing an
    /// array header by header cost about 70 instructions per `append(contentsOf:)` (callgrind).
    /// One pass over the headers, so the final size is not known in advance.
    package init(copying lookup: any RequestHeaderLookup) {
        bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.stackCapacity) { scratch in
            var packer = Packer(scratch: scratch)
            // Through a pointer: a captured `var` would be checked for exclusive access per call.
            withUnsafeMutablePointer(to: &packer) { packer in
                lookup.forEachHeader { name, value in
                    packer.pointee.append(name: name, value: value)
                }
            }
            return packer.bytes()
        }
    }

    /// Packed headers up to this size stay in a stack buffer (a typical client's come to a few
    /// hundred bytes); larger ones move to an array. 4 KiB measured 400 instructions a request
    /// more than 1 KiB, the cost of a larger temporary allocation.
    private static let stackCapacity = 1024

    /// Packs into a fixed buffer, moving to an array only when the buffer is full.
    private struct Packer {
        let scratch: UnsafeMutableBufferPointer<UInt8>
        var count = 0
        var overflow: [UInt8]?

        init(scratch: UnsafeMutableBufferPointer<UInt8>) {
            self.scratch = scratch
        }

        mutating func append(name: UnsafeRawBufferPointer, value untrimmed: UnsafeRawBufferPointer) {
            // Spaces and tabs around a value are not part of it (RFC 9110 §5.5); libmicrohttpd
            // drops the leading ones only and a URLRequest keeps both, so both fronts journal
            // the same value only once they are gone.
            let value = Self.trimmed(untrimmed)
            // Two lengths of at most 10 LEB128 bytes each.
            if overflow == nil, count + name.count + value.count + 20 <= scratch.count, let base = scratch.baseAddress {
                // The common case: straight into the stack buffer.
                var next = Self.writeLength(name.count, at: base + count)
                next = Self.copy(name, to: next)
                next = Self.writeLength(value.count, at: next)
                next = Self.copy(value, to: next)
                count = next - base
                return
            }
            if overflow == nil {
                overflow = Array(scratch[..<count])
            }
            appendToOverflow(name)
            appendToOverflow(value)
        }

        private static func trimmed(_ value: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            var start = 0, end = value.count
            while start < end, value[start] == UInt8(ascii: " ") || value[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, value[end - 1] == UInt8(ascii: " ") || value[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            return start == 0 && end == value.count ? value : UnsafeRawBufferPointer(rebasing: value[start..<end])
        }

        /// The rare path past the stack buffer: a length and the bytes, appended to the array.
        private mutating func appendToOverflow(_ field: UnsafeRawBufferPointer) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { length in
                guard let start = length.baseAddress else { return }
                overflow?.append(contentsOf: UnsafeBufferPointer(start: start, count: Self.writeLength(field.count, at: start) - start))
            }
            overflow?.append(contentsOf: field.assumingMemoryBound(to: UInt8.self))
        }

        /// Writes `length` as unsigned LEB128 (7 bits a byte, low bits first) at `target`;
        /// returns where the next byte goes.
        @inline(__always)
        private static func writeLength(_ length: Int, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            var rest = UInt(length)
            var next = target
            while rest >= 0x80 {
                next.pointee = UInt8(truncatingIfNeeded: rest) | 0x80
                next += 1
                rest >>= 7
            }
            next.pointee = UInt8(rest)
            return next + 1
        }

        /// Copies `source` to `target`; returns where the next byte goes.
        @inline(__always)
        private static func copy(_ source: UnsafeRawBufferPointer, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            if let base = source.baseAddress, !source.isEmpty {
                UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: source.count)
            }
            return target + source.count
        }

        func bytes() -> [UInt8] {
            overflow ?? Array(scratch[..<count])
        }
    }

    package var isEmpty: Bool { bytes.isEmpty }

    /// The headers in arrival order; bytes that are not UTF-8 become U+FFFD, as a server's
    /// decoding of the raw head would.
    package var fields: [HTTPHeader] {
        var fields: [HTTPHeader] = []
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let name = Self.readString(buffer, at: &offset)
                let value = Self.readString(buffer, at: &offset)
                fields.append(HTTPHeader(name: name, value: value))
            }
        }
        return fields
    }

    /// Reads one length and the bytes it counts, moving `offset` past both. The buffer is only
    /// ever written by `Packer`, so lengths and bytes are always complete.
    private static func readString(_ buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> String {
        var length = 0
        var shift = 0
        while true {
            let byte = buffer[offset]
            offset += 1
            length |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + length]), as: UTF8.self)
        offset += length
        return text
    }
}
