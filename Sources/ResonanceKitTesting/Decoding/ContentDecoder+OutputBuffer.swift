extension ContentDecoder {
    /// The decoded bytes so far, in manually managed memory so the hot loop writes without Array's
    /// uniqueness and bounds checks. Never grows past `limit`. Non-copyable so the memory has one owner
    /// and is freed exactly once, also when decoding throws.
    struct OutputBuffer: ~Copyable {
        /// Spare bytes allocated past `capacity`, so match copies may write a few bytes too many in
        /// 8-byte chunks; those bytes are never counted and are overwritten by later output.
        private static let slack = 16

        private var base: UnsafeMutablePointer<UInt8>
        /// Usable bytes at `base` (always ≤ `limit`).
        private var capacity: Int
        /// Bytes written so far.
        private(set) var count = 0
        /// The most bytes this buffer may ever hold.
        let limit: Int

        /// An empty buffer with room for `capacityHint` bytes (clamped to `limit`).
        init(capacityHint: Int, limit: Int) {
            self.limit = limit
            capacity = min(max(capacityHint, 1024), limit)
            base = .allocate(capacity: capacity + Self.slack)
        }

        /// Frees the memory (runs on success and when decoding throws).
        deinit { base.deallocate() }

        /// The bytes written since offset `start`.
        func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: base + start, count: count - start)
        }

        /// A copy of everything written.
        func makeArray() -> [UInt8] {
            Array(UnsafeBufferPointer(start: base, count: count))
        }

        /// Appends one byte.
        @inline(__always)
        mutating func append(_ byte: UInt8) throws(ContentDecodingError.Reason) {
            if count == capacity { try grow(toFit: 1) }
            base[count] = byte
            count &+= 1
        }

        /// Appends a run of bytes (a stored block).
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(ContentDecodingError.Reason) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            if capacity - count < bytes.count { try grow(toFit: bytes.count) }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        /// Appends `length` bytes copied from `distance` bytes back (an LZ77 match, RFC 1951 §3.2.5).
        /// The caller has checked that `distance` is within the data written so far.
        @inline(__always)
        mutating func copyMatch(distance: Int, length: Int) throws(ContentDecodingError.Reason) {
            if capacity &- count < length { try grow(toFit: length) }
            let destination = base + count
            let source = destination - distance
            if distance >= 8 {
                // Chunks of 8: each chunk's source bytes are already final because they lie at least
                // 8 bytes before the chunk. Overshoot of up to 7 bytes lands in later output or the slack.
                var offset = 0
                repeat {
                    let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(destination + offset).storeBytes(of: word, as: UInt64.self)
                    offset &+= 8
                } while offset < length
            } else if distance == 1 {
                destination.update(repeating: source.pointee, count: length)
            } else {
                // Overlapping (the match repeats a short pattern): must go byte by byte, front to back.
                for index in 0..<length { destination[index] = source[index] }
            }
            count &+= length
        }

        /// Makes room for `extra` more bytes, or throws if that would pass the limit.
        private mutating func grow(toFit extra: Int) throws(ContentDecodingError.Reason) {
            guard extra <= limit - count else { throw .limitExceeded(limit) }
            let doubled = capacity > limit / 2 ? limit : capacity * 2
            let newCapacity = min(limit, max(count + extra, doubled))
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + Self.slack)
            newBase.initialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }
}
