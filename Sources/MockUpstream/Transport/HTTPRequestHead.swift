import MockFixtures

/// The bytes of an HTTP/1.1 request: request line, headers, blank line, body.
enum HTTPRequestHead {
    /// The encodings ``ContentDecoding`` can undo, asked for on every request.
    static let acceptedEncodings = "gzip, deflate"

    /// Methods whose request carries a `Content-Length` even when the body is empty.
    static let methodsWithBody: Set<String> = ["POST", "PUT", "PATCH"]

    /// Serialises `request` for `url`: `Host` is the upstream's, the client's headers follow
    /// (already filtered by ``ForwardedHeaders/request(_:)``), then `Content-Length` and
    /// `Accept-Encoding` (`identity` for HEAD and for a `Range` request).
    static func bytes(method: String, url: AbsoluteURL, headers: [HTTPHeader], body: [UInt8]) -> [UInt8] {
        var text = "\(method) \(url.requestTarget) HTTP/1.1\r\nHost: \(url.authority)\r\n"
        for header in headers {
            text += "\(header.name): \(header.value)\r\n"
        }
        if method != "HEAD", !body.isEmpty || methodsWithBody.contains(method) {
            text += "Content-Length: \(body.count)\r\n"
        }
        // A HEAD answer's Content-Length must be the length of the body the client's GET gets,
        // which is decoded: asking for the identity coding makes the upstream state that length.
        // A range is taken over the bytes of the representation sent (RFC 9110 §14.1): a slice
        // of a gzip stream cannot be decoded, and the client asked for a range of what it gets.
        let wantsIdentity = method == "HEAD" || headers.contains { $0.name.lowercased() == "range" }
        text += "Accept-Encoding: \(wantsIdentity ? "identity" : acceptedEncodings)\r\n\r\n"
        var bytes = Array(text.utf8)
        if method != "HEAD" { bytes.append(contentsOf: body) }
        return bytes
    }

    /// Why `method` or a header cannot be put on the wire (a line break would let it forge
    /// headers), or nil.
    static func problem(method: String, headers: [HTTPHeader]) -> String? {
        guard HTTPToken.isValid(method) else { return "the method '\(method)' is not a valid HTTP method name" }
        for header in headers {
            guard HTTPToken.isValid(header.name) else { return "'\(header.name)' is not a valid header name" }
            guard !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                return "header '\(header.name)' has a line break or NUL in its value"
            }
        }
        return nil
    }
}
