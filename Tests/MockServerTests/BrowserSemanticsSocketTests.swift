import Foundation
import Logging
import MockFixtures
import MockServer
import TestSupport
import Testing

/// What goes over the wire for CORS, 304, 206 and 416, byte for byte where HTTP says what may
/// be there (a 304's Content-Length, a 204 without one).
@Suite("CORS, caching and ranges on the wire")
struct BrowserSemanticsSocketTests {
    static let digits = String(repeating: "0123456789", count: 10)

    /// A server with CORS on (unless told otherwise) over `files/digits.txt` and `api/people.json`.
    final class CORSServer: Sendable {
        let tree: TemporaryFolder
        let server: MockHTTPServer

        init(maxBodyBytes: Int = ServerConfiguration().maxBodyBytes, cors: Bool = true) throws {
            tree = try TemporaryFolder(["files/digits.txt": digits, "api/people.json": #"{"headers": {"X-Total-Count": "1"}, "response": []}"#])
            let engine = MockEngine(store: try FixtureStore.load(root: tree.path), options: MockEngineOptions(cors: cors))
            server = try MockHTTPServer(engine: engine, configuration: ServerConfiguration(port: 0, maxBodyBytes: maxBodyBytes, logRequests: false),
                                        logger: Logger(label: "browser-semantics"))
        }

        deinit { server.stop() }

        func client() throws -> RawHTTPClient { try RawHTTPClient(port: server.port) }
    }

    private func names(_ answer: RawHTTPClient.Answer) -> [String] {
        answer.headers.map(\.name)
    }

    /// A fixture's own 304 states the 200's length and keeps the connection; with no 200 to stand
    /// for it states none and closes (libmicrohttpd would otherwise say `Content-Length: 0`).
    @Test func aFixture304StatesThe200sLengthOrNoneAtAll() throws {
        let running = try RunningServer([
            "api/cached.json": #"[{"requestHeaders": {"If-None-Match": "\"v1\""}, "status": 304, "headers": {"ETag": "\"v1\""}}, {"headers": {"ETag": "\"v1\""}, "response": [1, 2, 3]}]"#,
            "api/only.json": #"[{"status": 304}]"#,
        ])
        let client = try running.rawClient()
        try client.write("GET /api/cached HTTP/1.1\r\nHost: test\r\nIf-None-Match: \"v1\"\r\n\r\n")
        let notModified = try client.readAnswer(bodyExpected: false)
        #expect(notModified.status == 304)
        #expect(notModified.header("Content-Length") == "7", "the length of [1,2,3]")
        #expect(try client.request("GET", "/api/cached").text == "[1,2,3]", "the connection is still in step")

        let lonely = try running.rawClient()
        try lonely.write("GET /api/only HTTP/1.1\r\nHost: test\r\n\r\n")
        let ending = try lonely.readUntilClosed()
        let head = String(decoding: ending.bytes, as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 304 "), "\(head)")
        #expect(!head.lowercased().contains("content-length"), "\(head)")
        #expect(!head.lowercased().contains("transfer-encoding"), "\(head)")
        #expect(head.hasSuffix("\r\n\r\n"), "nothing after the head: \(head.debugDescription)")
    }

    @Test func a304HasNoBodyNoContentTypeAndTheLengthOfThe200() throws {
        let running = try CORSServer()
        let client = try running.client()
        let full = try client.request("GET", "/files/digits.txt")
        #expect(names(full) == ["Date", "Content-Type", "ETag", "Last-Modified", "Accept-Ranges", "Cache-Control", "Vary", "Content-Length"])
        let etag = try #require(full.header("ETag"))

        try client.write("GET /files/digits.txt HTTP/1.1\r\nHost: test\r\nIf-None-Match: \(etag)\r\n\r\n")
        let notModified = try client.readAnswer(bodyExpected: false)
        #expect(notModified.statusLine == "HTTP/1.1 304 Not Modified")
        #expect(names(notModified) == ["Date", "ETag", "Cache-Control", "Vary", "Content-Length"])
        #expect(notModified.header("Content-Length") == "100", "RFC 9110 §8.6: none, or the size of the 200")

        // No body followed the 304: the next answer on the connection starts right away.
        let next = try client.request("GET", "/files/digits.txt", headers: ["Range: bytes=98-"])
        #expect(next.statusLine == "HTTP/1.1 206 Partial Content")
        #expect(names(next) == ["Date", "Content-Type", "ETag", "Last-Modified", "Accept-Ranges", "Cache-Control", "Content-Range", "Vary", "Content-Length"])
        #expect(next.header("Content-Range") == "bytes 98-99/100")
        #expect(next.header("Content-Length") == "2")
        #expect(next.text == "89")

        let outside = try client.request("GET", "/files/digits.txt", headers: ["Range: bytes=100-"])
        #expect(outside.statusLine == "HTTP/1.1 416 Requested Range Not Satisfiable" || outside.statusLine == "HTTP/1.1 416 Range Not Satisfiable")
        #expect(outside.header("Content-Range") == "bytes */100")
        #expect(outside.header("Content-Type") == "application/json")
    }

    @Test func aPreflightIsA204WithoutContentHeaders() throws {
        let running = try CORSServer()
        let client = try running.client()
        try client.write("OPTIONS /api/people HTTP/1.1\r\nHost: test\r\nOrigin: http://localhost:3000\r\nAccess-Control-Request-Method: PUT\r\nAccess-Control-Request-Headers: content-type\r\n\r\n")
        let preflight = try client.readAnswer(bodyExpected: false)
        #expect(preflight.statusLine == "HTTP/1.1 204 No Content")
        #expect(names(preflight) == ["Date", "Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Allow-Methods",
                                     "Access-Control-Allow-Headers", "Access-Control-Max-Age", "Vary"])

        let answer = try client.request("GET", "/api/people", headers: ["Origin: http://localhost:3000"])
        #expect(answer.status == 200)
        #expect(answer.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(answer.header("Access-Control-Expose-Headers") == "Content-Type, X-Total-Count, Content-Length")
        #expect(answer.header("Vary") == "Origin")
        #expect(answer.text == "[]")
    }

