import Foundation
import MockServer
import TestSupport
import Testing

/// Requests whose framing is ambiguous or unsupported, over raw sockets: each gets one JSON
/// refusal saying what was wrong, and the connection is closed, since whatever follows cannot be
/// trusted to be the start of a request (request smuggling).
@Suite struct FramingTests {
    static let files = [
        "api/echo.json": #"[{"method": "POST", "response": {"posted": true}}, {"response": {"got": true}}]"#,
    ]

    /// libmicrohttpd 1.0 refuses a missing `Host` and any `Transfer-Encoding` but `chunked` itself,
    /// always with 400 and an HTML body, before the server sees the request; 0.9.75 leaves them to
    /// the server (docs/ARCHITECTURE.md).
    static let libraryRefusesHostAndTransferCodings = !MockHTTPServer.libraryVersion.hasPrefix("0.")

    /// Sends `head` (plus `body`), reads one answer and checks that the connection then closes.
    /// Returns the JSON body, or nil when `byLibrary` says libmicrohttpd answered with its own 400.
    @discardableResult
    static func refusal(_ head: String, body: String = "", status: Int, byLibrary: Bool = false) throws -> [String: Any]? {
        let running = try RunningServer(files)
        let client = try running.rawClient()
        try client.write(head + body)
        let answer = try client.readAnswer()
        let expectedStatus = byLibrary ? 400 : status
        #expect(answer.status == expectedStatus, "\(head.debugDescription) answered \(answer.statusLine): \(answer.text)")
        #expect(answer.header("Connection")?.lowercased() == "close")
        #expect(client.waitForClose(), "the connection stayed open after refusing \(head.debugDescription)")
        // The server keeps serving everybody else.
        #expect(try running.rawClient().request("GET", "/api/echo").status == 200)
        guard !byLibrary else { return nil }
        #expect(answer.header("Content-Type") == "application/json")
        return try jsonObject(answer.body)
    }

