import Foundation
@testable import MockFixtures
import Testing

@Suite("Static files: validators, conditional requests and ranges")
struct StaticFileCachingTests {
    /// 100 bytes: "0123456789" ten times.
    static let content = String(repeating: "0123456789", count: 10)
    /// 2023-11-14 22:13:20 UTC.
    static let modified: Int64 = 1_700_000_000

    /// A tree with `files/digits.txt` modified at ``modified``.
    static func fixture(cors: Bool = false) throws -> EngineFixture {
        let fixture = try EngineFixture(["files/digits.txt": content, "files/empty.bin": ""], options: MockEngineOptions(cors: cors))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(modified))],
                                              ofItemAtPath: fixture.tree.path("files/digits.txt"))
        fixture.engine.reload()
        return fixture
    }

    static let lastModified = "Tue, 14 Nov 2023 22:13:20 GMT"

    @Test func aStaticFileHasAStrongContentETagLastModifiedAndAcceptsRanges() throws {
        let fixture = try Self.fixture()
        let response = fixture.get("/files/digits.txt")
        #expect(response.status == 200)
        #expect(response.preparedID != nil, "the plain answer stays prepared")
        let etag = try #require(response.headerValue("ETag"))
        #expect(etag.hasPrefix("\"64-") && etag.hasSuffix("\"") && etag.count == 21, "size in hex, then 16 hex digits of content hash: \(etag)")
        #expect(response.headerValue("Last-Modified") == Self.lastModified)
        #expect(response.headerValue("Accept-Ranges") == "bytes")
        #expect(response.headerValue("Cache-Control") == "no-cache")

        // The tag follows the content, not the file's time or path.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: fixture.tree.path("files/digits.txt"))
        try fixture.tree.write("files/copy.txt", Self.content)
        try fixture.tree.write("files/other.txt", String(Self.content.reversed()))
        fixture.engine.reload()
        #expect(fixture.get("/files/digits.txt").headerValue("ETag") == etag)
        #expect(fixture.get("/files/copy.txt").headerValue("ETag") == etag)
        #expect(fixture.get("/files/other.txt").headerValue("ETag") != etag)
        #expect(fixture.get("/files/digits.txt").headerValue("Last-Modified") != Self.lastModified)
    }

    @Test func aModificationTimeInTheFutureIsServedAsNow() throws {
        let fixture = try Self.fixture()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 86_400 * 365)], ofItemAtPath: fixture.tree.path("files/digits.txt"))
        fixture.engine.reload()
        let text = try #require(fixture.get("/files/digits.txt").headerValue("Last-Modified"))
        let served = try #require(HTTPDate.parse(text))
        #expect(abs(served - Int64(Date().timeIntervalSince1970)) < 60)
    }

    @Test func ifNoneMatchAnswers304WithoutBodyOrContentType() throws {
        let fixture = try Self.fixture()
        let etag = try #require(fixture.get("/files/digits.txt").headerValue("ETag"))
        for header in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
            for method in ["GET", "HEAD"] {
                let response = fixture.send(method, "/files/digits.txt", headers: ["If-None-Match": header])
                #expect(response.status == 304, "\(method) \(header)")
                #expect(response.headers == [HTTPHeader(name: "ETag", value: etag), HTTPHeader(name: "Cache-Control", value: "no-cache")])
                #expect(!response.sendsBody(toMethod: method))
                #expect(response.outcome == .staticFile("files/digits.txt"))
            }
        }
        let changed = fixture.get("/files/digits.txt", headers: ["If-None-Match": "\"64-0000000000000000\""])
        #expect(changed.status == 200 && changed.text == Self.content && changed.preparedID != nil)
    }

    @Test func ifModifiedSinceAnswers304UnlessModifiedLaterAndYieldsToIfNoneMatch() throws {
        let fixture = try Self.fixture()
        func status(_ headers: [String: String]) -> Int { fixture.get("/files/digits.txt", headers: headers).status }
        #expect(status(["If-Modified-Since": Self.lastModified]) == 304)
        #expect(status(["If-Modified-Since": "Wed, 15 Nov 2023 00:00:00 GMT"]) == 304)
        #expect(status(["If-Modified-Since": "Tuesday, 14-Nov-23 22:13:20 GMT"]) == 304)
        #expect(status(["If-Modified-Since": "Tue, 14 Nov 2023 22:13:19 GMT"]) == 200)
        #expect(status(["If-Modified-Since": "not a date"]) == 200)
        #expect(status(["If-Modified-Since": Self.lastModified, "If-None-Match": "\"other\""]) == 200, "If-None-Match decides when present")
        #expect(fixture.send("HEAD", "/files/digits.txt", headers: ["If-Modified-Since": Self.lastModified]).status == 304)
    }

    @Test func ifMatchAndIfUnmodifiedSinceFailWith412() throws {
        let fixture = try Self.fixture()
        let etag = try #require(fixture.get("/files/digits.txt").headerValue("ETag"))
        let failed = fixture.get("/files/digits.txt", headers: ["If-Match": "\"other\""])
        #expect(failed.status == 412)
        #expect(failed.headerValue("ETag") == etag)
        #expect(try failed.jsonObject()["error"] as? String == "precondition failed: If-Match \"other\" does not match the file's ETag \(etag)")
        #expect(fixture.get("/files/digits.txt", headers: ["If-Match": "W/\(etag)"]).status == 412, "If-Match compares strongly")
        #expect(fixture.get("/files/digits.txt", headers: ["If-Match": etag]).status == 200)
        #expect(fixture.get("/files/digits.txt", headers: ["If-Match": "*"]).status == 200)
        #expect(fixture.get("/files/digits.txt", headers: ["If-Unmodified-Since": "Mon, 13 Nov 2023 00:00:00 GMT"]).status == 412)
        #expect(fixture.get("/files/digits.txt", headers: ["If-Unmodified-Since": Self.lastModified]).status == 200)
        #expect(fixture.get("/files/digits.txt", headers: ["If-Unmodified-Since": "Mon, 13 Nov 2023 00:00:00 GMT", "If-Match": etag]).status == 200,
                "If-Unmodified-Since is ignored when If-Match is present")
    }

    @Test func aRangeAnswers206WithContentRange() throws {
        let fixture = try Self.fixture()
        let cases: [(String, String, String)] = [
            ("bytes=0-9", "bytes 0-9/100", "0123456789"),
            ("bytes=95-", "bytes 95-99/100", "56789"),
            ("bytes=-3", "bytes 97-99/100", "789"),
            ("bytes=98-500", "bytes 98-99/100", "89"),
            ("bytes=0-4,3-9", "bytes 0-9/100", "0123456789"),
        ]
        for (range, contentRange, body) in cases {
            let response = fixture.get("/files/digits.txt", headers: ["Range": range])
            #expect(response.status == 206, "\(range)")
            #expect(response.headerValue("Content-Range") == contentRange)
            #expect(response.headerValue("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.headerValue("ETag") != nil && response.headerValue("Accept-Ranges") == "bytes")
            #expect(response.text == body)
        }
    }

    @Test func severalRangesAnswerMultipartByteranges() throws {
        let fixture = try Self.fixture()
        let response = fixture.get("/files/digits.txt", headers: ["Range": "bytes=-2, 0-1, 10-11"])
        #expect(response.status == 206)
        let contentType = try #require(response.headerValue("Content-Type"))
        #expect(contentType.hasPrefix("multipart/byteranges; boundary="))
        #expect(response.headerValue("Content-Range") == nil)
        let boundary = String(contentType.dropFirst("multipart/byteranges; boundary=".count))
        #expect(response.text == """
            --\(boundary)\r
            Content-Type: text/plain; charset=utf-8\r
            Content-Range: bytes 0-1/100\r
            \r
            01\r
            --\(boundary)\r
            Content-Type: text/plain; charset=utf-8\r
            Content-Range: bytes 10-11/100\r
            \r
            01\r
            --\(boundary)\r
            Content-Type: text/plain; charset=utf-8\r
            Content-Range: bytes 98-99/100\r
            \r
            89\r
            --\(boundary)--\r

            """)
    }

    @Test func anUnsatisfiableRangeAnswers416WithTheSize() throws {
        let fixture = try Self.fixture()
        let response = fixture.get("/files/digits.txt", headers: ["Range": "bytes=100-"])
        #expect(response.status == 416)
        #expect(response.headerValue("Content-Range") == "bytes */100")
        let body = try response.jsonObject()
        #expect(body["error"] as? String == "bytes=100- cannot be satisfied: files/digits.txt is 100 bytes long")
        #expect(body["size"] as? Int == 100)
        #expect(body["hint"] as? String == "ask for bytes within 0-99, e.g. Range: bytes=0-99")
    }

    @Test func rangesTheServerDoesNotServeGetTheWholeFile() throws {
        let fixture = try Self.fixture()
        for headers in [["Range": "items=0-9"], ["Range": "bytes=9-0"], ["Range": "bytes=0-9", "If-Range": "\"stale\""],
                        ["Range": "bytes=0-9", "If-Range": "Mon, 13 Nov 2023 00:00:00 GMT"]] {
            let response = fixture.get("/files/digits.txt", headers: headers)
            #expect(response.status == 200, "\(headers)")
            #expect(response.text == Self.content)
        }
        let head = fixture.send("HEAD", "/files/digits.txt", headers: ["Range": "bytes=0-9"])
        #expect(head.status == 200, "Range applies to GET only")
        let empty = fixture.get("/files/empty.bin", headers: ["Range": "bytes=0-9"])
        #expect(empty.status == 200 && empty.body.isEmpty, "an empty file has no ranges")
    }

    @Test func ifRangeWithTheCurrentValidatorKeepsTheRange() throws {
        let fixture = try Self.fixture()
        let etag = try #require(fixture.get("/files/digits.txt").headerValue("ETag"))
        #expect(fixture.get("/files/digits.txt", headers: ["Range": "bytes=0-1", "If-Range": etag]).status == 206)
        #expect(fixture.get("/files/digits.txt", headers: ["Range": "bytes=0-1", "If-Range": "W/\(etag)"]).status == 200)
        #expect(fixture.get("/files/digits.txt", headers: ["Range": "bytes=0-1", "If-Range": Self.lastModified]).status == 206)
    }

    @Test func notModifiedWinsOverRange() throws {
        let fixture = try Self.fixture()
        let etag = try #require(fixture.get("/files/digits.txt").headerValue("ETag"))
        #expect(fixture.get("/files/digits.txt", headers: ["Range": "bytes=0-1", "If-None-Match": etag]).status == 304)
    }

    @Test func fixtureEntriesAnswerAsWrittenWhateverTheConditions() throws {
        let fixture = try EngineFixture(["api/thing.json": #"{"headers": {"ETag": "\"v1\""}, "response": {"v": 1}}"#])
        let response = fixture.get("/api/thing", headers: ["If-None-Match": "\"v1\"", "Range": "bytes=0-1"])
        #expect(response.status == 200)
        #expect(response.text == #"{"v":1}"#)
    }
}
