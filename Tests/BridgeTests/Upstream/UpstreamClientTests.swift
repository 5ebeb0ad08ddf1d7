import Foundation
import MockFixtures
import MockUpstream
import TestSupport
import Testing

/// The upstream client against local servers started by each test: a real mockserver for
/// ordinary exchanges, a scripted one for framing and failures.
@Suite struct UpstreamClientTests {
    static let people = """
        [
          {"method": "GET", "request": {"page": "2"}, "headers": {"ETag": "\\"v2\\"", "X-Total": "82"}, "response": {"page": 2, "names": ["Han"]}},
          {"method": "POST", "request": {"name": "Rey"}, "status": 201, "headers": {"Location": "/api/people/83"}, "response": {"created": "Rey"}}
        ]
        """

    @Test func forwardsAGetAndReturnsStatusHeadersAndBody() throws {
        let upstream = try LocalUpstream(["api/people.json": Self.people])
        let client = try UpstreamClient()
        let response = try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/api/people?page=2"))
        #expect(response.status == 200)
        #expect(response.header("etag") == "\"v2\"")
        #expect(response.header("X-Total") == "82")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Content-Length") == nil, "the body is complete; its length is not handed on")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"page":2,"names":["Han"]}"#)
        #expect(response.httpVersion == "HTTP/1.1")
    }

