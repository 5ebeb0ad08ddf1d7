import MockFixtures

/// What a request's head (request line and headers) says about its size and framing, gathered
/// header by header on the first access-handler call, before any body is read.
///
/// libmicrohttpd 0.9.75 trusts the first `Content-Length` or `Transfer-Encoding` it finds, so a
/// request that a proxy in front of the server would read differently (RFC 9112 §3.2 and §6) is
/// refused through ``violation``.
///
/// ```swift
/// var head = RequestHead(isHTTP10: false)
/// head.add(.host, valueLength: 8, value: "api.test")   // then checkHost(bytes of the value)
/// head.add(.contentLength, valueLength: 1, value: "0")
/// head.add(.contentLength, valueLength: 2, value: "41")
/// head.framingViolation?.status   // 400: two Content-Length headers
/// ```
struct RequestHead: Sendable {
    /// HTTP/1.0 requests may leave out `Host`; every later version must send exactly one.
    let isHTTP10: Bool
    private(set) var hostCount = 0
    /// The first `Host` value, when it is not a host with an optional port.
    private(set) var invalidHost: String?
    /// Why the first malformed header line is malformed (see ``checkName(_:)``); nil when none is.
    private(set) var malformedLine: HeadViolation?
    /// Every `Content-Length` value, in arrival order.
    private(set) var contentLengths: [String] = []
    /// Every `Transfer-Encoding` header value, in arrival order.
    private(set) var transferEncodings: [String] = []
    /// Bytes of the header lines as sent (`name: value` and CRLF each), without the request
    /// line, with `Cookie` values counted twice (as libmicrohttpd's memory pool holds them).
    private(set) var headerBytes = 0
    /// Header lines plus cookies: libmicrohttpd keeps a record of each in the memory pool.
    private(set) var fieldCount = 0
    /// The target's query parameters, of which libmicrohttpd keeps a record each too.
    var queryArgumentCount = 0

    /// Pool bytes libmicrohttpd 0.9.75 spends on each header line and each cookie besides its
    /// text: a `struct MHD_HTTP_Header` (56 bytes on 64-bit, internal.h), rounded up to the
    /// pool's 16-byte alignment (memorypool.c). A head of many short lines fills the pool long
    /// before its bytes reach the limit, and then the answer's own header block has no room left.
    static let poolBytesPerField = 64

    init(isHTTP10: Bool) {
        self.isHTTP10 = isHTTP10
    }

    /// Counts one header line of `nameLength` and `valueLength` bytes.
    mutating func count(nameLength: Int, valueLength: Int) {
        headerBytes += nameLength + valueLength + 4
        fieldCount += 1
    }

    /// Records one checked header line of `valueLength` bytes; `value` is only read for the
    /// length headers.
    mutating func add(_ header: CheckedHeader, valueLength: Int, value: @autoclosure () -> String) {
        switch header {
        case .cookie: headerBytes += valueLength
        case .host: hostCount += 1
        case .contentLength: contentLengths.append(value())
        case .transferEncoding: transferEncodings.append(value())
        }
    }

    /// Counts the cookies of one `Cookie` value (`a=1; b=2`): libmicrohttpd records each apart.
    mutating func countCookies(_ value: UnsafeBufferPointer<UInt8>) {
        fieldCount += value.reduce(1) { $0 + ($1 == UInt8(ascii: ";") ? 1 : 0) }
    }

    /// Checks the first `Host` value against the header's grammar; call it for every `Host`.
    mutating func checkHost(_ value: UnsafeBufferPointer<UInt8>) {
        guard hostCount <= 1, !HostValue.isValid(value) else { return }
        invalidHost = String(decoding: value, as: UTF8.self)
    }

    /// Checks that a header's name is a token (RFC 9110 §5.1), as `name: value` requires.
    ///
    /// libmicrohttpd 0.9.75 keeps whatever precedes the colon as the name, so `Content-Length : 5`
    /// becomes a header named `Content-Length ` that it does not read as the body's length, while a
    /// proxy in front may: the body would then be read as a second request (request smuggling).
    /// Runs for every header of every request, so it tests bytes against a bit mask.
    mutating func checkName(_ name: UnsafeBufferPointer<UInt8>) {
        guard !HTTPToken.isValid(name) else { return }
        guard let byte = name.first(where: { !HTTPToken.isTokenByte($0) }) else {
            noteMalformedLine("a header line starts with ':', so its name is empty",
                              hint: "send every header as Name: value, with a name of letters, digits and -")
            return
        }
        noteMalformedLine(
            "header name \(Self.shown(name)) contains \(Self.describe(byte)), which a header name cannot hold",
            hint: byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                ? "remove the whitespace between the header name and the colon (Name: value)"
                : "send header names of letters, digits and !#$%&'*+-.^_`|~ only")
    }

