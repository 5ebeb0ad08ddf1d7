@testable import MockServer
import MockFixtures
import Testing

/// The framing and size rules applied to every request head, without sockets.
@Suite struct RequestHeadTests {
    static func head(_ lines: [(String, String)], http10: Bool = false) -> RequestHead {
        var head = RequestHead(isHTTP10: http10)
        for (name, value) in lines {
            head.count(nameLength: name.utf8.count, valueLength: value.utf8.count)
            Array(name.utf8).withUnsafeBufferPointer { head.checkName($0) }
            if let header = Self.checkedHeader(name) {
                head.add(header, valueLength: value.utf8.count, value: value)
                if header == .host { Array(value.utf8).withUnsafeBufferPointer { head.checkHost($0) } }
                if header == .cookie { Array(value.utf8).withUnsafeBufferPointer { head.countCookies($0) } }
            }
        }
        return head
    }

    static func checkedHeader(_ name: String) -> CheckedHeader? {
        Array(name.utf8).withUnsafeBufferPointer { CheckedHeader(name: $0) }
    }

    @Test func recognisesTheCheckedHeadersInAnyCaseOnly() {
        #expect(Self.checkedHeader("HOST") == .host)
        #expect(Self.checkedHeader("content-LENGTH") == .contentLength)
        #expect(Self.checkedHeader("Transfer-Encoding") == .transferEncoding)
        #expect(Self.checkedHeader("Hosts") == nil)
        #expect(Self.checkedHeader("Hust") == nil)
        #expect(Self.checkedHeader("Content-Type") == nil)
        #expect(Self.checkedHeader("Transfer_Encoding") == nil)
        #expect(Self.checkedHeader("COOKIE") == .cookie)
        #expect(Self.checkedHeader("Cookie2") == nil)
    }

    @Test func anOrdinaryHeadPasses() {
        #expect(Self.head([("Host", "a"), ("Content-Length", "14")]).framingViolation == nil)
        #expect(Self.head([("Host", "a"), ("Transfer-Encoding", "CHUNKED")]).framingViolation == nil)
        #expect(Self.head([], http10: true).framingViolation == nil)
    }

    @Test(arguments: [
        ([("Host", "a"), ("Host", "b")], 400, "2 Host headers"),
        ([("Accept", "*/*")], 400, "no Host header"),
        ([("Host", "a"), ("Content-Length", "1"), ("Transfer-Encoding", "chunked")], 400, "both Content-Length (1) and Transfer-Encoding (chunked)"),
        ([("Host", "a"), ("Content-Length", "0"), ("Content-Length", "0")], 400, "2 Content-Length headers (0, 0)"),
        ([("Host", "a"), ("Content-Length", "+14")], 400, "Content-Length '+14' is not a number"),
        ([("Host", "a"), ("Content-Length", "")], 400, "Content-Length '' is not a number"),
        ([("Host", "a"), ("Transfer-Encoding", "identity")], 400, "does not end with chunked"),
        ([("Host", "a"), ("Transfer-Encoding", "")], 400, "does not end with chunked"),
        ([("Host", "a"), ("Transfer-Encoding", "gzip,chunked")], 501, "transfer coding 'gzip'"),
        ([("Host", "a"), ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], 400, "chunked must appear exactly once"),
        ([("Host", "a"), ("Transfer-Encoding", " chunked\t")], 400, "whitespace around chunked"),
        ([("Host", "a b/c")], 400, "Host \"a b/c\" is not a host name"),
        ([("Host", "a@b")], 400, "is not a host name"),
        ([("Host", "[::1")], 400, "is not a host name"),
        ([("Host", "a:8x")], 400, "is not a host name"),
        ([("Host", "a:123456")], 400, "is not a host name"),
        ([("Host", "a:65536")], 400, "is not a host name"),
        ([("Host", "[::1]:99999")], 400, "is not a host name"),
        ([("Host", "[]")], 400, "is not a host name"),
        ([("Host", "[::1]x")], 400, "is not a host name"),
        ([("Host", "a\u{80}")], 400, "is not a host name"),
        ([("Host", "a"), ("Content-Length ", "5")], 400, "header name \"Content-Length \" contains a space"),
        ([("Host", "a"), ("X-A\t", "5")], 400, "contains a tab"),
        ([("Host", "a"), ("", "v")], 400, "its name is empty"),
        ([("Host", "a"), ("X\u{1}Y", "v")], 400, "contains the byte 0x01"),
        ([("Host", "a"), ("Ümlaut", "v")], 400, "contains the byte 0xC3"),
        ([("Host", "a"), ("X(Y)", "v")], 400, "contains '('"),
    ] as [([(String, String)], Int, String)])
    func refusesAmbiguousFraming(lines: [(String, String)], status: Int, reason: String) throws {
        let violation = try #require(Self.head(lines).framingViolation)
        #expect(violation.status == status)
        #expect(violation.error.contains(reason), "\(violation.error)")
        #expect(!violation.hint.isEmpty)
    }