    @Test func contentLengthWithTransferEncodingIs400() throws {
        let body = try #require(try Self.refusal(
            "POST /api/echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", body: "0\r\n\r\n", status: 400))
        let error = try #require(body["error"] as? String)
        #expect(error.contains("both Content-Length (5) and Transfer-Encoding (chunked)"))
        #expect((body["hint"] as? String)?.contains("not both") == true)
    }

    @Test func twoContentLengthsAre400AndTheBodyIsNotAnsweredAsASecondRequest() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        let smuggled = "GET /api/echo HTTP/1.1\r\nHost: t\r\n\r\n"
        try client.write("POST /api/echo HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nContent-Length: \(smuggled.utf8.count)\r\n\r\n\(smuggled)")
        let answer = try client.readAnswer()
        #expect(answer.status == 400)
        #expect((try jsonObject(answer.body)["error"] as? String)?.contains("2 Content-Length headers (0, \(smuggled.utf8.count))") == true)
        // No second answer: the connection ends right after the refusal.
        #expect(client.waitForClose())
    }

    @Test(arguments: [
        ("xchunked", "does not end with chunked"),
        ("chunked, identity", "does not end with chunked"),
        ("gzip", "does not end with chunked"),
        ("chunked,", "does not end with chunked"),
        ("chunked, chunked", "chunked must appear exactly once"),
    ])
    func transferEncodingOtherThanChunkedIs400(value: String, reason: String) throws {
        let refusal = try Self.refusal(
            "POST /api/echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: \(value)\r\n\r\n", status: 400,
            byLibrary: Self.libraryRefusesHostAndTransferCodings)
        guard let body = refusal else { return }
        let error = try #require(body["error"] as? String)
        #expect(error.contains("Transfer-Encoding '\(value)'"))
        #expect(error.contains(reason))
    }

    /// A coding before `chunked` is one the server does not implement; two header lines are one list.
    @Test(arguments: [
        ("Transfer-Encoding: gzip, chunked", "transfer coding 'gzip' in Transfer-Encoding 'gzip, chunked'"),
        ("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked", "transfer coding 'gzip' in Transfer-Encoding 'gzip, chunked'"),
    ])
    func anUnknownTransferCodingBeforeChunkedIs501(lines: String, reason: String) throws {
        let refusal = try Self.refusal(
            "POST /api/echo HTTP/1.1\r\nHost: t\r\n\(lines)\r\n\r\n", status: 501, byLibrary: Self.libraryRefusesHostAndTransferCodings)
        guard let body = refusal else { return }
        #expect((body["error"] as? String)?.contains(reason) == true)
    }

    @Test func chunkedInAnyCaseIsAccepted() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("POST /api/echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        let answer = try client.readAnswer()
        #expect(answer.status == 200)
        #expect(try jsonObject(answer.body)["posted"] as? Bool == true)
        // Kept alive: a normal request follows on the same connection.
        #expect(try client.request("GET", "/api/echo").status == 200)
    }

    /// RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing, whatever
    /// its Connection header says; before, the chunked body was read and a request pipelined
    /// behind it answered on the kept-alive connection.
    @Test func http10WithTransferEncodingIs400AndNothingBehindItIsAnswered() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("POST /api/echo HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
            + "GET /api/echo HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let answer = try client.readAnswer()
        #expect(answer.status == 400)
        #expect(answer.header("Connection")?.lowercased() == "close")
        let body = try jsonObject(answer.body)
        #expect(body["error"] as? String == "the HTTP/1.0 request has Transfer-Encoding (chunked), which HTTP/1.0 does not define, so its framing is faulty")
        #expect(body["hint"] as? String == "send the body with Content-Length, or send the request as HTTP/1.1")
        #expect(client.waitForClose(), "the pipelined request must not be answered")
    }

    @Test func http11WithoutHostIs400() throws {
        let refusal = try Self.refusal(
            "GET /api/echo HTTP/1.1\r\n\r\n", status: 400, byLibrary: Self.libraryRefusesHostAndTransferCodings)
        guard let body = refusal else { return }
        #expect((body["error"] as? String)?.contains("no Host header") == true)
    }

    @Test func twoHostHeadersAre400() throws {
        let body = try #require(try Self.refusal("GET /api/echo HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400))
        #expect((body["error"] as? String)?.contains("2 Host headers") == true)
    }

    @Test func http10WithoutHostIsServed() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("GET /api/echo HTTP/1.0\r\n\r\n")
        #expect(try client.readAnswer().status == 200)
    }

    /// libmicrohttpd answers these itself, before our first handler call; 0.9.75 writes its 400's
    /// status line and headers twice (docs/ARCHITECTURE.md), 1.0 once.
    @Test(arguments: ["+14", "14, 14", "-1"])
    func malformedContentLengthGetsOneAnswer(value: String) throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        try client.write("POST /api/echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(value)\r\n\r\n{\"name\":\"x\"}")
        let answer = try client.readAnswer()
        #expect(answer.status == 400)
        withKnownIssue("libmicrohttpd \(MockHTTPServer.libraryVersion) sends its 400's status line and headers twice") {
            #expect(!answer.text.hasPrefix("HTTP/1.1"), "the body is a second copy of the head: \(answer.text)")
        } when: {
            MockHTTPServer.libraryVersion.hasPrefix("0.")
        }
        #expect(client.waitForClose())
    }

    @Test(arguments: ["Authorization: Bearer ", "Cookie: session="])
    func aHeadWithAnEightKilobyteTokenOrCookieIsServed(header: String) throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        let answer = try client.request("GET", "/api/echo", headers: [header + String(repeating: "t", count: 8 * 1024 + 512)])
        #expect(answer.status == 200, "an 8.5 KiB \(header) answered \(answer.statusLine)")
        #expect(try client.request("GET", "/api/echo").status == 200)
    }

    @Test func aHeadJustUnderTheLimitIsServed() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        // "GET /api/echo HTTP/1.1" and "Host: test" take 36 bytes with their CRLFs, the padding
        // line 13 plus its value, the blank line 2; libmicrohttpd's record of each of the two
        // header lines 64.
        let padding = String(repeating: "p", count: MockHTTPServer.maxHeadBytes - 36 - 13 - 2 - 2 * 64)
        let answer = try client.request("GET", "/api/echo", headers: ["X-Padding: " + padding])
        #expect(answer.status == 200, "a head of exactly the limit answered \(answer.statusLine): \(answer.text)")
        let over = try running.rawClient().request("GET", "/api/echo", headers: ["X-Padding: p" + padding])
        #expect(over.status == 431, "a head one byte over the limit answered \(over.statusLine)")
    }

    /// libmicrohttpd keeps a 64-byte record of each header line in the same 20 KiB pool as the
    /// head and the answer's header block. 115 lines of 100 bytes are only 11.5 KB of text, but
    /// with their records they leave too little room for an answer with 2 KB of headers: counted
    /// without the records, the head was served and libmicrohttpd closed the connection without
    /// an answer ("failed to create response header").
    @Test func aHeadOfManyLinesCountsWhatLibmicrohttpdKeepsPerLine() throws {
        let linkHeaders = (1...8).map { #""X-Link-\#($0)": "\#(String(repeating: "l", count: 250))""# }.joined(separator: ", ")
        let running = try RunningServer(["api/linked.json": #"{"headers": {\#(linkHeaders)}, "response": {"linked": true}}"#])
        let lines = (1...115).map { String(format: "X-H%03d: ", $0) + String(repeating: "v", count: 90) }
        let client = try running.rawClient()
        let answer = try client.request("GET", "/api/linked", headers: lines)
        #expect(answer.status == 431, "\(answer.statusLine)")
        let body = try jsonObject(Data(answer.body))
        #expect((body["error"] as? String)?.contains("116 header lines and cookies, which count 64 bytes each") == true, "\(body)")
        #expect(body["hint"] is String)
        let fewer = try running.rawClient().request("GET", "/api/linked", headers: Array(lines.prefix(60)))
        #expect(fewer.status == 200, "60 such lines leave room for the answer: \(fewer.statusLine)")
        #expect(fewer.header("X-Link-8")?.count == 250)
    }

    /// Query parameters are recorded in the pool too, one record each: 260 short ones are a
    /// 1.9 KB URL but leave no room for 2 KB of answer headers, so they are refused as a long URL.
    @Test func aURLOfManyQueryParametersCountsWhatLibmicrohttpdKeepsPerParameter() throws {
        let linkHeaders = (1...8).map { #""X-Link-\#($0)": "\#(String(repeating: "l", count: 250))""# }.joined(separator: ", ")
        let running = try RunningServer(["api/linked.json": #"{"headers": {\#(linkHeaders)}, "response": {"linked": true}}"#])
        let query = (0..<260).map { "id=\($0)" }.joined(separator: "&")
        let answer = try running.rawClient().request("GET", "/api/linked?" + query)
        #expect(answer.status == 414, "\(answer.statusLine)")
        let body = try jsonObject(Data(answer.body))
        #expect((body["error"] as? String)?.contains("has 260 query parameters, which count 64 bytes each") == true, "\(body)")
        let fewer = try running.rawClient().request("GET", "/api/linked?" + (0..<100).map { "id=\($0)" }.joined(separator: "&"))
        #expect(fewer.status == 200, "\(fewer.statusLine)")
    }

    @Test func aHeadOverTheLimitGetsAJSON431() throws {
        let head = "GET /api/echo HTTP/1.1\r\nHost: t\r\nX-Padding: " + String(repeating: "c", count: MockHTTPServer.maxHeadBytes) + "\r\n\r\n"
        let body = try #require(try Self.refusal(head, status: 431))
        #expect((body["error"] as? String)?.contains("over the server's limit of \(MockHTTPServer.maxHeadBytes)") == true)
    }

    @Test func aURLOverTheLimitGetsAJSON414() throws {
        let head = "GET /api/echo?q=" + String(repeating: "u", count: MockHTTPServer.maxHeadBytes) + " HTTP/1.1\r\nHost: t\r\n\r\n"
        let body = try #require(try Self.refusal(head, status: 414))
        #expect((body["error"] as? String)?.contains("over the server's limit of \(MockHTTPServer.maxHeadBytes)") == true)
        #expect((body["hint"] as? String)?.contains("shorten the URL") == true)
    }

    @Test func aHeadTooLargeForLibmicrohttpdIsAnsweredAndTheServerKeepsServing() throws {
        let running = try RunningServer(Self.files)
        let client = try running.rawClient()
        let answer = try client.request("GET", "/api/echo", headers: ["X-Huge: " + String(repeating: "h", count: 64 * 1024)])
        // libmicrohttpd's own answer (an HTML body: it offers no way to change it).
        #expect(answer.status == 431, "a 64 KiB head answered \(answer.statusLine)")
        #expect(try running.rawClient().request("GET", "/api/echo").status == 200)
    }
}