    /// The prepared answers a server sends to requests without `Origin` say `Vary: Origin` under
    /// `--cors` (the engine's copy and the server's say the same), and only then.
    @Test func answersWithoutOriginVaryOnOrigin() throws {
        let running = try CORSServer()
        let client = try running.client()
        let prepared = try client.request("GET", "/api/people")
        #expect(prepared.status == 200)
        #expect(prepared.header("Vary") == "Origin")
        #expect(try client.request("HEAD", "/api/people").header("Vary") == "Origin")
        #expect(try client.request("GET", "/api/missing").header("Vary") == "Origin")

        let plainServer = try CORSServer(cors: false)
        #expect(try plainServer.client().request("GET", "/api/people").header("Vary") == nil)
    }

    @Test func theServersOwnRefusalsAllowTheOriginToo() throws {
        let running = try CORSServer(maxBodyBytes: 16)
        let client = try running.client()
        try client.write("POST /api/people HTTP/1.1\r\nHost: test\r\nOrigin: http://localhost:3000\r\nContent-Length: 100\r\n\r\n")
        let tooLarge = try client.readAnswer()
        #expect(tooLarge.status == 413)
        #expect(tooLarge.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(tooLarge.header("Connection") == "close")

        let plain = try running.client()
        try plain.write("POST /api/people HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\n")
        let withoutOrigin = try plain.readAnswer()
        #expect(withoutOrigin.status == 413)
        #expect(withoutOrigin.header("Access-Control-Allow-Origin") == nil)
        #expect(withoutOrigin.header("Vary") == "Origin")

        let refused = try running.client()
        try refused.write("GET /api/people HTTP/1.1\r\nHost: test\r\nOrigin: http://localhost:3000\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n")
        let ambiguous = try refused.readAnswer()
        #expect(ambiguous.status == 400)
        #expect(ambiguous.header("Access-Control-Allow-Origin") == "http://localhost:3000")
    }
}