    @Test func forwardsARequestBodyWithItsContentType() throws {
        let upstream = try LocalUpstream(["api/people.json": Self.people])
        let response = try UpstreamClient().forward(UpstreamRequest(
            method: "POST", url: upstream.url + "/api/people",
            headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: Array(#"{"name": "Rey"}"#.utf8)))
        #expect(response.status == 201)
        #expect(response.header("Location") == "/api/people/83")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"created":"Rey"}"#)
    }

    @Test func sendsTheUpstreamsHostAndDropsHopByHopHeaders() throws {
        let upstream = try ScriptedUpstream { _ in .bytes(ScriptedUpstream.response(body: Array("ok".utf8)), close: false) }
        _ = try UpstreamClient().forward(UpstreamRequest(method: "PATCH", url: upstream.url + "/a/b%20c?x=1&y=%2F", headers: [
            HTTPHeader(name: "Host", value: "mock.local:8080"),
            HTTPHeader(name: "Connection", value: "keep-alive, X-Private"),
            HTTPHeader(name: "X-Private", value: "named by Connection"),
            HTTPHeader(name: "Keep-Alive", value: "timeout=5"),
            HTTPHeader(name: "TE", value: "trailers"),
            HTTPHeader(name: "Trailer", value: "X-Checksum"),
            HTTPHeader(name: "Upgrade", value: "websocket"),
            HTTPHeader(name: "Proxy-Authorization", value: "Basic c2VjcmV0"),
            HTTPHeader(name: "Accept-Encoding", value: "br"),
            HTTPHeader(name: "Authorization", value: "Bearer token"),
            HTTPHeader(name: "X-Request-Id", value: "42"),
        ], body: Array("{}".utf8)))
        let received = try #require(upstream.requests.first)
        #expect(received.method == "PATCH")
        #expect(received.target == "/a/b%20c?x=1&y=%2F", "the target is forwarded exactly as received")
        #expect(received.header("Host") == "127.0.0.1:\(upstream.port)")
        for name in ["Connection", "X-Private", "Keep-Alive", "TE", "Trailer", "Upgrade", "Proxy-Authorization"] {
            #expect(received.header(name) == nil, "\(name) is hop-by-hop and must not be forwarded")
        }
        #expect(received.header("Authorization") == "Bearer token")
        #expect(received.header("X-Request-Id") == "42")
        #expect(received.header("Accept-Encoding") == "gzip, deflate", "the client asks only for what it decodes")
        #expect(received.header("Content-Length") == "2")
        #expect(received.body == Array("{}".utf8))
    }

    @Test(arguments: [
        ("gzip", Compressed.gzip), ("x-gzip", Compressed.gzip), ("deflate", Compressed.zlib), ("deflate", Compressed.rawDeflate),
    ])
    func decodesCompressedBodies(coding: String, encoded: [UInt8]) throws {
        let upstream = try ScriptedUpstream { _ in
            .bytes(ScriptedUpstream.response(headers: ["Content-Type: application/json", "Content-Encoding: \(coding)", "Vary: Accept-Encoding"],
                                             body: encoded), close: false)
        }
        let response = try UpstreamClient().forward(UpstreamRequest(method: "GET", url: upstream.url + "/people"))
        #expect(response.body == Compressed.plain)
        #expect(response.header("Content-Encoding") == nil, "the body handed on is decoded")
        #expect(response.header("Vary") == "Accept-Encoding")
    }

    @Test func readsChunkedAndCloseDelimitedBodies() throws {
        let chunked = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n".utf8)
            + Array(String(Compressed.gzip.count - 10, radix: 16).utf8) + [13, 10] + Compressed.gzip.dropLast(10) + [13, 10]
            + Array("a;ext=1\r\n".utf8) + Compressed.gzip.suffix(10) + Array("\r\n0\r\nX-Trailer: t\r\n\r\n".utf8)
        let closeDelimited = Array("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end".utf8)
        let upstream = try ScriptedUpstream { request in
            request.target == "/chunked" ? .bytes(chunked, close: false) : .bytes(closeDelimited, close: true)
        }
        let client = try UpstreamClient()
        let first = try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/chunked"))
        #expect(first.body == Compressed.plain)
        #expect(first.header("Transfer-Encoding") == nil)
        let second = try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/close"))
        #expect(String(decoding: second.body, as: UTF8.self) == "until the end")
        #expect(second.httpVersion == "HTTP/1.0")
    }

    @Test func skipsInterimAnswersAndReturnsRedirectsUnfollowed() throws {
        let upstream = try ScriptedUpstream { request in
            if request.target == "/moved" {
                return .bytes(ScriptedUpstream.response("302 Found", headers: ["Location: /elsewhere"], body: []), close: false)
            }
            return .bytes(Array("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n".utf8)
                + ScriptedUpstream.response("201 Created", body: Array("made".utf8)), close: false)
        }
        let client = try UpstreamClient()
        let created = try client.forward(UpstreamRequest(method: "POST", url: upstream.url + "/things", body: Array("x".utf8)))
        #expect(created.status == 201)
        #expect(created.header("Link") == nil, "headers of the interim answer are not the final answer's")
        #expect(created.body == Array("made".utf8))
        let moved = try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/moved"))
        #expect(moved.status == 302)
        #expect(moved.header("Location") == "/elsewhere")
        #expect(upstream.requests.map(\.target) == ["/things", "/moved"], "the redirect is not followed")
    }

    /// What is handed on is sent to the client by mockserver: no byte a header value cannot carry.
    @Test func controlCharactersInTheUpstreamsHeaderValuesBecomeSpaces() throws {
        let upstream = try ScriptedUpstream { _ in
            .bytes(ScriptedUpstream.response(headers: ["X-Colour: \u{1B}[31mred\u{7F}", "X-Tab: a\tb", "X-Blank: \u{0B}", "X-Plain: ok"], body: []), close: false)
        }
        let response = try UpstreamClient().forward(UpstreamRequest(method: "GET", url: upstream.url + "/x"))
        #expect(response.header("X-Colour") == "[31mred")
        #expect(response.header("X-Tab") == "a\tb", "a tab is allowed")
        #expect(response.header("X-Blank") == nil, "a value left empty drops the header")
        #expect(response.header("X-Plain") == "ok")
    }

    /// RFC 9112 §2.2: a line ends at LF; a CR elsewhere is a character of the value (made a
    /// space), never the start of a header the upstream did not send.
    @Test func aBareCarriageReturnInAHeaderValueDoesNotStartAnotherHeader() throws {
        let upstream = try ScriptedUpstream { _ in
            .bytes(Array("HTTP/1.1 200 OK\r\nX-A: a\rSet-Cookie: injected=1\r\nX-B: b\r\r\nContent-Length: 0\r\n\r\n".utf8), close: false)
        }
        let response = try UpstreamClient().forward(UpstreamRequest(method: "GET", url: upstream.url + "/x"))
        #expect(response.header("Set-Cookie") == nil)
        #expect(response.header("X-A") == "a Set-Cookie: injected=1")
        #expect(response.header("X-B") == "b", "a CR before the line's CR LF ends the value")
    }

    @Test func dropsHeadersWhoseNameIsNotAToken() throws {
        let upstream = try ScriptedUpstream { _ in
            .bytes(ScriptedUpstream.response(headers: ["X(y): 1", "Bad Name: 2", "X-Ok: 3"], body: []), close: false)
        }
        let response = try UpstreamClient().forward(UpstreamRequest(method: "GET", url: upstream.url + "/x"))
        #expect(response.headers.map(\.name).filter { $0 != "Content-Length" } == ["X-Ok"])
    }

    @Test(arguments: ["-1", "+5", "-0"])
    func refusesAChunkSizeThatIsNotHexDigits(size: String) throws {
        let upstream = try ScriptedUpstream { _ in
            .bytes(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\nhello\r\n0\r\n\r\n".utf8), close: true)
        }
        let error = try #require(throws: UpstreamError.self) {
            try UpstreamClient().forward(UpstreamRequest(method: "GET", url: upstream.url + "/chunked"))
        }
        #expect(error.kind == .badResponse)
        #expect(error.detail == "invalid chunk size line: \(size)")
    }

    /// RFC 9112: chunk-size = 1*HEXDIG, so zeros in front are part of a valid size.
    @Test func readsAChunkSizeWithManyLeadingZeros() throws {
        let upstream = try ScriptedUpstream { _ in
            .bytes(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(String(repeating: "0", count: 40))5\r\nhello\r\n0\r\n\r\n".utf8), close: false)
        }
        #expect(try UpstreamClient().forward(UpstreamRequest(method: "GET", url: upstream.url + "/x")).body == Array("hello".utf8))
    }

    /// The request sends no TE, so a transfer coding other than chunked would reach the client
    /// still encoded and unlabelled (RFC 9112 §6.1).
    @Test(arguments: [("gzip, chunked", "gzip, chunked"), ("gzip", "gzip"), ("chunked, identity", "chunked, identity"), ("chunked", nil), ("identity", nil)])
    func refusesTransferCodingsOtherThanChunked(header: String, refused: String?) throws {
        let body = header.hasPrefix("chunked") || header.hasSuffix("chunked") ? Array("5\r\nhello\r\n0\r\n\r\n".utf8) : Array("hello".utf8)
        let upstream = try ScriptedUpstream { _ in
            .bytes(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: \(header)\r\n\r\n".utf8) + body, close: true)
        }
        let client = try UpstreamClient()
        guard let refused else {
            #expect(try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/x")).body == Array("hello".utf8))
            return
        }
        let error = try #require(throws: UpstreamError.self) {
            try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/x"))
        }
        #expect(error.kind == .badResponse)
        #expect(error.detail.hasPrefix("the answer uses the transfer coding '\(refused)', which was not asked for"), "\(error)")
    }

    /// A 304 repeats the 200's Content-Encoding (RFC 9110 §15.4.5); there is no body to decode.
    @Test(arguments: ["204 No Content", "304 Not Modified"])
    func bodilessAnswersPassWhateverTheirContentEncoding(status: String) throws {
        let upstream = try ScriptedUpstream { _ in
            .bytes(Array("HTTP/1.1 \(status)\r\nContent-Encoding: br\r\nETag: \"v1\"\r\n\r\n".utf8), close: false)
        }
        let response = try UpstreamClient().forward(UpstreamRequest(method: "GET", url: upstream.url + "/x"))
        #expect(response.status == Int(status.prefix(3)))
        #expect(response.body.isEmpty)
        #expect(response.header("ETag") == "\"v1\"")
    }

    @Test func headAnswersHaveNoBodyWhateverTheirContentLength() throws {
        let upstream = try ScriptedUpstream { _ in
            .bytes(Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 5000\r\n\r\n".utf8), close: false)
        }
        let client = try UpstreamClient()
        let first = try client.forward(UpstreamRequest(method: "HEAD", url: upstream.url + "/logo.png"))
        #expect(first.status == 200 && first.body.isEmpty)
        #expect(first.statedBodyLength == 5000, "the length a GET's body would have is kept for the proxy to state")
        // The connection stays usable: the 5000 bytes were never coming.
        _ = try client.forward(UpstreamRequest(method: "HEAD", url: upstream.url + "/logo.png"))
        #expect(upstream.connectionsAccepted == 1)
        #expect(upstream.requests.map { $0.header("Accept-Encoding") } == ["identity", "identity"],
                "a HEAD asks for the identity coding, so the stated length is the decoded body's")
    }

    /// A range is taken over the bytes sent: a slice of a gzip stream cannot be decoded, so a
    /// `Range` request asks for the identity coding. A decoded answer keeps its `ETag` as sent:
    /// weakened, the tag an app sends back in `If-Match` never matched (412).
    @Test func rangesAskForIdentityAndADecodedAnswerKeepsItsETag() throws {
        let upstream = try ScriptedUpstream { request in
            if request.header("Accept-Encoding") == "identity" {
                return .bytes(ScriptedUpstream.response("206 Partial Content", headers: ["Content-Range: bytes 0-3/\(Compressed.plain.count)", #"ETag: "plain""#],
                                                        body: Array(Compressed.plain.prefix(4))), close: false)
            }
            return .bytes(ScriptedUpstream.response(headers: ["Content-Encoding: gzip", #"ETag: "gz""#, "Accept-Ranges: bytes", "Vary: Accept-Encoding"],
                                                    body: Compressed.gzip), close: false)
        }
        let client = try UpstreamClient()
        let whole = try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/asset"))
        #expect(whole.body == Compressed.plain)
        #expect(whole.header("ETag") == #""gz""#, "as sent, so If-Match updates work")
        let part = try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/asset", headers: [HTTPHeader(name: "Range", value: "bytes=0-3")]))
        #expect(part.status == 206)
        #expect(part.body == Array(Compressed.plain.prefix(4)))
        #expect(part.header("ETag") == #""plain""#, "an identity answer keeps its strong tag")
        #expect(upstream.requests.map { $0.header("Accept-Encoding") } == ["gzip, deflate", "identity"])
    }

    @Test func aHeadAnswerStatesNoUsableLengthForAnEncodedBodyOrABadValue() throws {
        let upstream = try ScriptedUpstream { request in
            let head = switch request.target {
            case "/gzip": "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 321\r\n\r\n"
            case "/bad": "HTTP/1.1 200 OK\r\nContent-Length: 12, 13\r\n\r\n"
            case "/none": "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            default: "HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\nContent-Length: 42\r\n\r\n"
            }
            return .bytes(Array(head.utf8), close: false)
        }
        let client = try UpstreamClient()
        let lengths = try ["/gzip", "/bad", "/none", "/identity"].map { path in
            try client.forward(UpstreamRequest(method: "HEAD", url: upstream.url + path)).statedBodyLength
        }
        #expect(lengths == [nil, nil, nil, 42])
        let get = try ScriptedUpstream { _ in .bytes(ScriptedUpstream.response(body: Array("four".utf8)), close: false) }
        #expect(try client.forward(UpstreamRequest(method: "GET", url: get.url + "/x")).statedBodyLength == nil, "only HEAD answers state a length without a body")
        #expect(get.requests.first?.header("Accept-Encoding") == "gzip, deflate")
    }

    @Test func reusesKeptAliveConnectionsAndReplacesOnesTheServerClosed() throws {
        let upstream = try ScriptedUpstream { request in
            // The second answer closes its connection without saying so, as servers may.
            .bytes(ScriptedUpstream.response(body: Array(request.target.utf8)), close: request.target == "/2")
        }
        let client = try UpstreamClient()
        for index in 1...4 {
            let response = try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/\(index)"))
            #expect(response.body == Array("/\(index)".utf8))
        }
        #expect(upstream.connectionsAccepted == 2, "1 and 2 share a connection, 3 and 4 share the next")
    }

    /// A POST is not repeated on a fresh connection (RFC 9110 §9.2.2), and the failure says why
    /// it may or may not have reached the API.
    @Test func aPostOnAKeptAliveConnectionClosedWithoutAnAnswerSaysSo() throws {
        let upstream = try ScriptedUpstream { request in
            request.target == "/first" ? .bytes(ScriptedUpstream.response(body: Array("ok".utf8)), close: false) : .bytes([], close: true)
        }
        let client = try UpstreamClient()
        #expect(try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/first")).status == 200)
        let error = try #require(throws: UpstreamError.self) {
            try client.forward(UpstreamRequest(method: "POST", url: upstream.url + "/second", body: Array("{}".utf8)))
        }
        #expect(error.kind == .connectionClosed)
        #expect(error.detail == "the connection closed without an answer; the request went out on a kept-alive connection, which the API may "
            + "have closed just before it arrived, or after reading it: POST is not repeated automatically, since it may have been carried out; "
            + "check the API before sending it again")
        #expect(upstream.connectionsAccepted == 1)
    }

    @Test func anUpstreamThatClosesAfterAnInterimAnswerIsReportedAsSuch() throws {
        let upstream = try ScriptedUpstream { _ in .bytes(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), close: true) }
        let error = try #require(throws: UpstreamError.self) {
            try UpstreamClient().forward(UpstreamRequest(method: "POST", url: upstream.url + "/x", body: Array("{}".utf8)))
        }
        #expect(error.kind == .connectionClosed)
        #expect(error.detail == "the connection closed after an interim 100 answer, before the final answer")
    }

    @Test func boundsTheBody() throws {
        let big = [UInt8](repeating: 0x61, count: 5000)
        let upstream = try ScriptedUpstream { request in
            switch request.target {
            case "/declared": .bytes(ScriptedUpstream.response(body: big), close: false)
            case "/chunked": .bytes(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1388\r\n".utf8) + big + Array("\r\n0\r\n\r\n".utf8), close: false)
            default: .bytes(ScriptedUpstream.response(headers: ["Content-Encoding: gzip"], body: Compressed.gzip), close: false)
            }
        }
        let client = try UpstreamClient(configuration: UpstreamConfiguration(maxResponseBodyBytes: 900))
        for path in ["/declared", "/chunked", "/inflated"] {
            let error = try #require(throws: UpstreamError.self) {
                try client.forward(UpstreamRequest(method: "GET", url: upstream.url + path))
            }
            #expect(error.kind == .responseTooLarge, "\(path): \(error)")
            #expect(error.description.contains("900 bytes"), "\(error)")
        }
    }

    @Test func timesOutWhenTheUpstreamDoesNotAnswer() throws {
        let upstream = try ScriptedUpstream { _ in .silence }
        defer { upstream.stop() }
        let client = try UpstreamClient(configuration: UpstreamConfiguration(timeout: .milliseconds(300)))
        let error = try #require(throws: UpstreamError.self) {
            try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/slow"))
        }
        #expect(error.kind == .timedOut)
        #expect(error.description.contains("GET \(upstream.url)/slow failed"), "\(error)")
        #expect(error.description.contains("within the timeout"), "\(error)")
        #expect(error.origin == upstream.url)
    }

    @Test func reportsARefusedConnection() throws {
        let refusing = try RefusingPort()
        let port = refusing.port
        let error = try #require(throws: UpstreamError.self) {
            try UpstreamClient().forward(UpstreamRequest(method: "GET", url: "http://127.0.0.1:\(port)/x"))
        }
        #expect(error.kind == .connectionRefused)
        #expect(error.description.contains("127.0.0.1:\(port) refused the connection"), "\(error)")
        withExtendedLifetime(refusing) {}
    }

