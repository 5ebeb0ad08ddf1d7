/// A request target split into a safe, percent-decoded path and its raw query.
///
/// Paths are never normalised: anything that could leave the fixture root or be read two ways is
/// rejected with a ``PathRejection`` (dot segments, encoded separators, NUL, bad percent-encoding,
/// invalid UTF-8, empty segments, targets not starting with `/`). Absolute-form targets
/// (`http://host/path`) are accepted by dropping the scheme and authority.
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
    /// The raw query after `?` (without any `#fragment`), or `nil` when there is no `?`.
    package let query: Substring?

    /// Splits and checks `target`. Allocates only when the path contains percent-escapes.
    package static func parse(_ target: String) -> Result<RequestTarget, PathRejection> {
        var utf8 = target.utf8[...]
        if utf8.first != UInt8(ascii: "/") {
            guard let afterAuthority = stripSchemeAndAuthority(utf8) else {
                return .failure(.notOriginForm)
            }
            utf8 = afterAuthority
        }
        // Query and fragment boundaries.
        var pathEnd = utf8.endIndex
        var query: Substring?
        if let questionMark = utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            pathEnd = questionMark
            if utf8[questionMark] == UInt8(ascii: "?") {
                let queryStart = utf8.index(after: questionMark)
                let queryEnd = utf8[queryStart...].firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
                query = Substring(utf8[queryStart..<queryEnd])
            }
        }
        let rawPath = utf8[utf8.startIndex..<pathEnd]
        if rawPath.isEmpty {
            // "http://host" or "http://host?x": the root.
            return .success(RequestTarget(path: "/", lookupKey: "", hasTrailingSlash: false, query: query))
        }
        var needsDecoding = false
        var segmentStart = rawPath.index(after: rawPath.startIndex)
        var cursor = segmentStart
        while true {
            let atEnd = cursor == rawPath.endIndex
            if atEnd || rawPath[cursor] == UInt8(ascii: "/") {
                let segment = rawPath[segmentStart..<cursor]
                if segment.isEmpty {
                    // Only the very last segment may be empty (a trailing slash, or the root "/").
                    if !atEnd { return .failure(.emptySegment) }
                } else if let rejection = checkRawSegment(segment, needsDecoding: &needsDecoding) {
                    return .failure(rejection)
                }
                if atEnd { break }
                segmentStart = rawPath.index(after: cursor)
            }
            cursor = rawPath.index(after: cursor)
        }
        if needsDecoding {
            return decodedTarget(rawPath, query: query)
        }
        return .success(makeTarget(path: Substring(rawPath), query: query))
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
    private static func checkRawSegment(_ segment: Substring.UTF8View.SubSequence, needsDecoding: inout Bool) -> PathRejection? {
        var decodedLength = 0
        var decodedDots = 0
        var index = segment.startIndex
        while index < segment.endIndex {
            var byte = segment[index]
            if byte == UInt8(ascii: "%") {
                needsDecoding = true
                let first = segment.index(after: index)
                guard first < segment.endIndex, segment.index(after: first) < segment.endIndex,
                      let high = ASCIIHex.value(of: segment[first]),
                      let low = ASCIIHex.value(of: segment[segment.index(after: first)])
                else { return .invalidPercentEncoding }
                byte = high << 4 | low
                index = segment.index(first, offsetBy: 2)
                if byte == 0 { return .nulByte }
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") { return .encodedSeparator }
            } else {
                index = segment.index(after: index)
                if byte == UInt8(ascii: "\\") { return .backslash }
                if byte < 0x20 || byte == 0x7F { return .controlCharacter }
            }
            decodedLength += 1
            if byte == UInt8(ascii: ".") { decodedDots += 1 }
        }
        if decodedLength == decodedDots, decodedLength <= 2 { return .dotSegment }
        return nil
    }

    private static func decodedTarget(_ rawPath: Substring.UTF8View.SubSequence, query: Substring?) -> Result<RequestTarget, PathRejection> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rawPath.count)
        var index = rawPath.startIndex
        while index < rawPath.endIndex {
            let byte = rawPath[index]
            if byte == UInt8(ascii: "%") {
                // Already validated by checkRawSegment.
                let first = rawPath.index(after: index)
                let second = rawPath.index(after: first)
                bytes.append(ASCIIHex.value(of: rawPath[first])! << 4 | ASCIIHex.value(of: rawPath[second])!)
                index = rawPath.index(after: second)
            } else {
                bytes.append(byte)
                index = rawPath.index(after: index)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            return .failure(.invalidUTF8)
        }
        return .success(makeTarget(path: Substring(decoded), query: query))
    }

    /// `scheme://authority/path…` → `/path…`; `nil` when `target` is not in absolute form.
    private static func stripSchemeAndAuthority(_ utf8: Substring.UTF8View) -> Substring.UTF8View? {
        guard let first = utf8.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return nil }
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: ":") { break }
            let isSchemeByte = ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isSchemeByte else { return nil }
            index = utf8.index(after: index)
        }
        let rest = utf8[index...]
        guard rest.starts(with: "://".utf8) else { return nil }
        let authorityStart = utf8.index(index, offsetBy: 3)
        let authorityEnd = utf8[authorityStart...].firstIndex(where: {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }) ?? utf8.endIndex
        guard authorityEnd > authorityStart else { return nil }
        return utf8[authorityEnd...]
    }
}
