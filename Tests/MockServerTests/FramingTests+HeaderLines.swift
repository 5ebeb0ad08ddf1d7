import Foundation
import MockServer
import TestSupport
import Testing

/// Header lines libmicrohttpd 0.9.75 reads differently from other HTTP parsers. Each is sent with
/// a `Content-Length` and a body that is a complete second request: a server that misreads the
/// line answers that body as a request of its own (request smuggling).
extension FramingTests {
    static let smuggled = "GET /api/echo HTTP/1.1\r\nHost: t\r\n\r\n"

    @Test(arguments: [
        // libmicrohttpd keeps "Content-Length " as the name and ignores it.
        ("Content-Length : \(smuggled.utf8.count)\r\n", "header name \"Content-Length \" contains a space"),
        ("Content-Length\t: \(smuggled.utf8.count)\r\n", "contains a tab"),
        // After the first header, a line starting with ':' ends the head; the library drops the rest.
        (": v\r\nContent-Length: \(smuggled.utf8.count)\r\n", "the line after header \"Host\" holds a NUL byte or starts with ':'"),
        (":\r\nContent-Length: \(smuggled.utf8.count)\r\n", "starts with ':'"),
        // The value ends at the NUL; the rest of the line is dropped.
        ("X-A: 1\u{0}Content-Length: \(smuggled.utf8.count)\r\n", "the line after header \"X-A\" holds a NUL byte"),
        // Kept in the value by the library, a line end for some other parsers.
        ("X-A: 1\rContent-Length: \(smuggled.utf8.count)\r\n", "the value of header \"X-A\" holds a carriage return"),
        // Folding: the library glues the continuation onto the name ("Content-Length0").
        ("Content-Length: \(smuggled.utf8.count)\r\n 0\r\n", "obsolete line folding"),
        ("X\u{1}Y: 1\r\nContent-Length: \(smuggled.utf8.count)\r\n", "contains the byte 0x01"),
    ] as [(String, String)])
    func aHeaderLineTheLibraryMisreadsIs400AndItsBodyIsNotASecondRequest(line: String, reason: String) throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("POST /api/echo HTTP/1.1\r\nHost: t\r\n\(line)\r\n\(Self.smuggled)")
        let answer = try client.readAnswer()
        #expect(answer.status == 400, "\(line.debugDescription) answered \(answer.statusLine): \(answer.text)")
        #expect(answer.header("Content-Type") == "application/json")
        #expect(answer.header("Connection")?.lowercased() == "close")
        let error = try jsonObject(answer.body)["error"] as? String
        #expect(error?.contains(reason) == true, "\(error ?? answer.text)")
        #expect(client.waitForClose(), "the smuggled request was answered or the connection stayed open")
        #expect(try running.rawClient().request("GET", "/api/echo").status == 200)
    }

    @Test(arguments: ["a b/c", "api.test/path", "user@api.test", "[::1"])
    func anInvalidHostIs400(host: String) throws {
        let body = try #require(try Self.refusal("GET /api/echo HTTP/1.1\r\nHost: \(host)\r\n\r\n", status: 400))
        #expect((body["error"] as? String)?.contains("Host \(host.debugDescription) is not a host name") == true, "\(body)")
    }

    // Spaces and tabs after the value are not part of it (RFC 9112 §5): "t " and "t\t" were a 400.
    @Test(arguments: ["api.test:8080", "[::1]:8080", "127.0.0.1", "api.test ", "api.test:8080\t \t", "[::1]  "])
    func aValidHostIsServed(host: String) throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("GET /api/echo HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(try client.readAnswer().status == 200)
    }

    /// Allowed by HTTP (whitespace around a value is not part of it), but libmicrohttpd 0.9.75
    /// decodes chunks only for exactly "chunked", so the refusal says why.
    @Test func chunkedWithTrailingWhitespaceIsRefusedSayingWhy() throws {
        let body = try #require(try Self.refusal(
            "POST /api/echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked \r\n\r\n", body: "0\r\n\r\n", status: 400))
        #expect((body["error"] as? String)?.contains("whitespace around chunked") == true, "\(body)")
    }

    /// Lines libmicrohttpd reads as sent keep being served: LF-only line ends, whitespace after
    /// the colon and around values, empty values.
    @Test func unusualButValidHeaderLinesAreServed() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("GET /api/echo HTTP/1.1\nHost: t\nX-A:  \t 1 \t\nX-Empty:\r\nX-B:2\n\r\n")
        #expect(try client.readAnswer().status == 200)
        try client.write("GET /api/echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readAnswer().status == 200)
    }

    /// The checks rely on where libmicrohttpd leaves each request in its read buffer; pipelined
    /// requests (several in one write, with bodies and LF-only lines) start mid-buffer.
    @Test func pipelinedRequestsAreAllServed() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("GET /api/echo HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n\r\n"
            + "POST /api/echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nX-B:  2 \r\n\r\n{}"
            + "GET /api/echo HTTP/1.1\nHost: t\nX-C: 3\n\n")
        let answers = try (0..<3).map { _ in try client.readAnswer() }
        #expect(answers.map(\.status) == [200, 200, 200])
        #expect(try jsonObject(answers[1].body)["posted"] as? Bool == true)
    }

    /// libmicrohttpd keeps the spaces and tabs after a value; they are not part of it, so
    /// `requestHeaders` still match.
    @Test func trailingWhitespaceIsNotPartOfAHeaderValue() throws {
        let running = try RunningServer(["api/team.json": #"[{"requestHeaders": {"X-Team": "blue"}, "response": {"team": "blue"}}]"#])
        let client = try running.rawClient()
        try client.write("GET /api/team HTTP/1.1\r\nHost: t\r\nX-Team: blue \t \r\n\r\n")
        let answer = try client.readAnswer()
        #expect(answer.status == 200, "\(answer.text)")
    }
}