    @Test func reportsAHostThatDoesNotResolve() throws {
        // `.invalid` is reserved never to resolve (RFC 6761); the lookup fails at once.
        let error = try #require(throws: UpstreamError.self) {
            try UpstreamClient().forward(UpstreamRequest(method: "GET", url: "http://nonexistent-host.invalid/x"))
        }
        #expect(error.kind == .hostNotFound)
        #expect(error.description.contains("nonexistent-host.invalid could not be resolved"), "\(error)")
    }

    @Test func refusesWhatCannotBeSent() throws {
        let client = try UpstreamClient()
        for (request, kind) in [
            (UpstreamRequest(method: "GET", url: "ftp://example.test/x"), UpstreamError.Kind.invalidURL),
            (UpstreamRequest(method: "GET", url: "http://user:secret@example.test/"), .invalidURL),
            (UpstreamRequest(method: "GET BAD", url: "http://127.0.0.1:1/"), .invalidRequest),
            (UpstreamRequest(method: "GET", url: "http://127.0.0.1:1/", headers: [HTTPHeader(name: "X-Evil", value: "a\r\nHost: b")]), .invalidRequest),
        ] {
            let error = try #require(throws: UpstreamError.self) { try client.forward(request) }
            #expect(error.kind == kind, "\(request.method) \(request.url): \(error)")
        }
    }

    @Test func cancellingTheTaskCancelsTheExchange() async throws {
        let upstream = try ScriptedUpstream { _ in .silence }
        defer { upstream.stop() }
        let client = try UpstreamClient()
        let task = Task { try await client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/never")) }
        // Cancel once the request has reached the upstream, so the exchange really is under way.
        try #require(await eventually(within: 30) { !upstream.requests.isEmpty }, "the request never reached the upstream")
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("a cancelled exchange returned an answer")
        } catch let error as UpstreamError {
            #expect(error.kind == .cancelled)
        }
    }

    /// The answer arrives right after the cancel: read to its end, it still counts as cancelled,
    /// so a forward whose client left is never recorded.
    @Test func anAnswerThatArrivesAfterTheCancelIsNotHandedOn() async throws {
        let release = DispatchSemaphore(value: 0)
        let upstream = try ScriptedUpstream { _ in
            release.wait()
            return .bytes(ScriptedUpstream.response(body: Array("late".utf8)), close: false)
        }
        defer { upstream.stop() }
        let result = CompletionBox()
        let call = try UpstreamClient().start(UpstreamRequest(method: "GET", url: upstream.url + "/x")) { result.value = $0 }
        try #require(await eventually(within: 30) { !upstream.requests.isEmpty }, "the request never reached the upstream")
        call.cancel()
        release.signal()
        #expect(await eventually(within: 30) { result.value != nil })
        guard case .failure(let error) = result.value else {
            Issue.record("a cancelled exchange handed on \(String(describing: result.value))")
            return
        }
        #expect(error.kind == .cancelled)
    }

    @Test func startCallsBackFromTheBackground() async throws {
        let upstream = try LocalUpstream(["api/people.json": Self.people])
        let client = try UpstreamClient()
        let result = await withCheckedContinuation { continuation in
            client.start(UpstreamRequest(method: "GET", url: upstream.url + "/api/people?page=2")) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().status == 200)
    }

    @Test func checksItsConfiguration() throws {
        #expect(throws: UpstreamConfigurationError.invalidTimeout(.zero)) { try UpstreamClient(configuration: .init(timeout: .zero)) }
        #expect(throws: UpstreamConfigurationError.invalidMaxResponseBodyBytes(0)) { try UpstreamClient(configuration: .init(maxResponseBodyBytes: 0)) }
        let folder = try TemporaryFolder()
        let garbage = try folder.write("garbage.pem", "not a certificate")
        for file in [folder.path + "/missing.pem", garbage] {
            let error = try #require(throws: UpstreamConfigurationError.self) {
                try UpstreamClient(configuration: .init(trustedCertificatesFile: file))
            }
            #expect(error.description.contains(file), "\(error)")
        }
        #expect(UpstreamConfiguration(insecure: true).warnings.count == 1)
        #expect(UpstreamConfiguration().warnings.isEmpty)
    }
}