    /// Records that the header named `name` was continued on a line starting with whitespace
    /// (obsolete line folding); libmicrohttpd 0.9.75 glues such a line onto the header's *name*.
    mutating func noteFoldedLine(name: UnsafeBufferPointer<UInt8>) {
        noteMalformedLine(
            "a header line starts with whitespace, continuing the previous header (obsolete line folding, RFC 9112 §5.2); the server read its name as \(Self.shown(name))",
            hint: "send every header on one line")
    }

    /// Records that bytes between the header named `name` and the next line were not read as a
    /// header by libmicrohttpd (see ``HeadScan``).
    mutating func noteUnreadableLine(after name: UnsafeBufferPointer<UInt8>) {
        noteMalformedLine(
            "the line after header \(Self.shown(name)) holds a NUL byte or starts with ':', so the server cannot read the headers as sent",
            hint: "send every header as Name: value on one line, without NUL bytes")
    }

    /// Records a carriage return inside the value of the header named `name`.
    mutating func noteCarriageReturn(inValueOf name: UnsafeBufferPointer<UInt8>) {
        noteMalformedLine(
            "the value of header \(Self.shown(name)) holds a carriage return (CR) that does not end the line",
            hint: "end header lines with CR LF and keep CR out of header values")
    }

    /// Keeps the first malformed line's reason: the one a client fixes first.
    private mutating func noteMalformedLine(_ error: @autoclosure () -> String, hint: String) {
        guard malformedLine == nil else { return }
        malformedLine = HeadViolation(status: 400, error: error(), hint: hint)
    }

