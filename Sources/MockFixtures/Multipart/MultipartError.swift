/// Why a `multipart/form-data` body could not be split into parts.
///
/// ```swift
/// do { _ = try ReceivedMultipartForm(parsing: body, contentType: "multipart/form-data") }
/// catch { print(error) }   // "the Content-Type has no boundary parameter; …"
/// ```
package enum MultipartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The Content-Type header has no (or an empty) `boundary` parameter.
    case missingBoundary
    /// The body is empty, so it has neither a part nor the closing delimiter.
    case emptyBody
    /// No `--boundary` line is in the body.
    case noDelimiter(boundary: String)
    /// The lines end in a bare LF; RFC 7578 requires CRLF.
    case bareLineFeeds
    /// Bytes other than spaces follow a delimiter on its line.
    case junkAfterDelimiter(part: Int)
    /// A part's header lines never reach the blank line that ends them.
    case unterminatedHeaders(part: Int)
    /// A part's header line has no colon.
    case malformedHeader(part: Int, line: String)
    /// The body ends without `--boundary--`.
    case missingClosingDelimiter(boundary: String)
    /// A part has no `Content-Disposition: form-data; name="…"`.
    case partWithoutName(part: Int)

    package var description: String {
        switch self {
        case .missingBoundary:
            "the Content-Type has no boundary parameter; send it as multipart/form-data; boundary=…"
        case .emptyBody:
            "the body is empty; it needs at least one part and the closing delimiter"
        case .noDelimiter(let boundary):
            "no delimiter line \(Self.quoted("--" + boundary)) is in the body; check that the boundary in the Content-Type is the one used in the body"
        case .bareLineFeeds:
            "lines end in a bare LF; multipart/form-data needs CRLF line endings"
        case .junkAfterDelimiter(let part):
            "the delimiter before part \(part) is followed by other text on its line"
        case .unterminatedHeaders(let part):
            "the headers of part \(part) are not ended by an empty line"
        case .malformedHeader(let part, let line):
            "part \(part) has a header line without a colon: \(Self.quoted(line))"
        case .missingClosingDelimiter(let boundary):
            "the closing delimiter \(Self.quoted("--" + boundary + "--")) is missing (the body may be cut off)"
        case .partWithoutName(let part):
            #"part \#(part) has no name: it needs a header Content-Disposition: form-data; name="…""#
        }
    }

    private static func quoted(_ text: String) -> String {
        JSONValue.excerpt(.string(text), limit: 80)
    }
}