/// One JSON body and its gzip, zlib (RFC 1950 "deflate") and raw deflate encodings, made with
/// Python's gzip and zlib modules.
enum Compressed {
    static let plain = Array(("{\"results\":[" + (0..<40).map { "{\"name\":\"Luke\",\"id\":\($0)}" }.joined(separator: ",") + "]}").utf8)
    static let gzip = decode("H4sIAAAAAAACA3XSuw3CUBBE0V42dsDO8POrgQ6QAyRegPgEGEeWe6eBvenNjmbW+PZ5ef3maNc1Prd3jxaX5dljiMc92m4bqpx1Vp1d532dD3U+1vlU53OdR+AQE5wJ0ARpAjXBmoBN0CZwE7wCr2hX8Aq8Aq/AK/AKvAKvwGvwGrymI4PX4DV4DV6D1+D1uE3bH1fuf9fDAwAA")
    static let zlib = decode("eJx10rsNwlAQRNFeNnbAzvDzq4EOkAMkXoD4BBhHlnungb3pzY5m1vj2eXn95mjXNT63d48Wl+XZY4jHPdpuG6qcdVadXed9nQ91Ptb5VOdznUfgEBOcCdAEaQI1wZqATdAmcBO8Aq9oV/AKvAKvwCvwCrwCr8Br8Bq8piOD1+A1eA1eg9fg9bhN2x8B3xmM")
    static let rawDeflate = decode("ddK7DcJQEETRXjZ2wM7w86uBDpADJF6A+AQYR5Z7p4G96c2OZtb49nl5/eZo1zU+t3ePFpfl2WOIxz3abhuqnHVWnV3nfZ0PdT7W+VTnc51H4BATnAnQBGkCNcGagE3QJnATvAKvaFfwCrwCr8Ar8Aq8Aq/Aa/AavKYjg9fgNXgNXoPX4PW4Tdsf")

    private static func decode(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64)!)
    }
}

/// The result a completion handler delivers on another thread.
private final class CompletionBox: @unchecked Sendable {
    // @unchecked: `stored` is only read and written under `lock`.
    private let lock = NSLock()
    private var stored: Result<UpstreamResponse, UpstreamError>?

    var value: Result<UpstreamResponse, UpstreamError>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