    @Test func aHeadOverTheLimitIs431CountingTheRequestLine() throws {
        let head = Self.head([("Host", "a"), ("X-Padding", String(repeating: "p", count: 100))])
        // "Host: a" (7 + CRLF) + "X-Padding: p…" (111 + CRLF) + the blank line (2) + a 20-byte
        // request line: 144 bytes, and 64 more for each of the two lines libmicrohttpd records.
        #expect(head.violation(requestLineBytes: 20, maxBytes: 272) == nil)
        let violation = try #require(head.violation(requestLineBytes: 20, maxBytes: 271))
        #expect(violation.status == 431)
        #expect(violation.error.contains("144 bytes and 2 header lines and cookies, which count 64 bytes each: 272, over the server's limit of 271"), "\(violation.error)")
    }

    @Test func aHeadOverTheLimitMostlyForItsURLIs414() throws {
        let head = Self.head([("Host", "a")])
        // "Host: a" (9, and 64 for libmicrohttpd's record of it) + the blank line (2) + a 200-byte request line.
        #expect(head.violation(requestLineBytes: 200, maxBytes: 275) == nil)
        let violation = try #require(head.violation(requestLineBytes: 200, maxBytes: 274))
        #expect(violation.status == 414)
        #expect(violation.error.contains("the request line is 200 bytes (275 with the headers), over the server's limit of 274"), "\(violation.error)")
        #expect(violation.hint.contains("shorten the URL"))
    }

    @Test func aCookieCountsTwice() throws {
        let head = Self.head([("Host", "a"), ("Cookie", String(repeating: "c", count: 100))])
        // "Host: a" (9) + "Cookie: c…" (110) + the cookie's parsed copy (100) + the blank line (2) + 20,
        // and 64 for each record: two lines and one cookie.
        #expect(head.violation(requestLineBytes: 20, maxBytes: 433) == nil)
        #expect(head.violation(requestLineBytes: 20, maxBytes: 432)?.status == 431)
        // Each cookie of a line is a record of its own.
        let three = Self.head([("Host", "a"), ("Cookie", "a=1; b=2; c=" + String(repeating: "c", count: 86))])
        #expect(three.violation(requestLineBytes: 20, maxBytes: 557) == nil)
        #expect(three.violation(requestLineBytes: 20, maxBytes: 556)?.status == 431)
    }

    @Test(arguments: ["api.test", "api.test:8080", "127.0.0.1:80", "a:65535", "a:00080", "[::1]:8080", "[::1]", "", "a:", "xn--bcher-kva.example", "a%20b", "[v1.x]:1"])
    func aValidHostPasses(host: String) {
        #expect(Self.head([("Host", host)]).framingViolation == nil)
    }

    @Test func headerNamesAreTokensOnly() {
        let tchar = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        let grammar = ASCIISet(tchar)
        #expect(grammar.low == HTTPToken.bytes.low && grammar.high == HTTPToken.bytes.high)
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPToken.isTokenByte(byte) == tchar.utf8.contains(byte), "byte \(byte)")
        }
    }

    @Test func hostMasksAreTheGrammars() {
        let registeredName = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%!$&'()*+,;="
        for (set, members) in [(HostValue.registeredName, registeredName), (HostValue.ipLiteral, registeredName + ":"),
                                (HostValue.digits, "0123456789")] {
            let grammar = ASCIISet(members)
            #expect(grammar.low == set.low && grammar.high == set.high)
            for byte in UInt8.min...UInt8.max {
                #expect(set.contains(byte) == members.utf8.contains(byte), "byte \(byte)")
            }
        }
    }

    @Test func theFirstMalformedLineIsTheOneReported() throws {
        var head = RequestHead(isHTTP10: false)
        Array("X A".utf8).withUnsafeBufferPointer { head.checkName($0) }
        Array("Y".utf8).withUnsafeBufferPointer { head.noteCarriageReturn(inValueOf: $0) }
        let violation = try #require(head.framingViolation)
        #expect(violation.error.contains("\"X A\" contains a space"))
    }
}