    /// A header name as an error message quotes it.
    private static func shown(_ name: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: name, as: UTF8.self).debugDescription
    }

    /// `byte` named for an error message: "a space", "a tab", "'('", "the byte 0x01".
    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: " "): return "a space"
        case UInt8(ascii: "\t"): return "a tab"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "the byte 0x\(hex.count < 2 ? "0" + hex : hex)"
        }
    }

    /// What libmicrohttpd's memory per connection holds for this head, as the head limit counts
    /// it: the request line, the header lines and the blank line, plus ``poolBytesPerField`` for
    /// each header line, cookie and query parameter.
    func poolBytes(requestLineBytes: Int) -> Int {
        requestLineBytes + headerBytes + 2 + (fieldCount + queryArgumentCount) * Self.poolBytesPerField
    }

    /// Why the request must be refused (and its connection closed): a head (with its
    /// `requestLineBytes`-byte request line) whose ``poolBytes(requestLineBytes:)`` are over
    /// `maxBytes` — `414` when the request line is the larger part, else `431` — or ambiguous
    /// framing; nil when neither.
    func violation(requestLineBytes: Int, maxBytes: Int) -> HeadViolation? {
        let bytes = requestLineBytes + headerBytes + 2
        let headerBookkeeping = fieldCount * Self.poolBytesPerField
        let queryBookkeeping = queryArgumentCount * Self.poolBytesPerField
        let bookkeeping = headerBookkeeping + queryBookkeeping
        guard poolBytes(requestLineBytes: requestLineBytes) <= maxBytes else {
            // Mostly the URL: 414, as libmicrohttpd answers a request line too long for its pool.
            if requestLineBytes + queryBookkeeping > headerBytes + headerBookkeeping {
                let parameters = queryArgumentCount == 0 ? "" : " and has \(queryArgumentCount) query parameters, which count \(Self.poolBytesPerField) bytes each"
                return HeadViolation(
                    status: 414,
                    error: "the request line is \(requestLineBytes) bytes\(parameters) (\(bytes + bookkeeping) with the headers), over the server's limit of \(maxBytes) for both",
                    hint: "shorten the URL: send long parameters in a request body (e.g. POST with JSON) instead of the query")
            }
            return HeadViolation(
                status: 431,
                error: "the request line and headers are \(bytes) bytes and \(fieldCount) header lines and cookies, which count \(Self.poolBytesPerField) bytes each: \(bytes + bookkeeping), over the server's limit of \(maxBytes)",
                hint: "send smaller headers or fewer of them (cookies count twice: the server keeps a parsed copy)")
        }
        return framingViolation
    }

    /// Why the request's framing must be refused; nil when it is unambiguous.
    var framingViolation: HeadViolation? {
        if let malformedLine {
            return malformedLine
        }
        if hostCount > 1 {
            return HeadViolation(
                status: 400,
                error: "the request has \(hostCount) Host headers; HTTP allows exactly one",
                hint: "send a single Host header")
        }
        if hostCount == 0, !isHTTP10 {
            return HeadViolation(
                status: 400,
                error: "the HTTP/1.1 request has no Host header, which HTTP/1.1 requires",
                hint: "send a Host header, e.g. Host: 127.0.0.1:8080")
        }
        if let invalidHost {
            return HeadViolation(
                status: 400,
                error: "Host \(invalidHost.debugDescription) is not a host name or address with an optional :port",
                hint: "send the server's host and port, e.g. Host: 127.0.0.1:8080")
        }
        if !transferEncodings.isEmpty {
            if isHTTP10 {
                // RFC 9112 §6.1: an HTTP/1.0 peer may not know Transfer-Encoding and frame the
                // message by another rule, so its framing is faulty: the smuggling case.
                return HeadViolation(
                    status: 400,
                    error: "the HTTP/1.0 request has Transfer-Encoding (\(Self.list(transferEncodings))), which HTTP/1.0 does not define, so its framing is faulty",
                    hint: "send the body with Content-Length, or send the request as HTTP/1.1")
            }
            if !contentLengths.isEmpty {
                return HeadViolation(
                    status: 400,
                    error: "the request has both Content-Length (\(Self.list(contentLengths))) and Transfer-Encoding (\(Self.list(transferEncodings))), so where its body ends is ambiguous",
                    hint: "send either Content-Length or Transfer-Encoding: chunked, not both")
            }
            return transferEncodingViolation
        }
        if contentLengths.count > 1 {
            return HeadViolation(
                status: 400,
                error: "the request has \(contentLengths.count) Content-Length headers (\(Self.list(contentLengths))), so where its body ends is ambiguous",
                hint: "send one Content-Length header with the body's size in bytes")
        }
        if let length = contentLengths.first, !Self.isDecimal(length) {
            return HeadViolation(
                status: 400,
                error: "Content-Length '\(length)' is not a number of bytes",
                hint: "send Content-Length as decimal digits only, e.g. Content-Length: 14")
        }
        return nil
    }

    /// The one accepted form is a single `Transfer-Encoding: chunked` (any case), which is what
    /// libmicrohttpd decodes; anything else would leave the body's end unknown or undecoded.
    private var transferEncodingViolation: HeadViolation? {
        if transferEncodings.count == 1, transferEncodings[0].lowercased() == "chunked" {
            return nil
        }
        let written = Self.list(transferEncodings)
        if transferEncodings.count == 1, transferEncodings[0].trimmingOptionalWhitespace().lowercased() == "chunked" {
            // Valid HTTP (whitespace around a value is not part of it), but libmicrohttpd 0.9.75
            // keeps trailing whitespace and decodes chunks only for exactly "chunked".
            return HeadViolation(
                status: 400,
                error: "Transfer-Encoding \(written.debugDescription) has whitespace around chunked, which this server's HTTP library (libmicrohttpd 0.9.75) cannot decode",
                hint: "send exactly Transfer-Encoding: chunked, with nothing after it on the line")
        }
        let codings = transferEncodings.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingOptionalWhitespace().lowercased() }
        if codings.last != "chunked" {
            // RFC 9112 §6.3: the length of such a body cannot be determined; 400 and close.
            return HeadViolation(
                status: 400,
                error: "Transfer-Encoding '\(written)' does not end with chunked, so where the body ends cannot be determined",
                hint: "send the body with Transfer-Encoding: chunked or with Content-Length")
        }
        if let unsupported = codings.dropLast().first(where: { $0 != "chunked" && !$0.isEmpty }) {
            return HeadViolation(
                status: 501,
                error: "transfer coding '\(unsupported)' in Transfer-Encoding '\(written)' is not supported",
                hint: "send the body with Transfer-Encoding: chunked alone or with Content-Length")
        }
        return HeadViolation(
            status: 400,
            error: "Transfer-Encoding '\(written)' is malformed (chunked must appear exactly once)",
            hint: "send exactly Transfer-Encoding: chunked")
    }

    private static func list(_ values: [String]) -> String {
        values.joined(separator: ", ")
    }

    private static func isDecimal(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}

extension StringProtocol {
    /// Without the spaces and tabs HTTP allows around list elements (OWS).
    fileprivate func trimmingOptionalWhitespace() -> SubSequence {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
