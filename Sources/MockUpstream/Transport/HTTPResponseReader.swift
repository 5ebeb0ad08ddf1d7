import MockFixtures

/// Reads one HTTP/1.1 response from a connection: skips interim `1xx` answers, parses the head,
/// and reads the body as its framing says (RFC 9112 §6.3): none, `Content-Length`, chunked, or
/// until the connection closes.
struct HTTPResponseReader {
    /// The head of a response.
    struct Head {
        var version: String
        var status: Int
        var headers: [HTTPHeader]

        func values(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name }.map(\.value)
        }
    }

    /// A complete response and whether its connection can carry another exchange.
    struct Response {
        var head: Head
        var body: [UInt8]
        var connectionReusable: Bool
    }

    static let maximumHeadBytes = 64 * 1024

    private let connection: UpstreamConnection
    private let deadline: ContinuousClock.Instant
    private let call: UpstreamCall
    private let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var receivedAnything = false

    init(connection: UpstreamConnection, deadline: ContinuousClock.Instant, call: UpstreamCall, maxBodyBytes: Int) {
        self.connection = connection
        self.deadline = deadline
        self.call = call
        self.maxBodyBytes = maxBodyBytes
    }

    /// Reads the response to a request with `method`.
    mutating func read(method: String) throws(TransportFailure) -> Response {
        var head = try readHead()
        while (100...199).contains(head.status) {
            guard head.status != 101 else { throw .badResponse("the upstream switched protocols (101), which a proxied request cannot follow") }
            let interim = head.status
            do throws(TransportFailure) {
                head = try readHead()
            } catch .closed(_, let receivedAnything) where position == buffer.count {
                throw .closed("the connection closed after an interim \(interim) answer, before the final answer", receivedAnything: receivedAnything)
            }
        }
        let closeRequested = head.values("connection").contains { $0.lowercased().contains("close") }
            || (head.version == "HTTP/1.0" && !head.values("connection").contains { $0.lowercased().contains("keep-alive") })
        if method == "HEAD" || head.status == 204 || head.status == 304 {
            return Response(head: head, body: [], connectionReusable: !closeRequested)
        }
        let transferCodings = head.values("transfer-encoding")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: " \t").lowercased() }
            .filter { !$0.isEmpty }
        // `identity` alone (an old server's way of saying "none") leaves the framing to
        // Content-Length or the close; in a list it is a coding like any other.
        if !transferCodings.isEmpty, !transferCodings.allSatisfy({ $0 == "identity" }) {
            // The request sent no TE header, so chunked is the only transfer coding the upstream
            // may apply (RFC 9112 §6.1); any other would be handed on still encoded, unlabelled.
            guard transferCodings == ["chunked"] else {
                throw .badResponse("the answer uses the transfer coding '\(transferCodings.joined(separator: ", "))', "
                    + "which was not asked for; only chunked is read (a compressed body belongs in Content-Encoding)")
            }
            return Response(head: head, body: try readChunked(), connectionReusable: !closeRequested)
        }
        if let length = try contentLength(head) {
            guard length <= maxBodyBytes else {
                throw .tooLarge("its Content-Length of \(length) bytes is over the limit of \(maxBodyBytes) bytes")
            }
            return Response(head: head, body: try readExactly(length), connectionReusable: !closeRequested)
        }
        return Response(head: head, body: try readUntilClose(), connectionReusable: false)
    }

    // MARK: Head

    private mutating func readHead() throws(TransportFailure) -> Head {
        let headEnd = try readUntilBlankLine()
        let text = String(decoding: buffer[position..<headEnd], as: UTF8.self)
        position = headEnd
        // Lines end at LF (a CR just before it belongs to the ending). A CR anywhere else is part
        // of the value, where HTTPFieldValue.cleaned turns it into a space: splitting there would
        // let `X-A: a<CR>Set-Cookie: b` forge a header (RFC 9112 §2.2).
        var lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" }[...]
        guard let statusLine = lines.popFirst() else { throw .badResponse("the answer has no status line") }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]), (100...599).contains(status) else {
            throw .badResponse("the status line is not HTTP/1.x: \(statusLine.prefix(80))")
        }
        var headers: [HTTPHeader] = []
        for line in lines {
            if line.first == " " || line.first == "\t", let last = headers.popLast() {
                // An obsolete folded line continues the previous header's value.
                headers.append(HTTPHeader(name: last.name, value: last.value + " " + line.trimmingCharacters(in: " \t")))
                continue
            }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .badResponse("a header line has no name: \(line.prefix(80))")
            }
            // A lone CR before the line's LF was kept as a character of its own by the split above.
            let line = line.last == "\r" ? line.dropLast() : line[...]
            headers.append(HTTPHeader(name: String(line[..<colon]), value: line[line.index(after: colon)...].trimmingCharacters(in: " \t")))
        }
        return Head(version: String(parts[0]), status: status, headers: headers)
    }

    /// The index just past the blank line ending the head that starts at `position`.
    private mutating func readUntilBlankLine() throws(TransportFailure) -> Int {
        var searchFrom = position
        while true {
            var index = searchFrom
            while index < buffer.count {
                if buffer[index] == 0x0A {
                    // "\n\n" or "\n\r\n" ends the head (bare LF tolerated, as RFC 9112 §2.2 allows).
                    if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return index + 2 }
                    if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return index + 3 }
                }
                index += 1
            }
            searchFrom = max(position, buffer.count - 2)
            guard buffer.count - position <= Self.maximumHeadBytes else {
                throw .badResponse("the response head is larger than \(Self.maximumHeadBytes) bytes")
            }
            guard try fill() else {
                throw .closed(receivedAnything ? "the connection closed in the middle of the response head" : "the connection closed without an answer",
                              receivedAnything: receivedAnything)
            }
        }
    }

    /// The body length a bodiless answer to a HEAD request states: its valid `Content-Length`
    /// when no content coding but `identity` applies; nil otherwise.
    static func statedIdentityLength(_ head: Head) -> Int? {
        let codings = head.values("content-encoding").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: " \t").lowercased() }
        guard codings.allSatisfy({ $0 == "identity" }), head.values("transfer-encoding").isEmpty else { return nil }
        let values = head.values("content-length").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: " \t") }
        guard let first = values.first, values.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
              first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(first)
    }

    private func contentLength(_ head: Head) throws(TransportFailure) -> Int? {
        let values = head.values("content-length").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: " \t") }
        guard let first = values.first else { return nil }
        guard values.allSatisfy({ $0 == first }), first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(first) else {
            throw .badResponse("invalid Content-Length: \(values.joined(separator: ", "))")
        }
        return length
    }

    // MARK: Body

    private mutating func readExactly(_ length: Int) throws(TransportFailure) -> [UInt8] {
        precondition(length >= 0, "a body length is checked to be digits before it is read")
        while buffer.count - position < length {
            guard try fill() else {
                throw .closed("the connection closed after \(buffer.count - position) of \(length) body bytes", receivedAnything: true)
            }
        }
        defer { position += length }
        return Array(buffer[position..<(position + length)])
    }

    private mutating func readUntilClose() throws(TransportFailure) -> [UInt8] {
        while try fill() {
            guard buffer.count - position <= maxBodyBytes else {
                throw .tooLarge("its body passed the limit of \(maxBodyBytes) bytes")
            }
        }
        defer { position = buffer.count }
        return Array(buffer[position...])
    }

    private mutating func readChunked() throws(TransportFailure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine(limit: 4096, what: "chunk size")
            let sizeText = sizeLine.prefix { $0 != ";" }.trimmingCharacters(in: " \t")
            // Hex digits only: Int(_:radix:) would also take a sign, and a size of -1 would read
            // backwards. Zeros in front are valid (1*HEXDIG) and do not count against the length.
            let significant = sizeText.drop { $0 == "0" }
            guard !sizeText.isEmpty, significant.count <= 15, sizeText.utf8.allSatisfy({ ASCIIHex.value(of: $0) != nil }),
                  let size = significant.isEmpty ? 0 : Int(significant, radix: 16) else {
                throw .badResponse("invalid chunk size line: \(sizeLine.count > 60 ? sizeLine.prefix(60) + "…" : sizeLine)")
            }
            if size == 0 {
                // Trailer fields, then the blank line that ends the message; trailers are dropped.
                while try !readLine(limit: Self.maximumHeadBytes, what: "trailer").isEmpty {}
                return body
            }
            guard body.count + size <= maxBodyBytes else {
                throw .tooLarge("its chunked body passed the limit of \(maxBodyBytes) bytes")
            }
            body.append(contentsOf: try readExactly(size))
            guard try readLine(limit: 2, what: "chunk end").isEmpty else {
                throw .badResponse("a chunk is not followed by CRLF")
            }
        }
    }

    /// One line without its line ending.
    private mutating func readLine(limit: Int, what: String) throws(TransportFailure) -> Substring {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                var end = newline
                if end > position, buffer[end - 1] == 0x0D { end -= 1 }
                defer { position = newline + 1 }
                return Substring(String(decoding: buffer[position..<end], as: UTF8.self))
            }
            guard buffer.count - position <= limit + 2 else { throw .badResponse("the \(what) line is too long") }
            guard try fill() else { throw .closed("the connection closed inside the chunked body", receivedAnything: true) }
        }
    }

    /// Reads more bytes; false at the end of the connection. Consumed bytes are dropped first,
    /// so the buffer holds at most one unread window.
    private mutating func fill() throws(TransportFailure) -> Bool {
        if position > 64 * 1024, position * 2 > buffer.count {
            buffer.removeFirst(position)
            position = 0
        }
        let more = try connection.receive(into: &buffer, until: deadline, call: call, receivedAnything: receivedAnything)
        if more { receivedAnything = true }
        return more
    }
}
