/// A `multipart/form-data` body (RFC 7578) split into its parts.
///
/// Lines must end in CRLF, as the RFC requires and every HTTP client sends; a body written with
/// bare LF is refused with ``MultipartError/bareLineFeeds`` rather than guessed at, because file
/// contents may hold LF bytes of their own. A preamble before the first delimiter and an epilogue
/// after the closing one are ignored. Part contents are kept byte for byte, CR and LF included.
///
/// ```swift
/// let form = try ReceivedMultipartForm(parsing: body, contentType: "multipart/form-data; boundary=XyZ")
/// form.parts(named: "title").first?.text        // "Portrait"
/// form.parts(named: "avatar").first?.filename   // "luke.png"
/// ```
package struct ReceivedMultipartForm: Sendable, Equatable {
    package let boundary: String
    /// In body order; several parts may share a name.
    package let parts: [MultipartPart]

    /// Splits `body` using the `boundary` parameter of `contentType` (quoted or not).
    package init(parsing body: [UInt8], contentType: String) throws(MultipartError) {
        guard let boundary = HeaderParameters(contentType).value(for: "boundary"), !boundary.isEmpty else {
            throw .missingBoundary
        }
        try self.init(parsing: body, boundary: boundary)
    }

    /// Splits `body` at `--boundary` lines.
    package init(parsing body: [UInt8], boundary: String) throws(MultipartError) {
        guard !boundary.isEmpty else { throw .missingBoundary }
        guard !body.isEmpty else { throw .emptyBody }
        self.boundary = boundary
        parts = try Self.split(body, dashBoundary: Array(("--" + boundary).utf8), boundary: boundary)
    }

    /// Every part called `name`, in body order.
    package func parts(named name: String) -> [MultipartPart] {
        parts.filter { $0.name == name }
    }

    // MARK: Splitting

    private static let crlf: [UInt8] = [0x0D, 0x0A]

    private static func split(_ body: [UInt8], dashBoundary: [UInt8], boundary: String) throws(MultipartError) -> [MultipartPart] {
        let delimiter = crlf + dashBoundary
        // The first delimiter may open the body (no preamble) or follow a preamble's CRLF.
        var position: Int
        if body.starts(with: dashBoundary) {
            position = 0
        } else if let found = find(delimiter, in: body, from: 0) {
            position = found + 2
        } else if find([0x0A] + dashBoundary, in: body, from: 0) != nil {
            throw .bareLineFeeds
        } else {
            throw .noDelimiter(boundary: boundary)
        }
        var parts: [MultipartPart] = []
        while true {
            position += dashBoundary.count
            if body[position...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) {
                // The closing delimiter: whatever follows is the epilogue.
                return parts
            }
            let partNumber = parts.count + 1
            while position < body.count, body[position] == UInt8(ascii: " ") || body[position] == UInt8(ascii: "\t") {
                position += 1
            }
            if body[position...].starts(with: crlf) {
                position += 2
            } else if position < body.count, body[position] == 0x0A {
                throw .bareLineFeeds
            } else if position >= body.count {
                throw .missingClosingDelimiter(boundary: boundary)
            } else {
                throw .junkAfterDelimiter(part: partNumber)
            }
            let (headers, contentStart) = try readHeaders(body, from: position, part: partNumber)
            guard let contentEnd = find(delimiter, in: body, from: contentStart) else {
                throw .missingClosingDelimiter(boundary: boundary)
            }
            parts.append(try makePart(headers: headers, content: Array(body[contentStart..<contentEnd]), part: partNumber))
            position = contentEnd + 2
        }
    }

    /// Header lines from `start` up to the empty line; returns them and where the content begins.
    private static func readHeaders(_ body: [UInt8], from start: Int, part: Int) throws(MultipartError) -> ([(name: String, value: String)], Int) {
        var headers: [(name: String, value: String)] = []
        var position = start
        while true {
            guard let lineEnd = find(crlf, in: body, from: position) else {
                if body[position...].contains(0x0A) { throw .bareLineFeeds }
                throw .unterminatedHeaders(part: part)
            }
            if lineEnd == position { return (headers, lineEnd + 2) }
            guard !body[position..<lineEnd].contains(0x0A) else { throw .bareLineFeeds }
            let line = String(decoding: body[position..<lineEnd], as: UTF8.self)
            guard let colon = line.firstIndex(of: ":") else {
                throw .malformedHeader(part: part, line: line)
            }
            headers.append((line[..<colon].trimmingSpaces().lowercased(), String(line[line.index(after: colon)...].trimmingSpaces())))
            position = lineEnd + 2
        }
    }

    private static func makePart(headers: [(name: String, value: String)], content: [UInt8], part: Int) throws(MultipartError) -> MultipartPart {
        guard let disposition = headers.first(where: { $0.name == "content-disposition" }).map({ HeaderParameters($0.value) }),
              let name = disposition.value(for: "name")
        else {
            throw .partWithoutName(part: part)
        }
        return MultipartPart(
            name: name,
            filename: disposition.value(for: "filename"),
            contentType: headers.first { $0.name == "content-type" }?.value,
            content: content)
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count - start >= needle.count else { return nil }
        let lastStart = haystack.count - needle.count
        var index = start
        while index <= lastStart {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
