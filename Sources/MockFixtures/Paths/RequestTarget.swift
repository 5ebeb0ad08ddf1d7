/// A request target split into a safe, percent-decoded path and its raw query.
///
/// Paths are never normalised: anything that could leave the fixture root or be read two ways is
/// rejected with a ``PathRejection`` (dot segments, encoded separators, NUL, bad percent-encoding,
/// invalid UTF-8, empty segments, a `#fragment`, targets not starting with `/`). Absolute-form
/// targets (`http://host/path`, `https://…`) are accepted by dropping the scheme and authority;
/// other schemes and an authority with `user@` are rejected.
///
/// ```swift
/// let target = try RequestTarget.parse("/api/1.0/people/?page=2").get()
/// target.path          // "/api/1.0/people/"
/// target.lookupKey     // "api/1.0/people"
/// target.query         // "page=2"
/// ```
package struct RequestTarget: Sendable, Equatable {
    /// The percent-decoded path, starting with `/`, trailing slash kept.
    package let path: Substring
    /// The decoded path without its leading and trailing `/`: the key fixture routes are stored under.
    package let lookupKey: Substring
    /// Whether the path ended in `/` (other than the root itself).
    package let hasTrailingSlash: Bool
    /// The raw query after `?`, or `nil` when there is no `?`.
    package let query: Substring?

    /// Splits and checks `target`. Allocates only when the path contains percent-escapes.
    ///
    /// Scans the UTF-8 bytes through a buffer pointer with integer offsets: walking
    /// `Substring.UTF8View` indices validated each index and was the engine's largest cost on a
    /// small GET (about 2,500 instructions; now about 600).
    package static func parse(_ target: String) -> Result<RequestTarget, PathRejection> {
        if let result = target.utf8.withContiguousStorageIfAvailable({ parse(target, bytes: $0) }) {
            return result
        }
        var contiguous = target
        contiguous.makeContiguousUTF8()
        return contiguous.utf8.withContiguousStorageIfAvailable { parse(contiguous, bytes: $0) }!
    }

    /// Splits and checks a path as a test writes it for a runtime fixture or a verification
    /// pattern: the decoded path, as the explaining 404 and the journal show it, in which a space
    /// and a `%` not followed by two hex digits stand for themselves (`/a b`, `/100%`). A `%`
    /// followed by two hex digits is still read as an escape, so encoded paths (`/a%20b`) mean
    /// the same; a literal `%` before two hex digits is written `%25`.
    ///
    /// ```swift
    /// try RequestTarget.parse(writtenPath: "/files/a b").get().path   // "/files/a b", as GET /files/a%20b
    /// ```
    package static func parse(writtenPath text: String) -> Result<RequestTarget, PathRejection> {
        let bytes = Array(text.utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: " ") {
                encoded.append(contentsOf: "%20".utf8)
            } else if byte == UInt8(ascii: "%"),
                      !(index + 2 < bytes.count && ASCIIHex.value(of: bytes[index + 1]) != nil && ASCIIHex.value(of: bytes[index + 2]) != nil) {
                encoded.append(contentsOf: "%25".utf8)
            } else {
                encoded.append(byte)
            }
        }
        return parse(String(decoding: encoded, as: UTF8.self))
    }

    /// A byte a request target never holds as itself (RFC 9112 §3.2, RFC 3986 §2): a space, a
    /// tab or another control character. libmicrohttpd splits the request line at its first and
    /// last space, so `GET /a b HTTP/1.1` arrives as the target `/a b`.
    @inline(__always)
    private static func isSpaceOrControl(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F
    }

    /// `bytes` are `target`'s UTF-8 bytes; offsets into them become indices of `target`.
    private static func parse(_ target: String, bytes: UnsafeBufferPointer<UInt8>) -> Result<RequestTarget, PathRejection> {
        var start = 0
        if bytes.first != UInt8(ascii: "/") {
            switch offsetAfterSchemeAndAuthority(bytes) {
            case .success(let pathStart): start = pathStart
            case .failure(let rejection): return .failure(rejection)
            }
        }
        // The query's start; a fragment is not part of a request target.
        var pathEnd = bytes.count
        var query: Substring?
        var scan = start
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "#") { return .failure(.fragment) }
            if Self.isSpaceOrControl(byte) { return .failure(.unencodedSpaceOrControl) }
            if byte == UInt8(ascii: "?") {
                pathEnd = scan
                var queryEnd = scan + 1
                while queryEnd < bytes.count {
                    if bytes[queryEnd] == UInt8(ascii: "#") { return .failure(.fragment) }
                    if Self.isSpaceOrControl(bytes[queryEnd]) { return .failure(.unencodedSpaceOrControl) }
                    queryEnd += 1
                }
                query = substring(of: target, from: scan + 1, to: queryEnd)
                break
            }
            scan += 1
        }
        if start == pathEnd {
            // "http://host" or "http://host?x": the root.
            return .success(RequestTarget(path: "/", lookupKey: "", hasTrailingSlash: false, query: query))
        }
        var needsDecoding = false
        var segmentStart = start + 1
        var cursor = segmentStart
        while true {
            let atEnd = cursor == pathEnd
            if atEnd || bytes[cursor] == UInt8(ascii: "/") {
                if segmentStart == cursor {
                    // Only the very last segment may be empty (a trailing slash, or the root "/").
                    if !atEnd { return .failure(.emptySegment) }
                } else if let rejection = checkRawSegment(UnsafeBufferPointer(rebasing: bytes[segmentStart..<cursor]), needsDecoding: &needsDecoding) {
                    return .failure(rejection)
                }
                if atEnd { break }
                segmentStart = cursor + 1
            }
            cursor += 1
        }
        if needsDecoding {
            return decodedTarget(UnsafeBufferPointer(rebasing: bytes[start..<pathEnd]), query: query)
        }
        return .success(makeTarget(path: substring(of: target, from: start, to: pathEnd), query: query))
    }

    /// `target`'s characters between two UTF-8 offsets that fall on ASCII bytes (so on
    /// character boundaries).
    private static func substring(of target: String, from start: Int, to end: Int) -> Substring {
        let utf8 = target.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        return Substring(utf8[lower..<utf8.index(lower, offsetBy: end - start)])
    }

    private static func makeTarget(path: Substring, query: Substring?) -> RequestTarget {
        let utf8 = path.utf8
        var keyStart = utf8.index(after: utf8.startIndex)
        var keyEnd = utf8.endIndex
        let hasTrailingSlash = utf8.count > 1 && utf8.last == UInt8(ascii: "/")
        if hasTrailingSlash { keyEnd = utf8.index(before: keyEnd) }
        if keyStart > keyEnd { keyStart = keyEnd }
        return RequestTarget(path: path, lookupKey: Substring(utf8[keyStart..<keyEnd]), hasTrailingSlash: hasTrailingSlash, query: query)
    }

    /// Checks one raw (still encoded) segment: no dot segments, no raw backslash or control bytes,
    /// and well-formed escapes that do not decode to a separator or NUL.
    private static func checkRawSegment(_ segment: UnsafeBufferPointer<UInt8>, needsDecoding: inout Bool) -> PathRejection? {
        var decodedLength = 0
        var decodedDots = 0
        var index = 0
        while index < segment.count {
            var byte = segment[index]
            if byte == UInt8(ascii: "%") {
                needsDecoding = true
                guard index + 2 < segment.count,
                      let high = ASCIIHex.value(of: segment[index + 1]),
                      let low = ASCIIHex.value(of: segment[index + 2])
                else { return .invalidPercentEncoding }
                byte = high << 4 | low
                index += 3
                if byte == 0 { return .nulByte }
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") { return .encodedSeparator }
            } else {
                index += 1
                if byte == UInt8(ascii: "\\") { return .backslash }
            }
            decodedLength += 1
            if byte == UInt8(ascii: ".") { decodedDots += 1 }
        }
        if decodedLength == decodedDots, decodedLength <= 2 { return .dotSegment }
        return nil
    }

    private static func decodedTarget(_ rawPath: UnsafeBufferPointer<UInt8>, query: Substring?) -> Result<RequestTarget, PathRejection> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rawPath.count)
        var index = 0
        while index < rawPath.count {
            let byte = rawPath[index]
            if byte == UInt8(ascii: "%") {
                // Already validated by checkRawSegment.
                bytes.append(ASCIIHex.value(of: rawPath[index + 1])! << 4 | ASCIIHex.value(of: rawPath[index + 2])!)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            return .failure(.invalidUTF8)
        }
        return .success(makeTarget(path: Substring(decoded), query: query))
    }

    /// The offset of the path in `scheme://authority/path…` (the end of `bytes` when there is no
    /// path); `nil` when the target is not in absolute form.
    /// Where the path of an absolute-form target (`http://host/path`, `https://…`, scheme in any
    /// case) starts.
    private static func offsetAfterSchemeAndAuthority(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int, PathRejection> {
        var index = 0
        // "http" or "https", ASCII case-insensitively (RFC 9110 §4.2.1).
        for letter in "http".utf8 {
            guard index < bytes.count, bytes[index] | 0x20 == letter else { return .failure(.notOriginForm) }
            index += 1
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
              bytes[index + 2] == UInt8(ascii: "/") else { return .failure(.notOriginForm) }
        let authorityStart = index + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count {
            let byte = bytes[authorityEnd]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") { return .failure(.userinfo) }
            authorityEnd += 1
        }
        guard authorityEnd > authorityStart else { return .failure(.notOriginForm) }
        return .success(authorityEnd)
    }
}
