import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import Testing

/// CORS, conditional requests and ranges answer the same over sockets and in-process.
@Suite("CORS, caching and ranges, over sockets and in-process")
struct BrowserSemanticsTests {
    static let digits = String(repeating: "0123456789", count: 10)
    static let files = [
        "api/people.json": #"[{"response": [{"id": 1}], "headers": {"X-Total-Count": "1"}}, {"method": "OPTIONS", "request": {"probe": "yes"}, "status": 200, "headers": {"Allow": "GET"}}]"#,
        "api/files/digits.txt": digits,
    ]
    static let origin = "http://localhost:5173"
    static let cors = MockEngineOptions(cors: true)

    @Test(arguments: ControlFront.allCases)
    func aPreflightAndTheRequestAfterIt(front: ControlFront) async throws {
        try await front.run(files: Self.files, options: Self.cors) { harness in
            let preflight = try await harness.session.send(HTTPRequest(method: "OPTIONS", path: "people", headers: [
                "Origin": Self.origin, "Access-Control-Request-Method": "DELETE", "Access-Control-Request-Headers": "authorization",
            ]))
            #expect(preflight.statusCode == 204)
            #expect(preflight.body.isEmpty)
            #expect(preflight.headers["Access-Control-Allow-Origin"] == Self.origin)
            #expect(preflight.headers["Access-Control-Allow-Methods"] == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
            #expect(preflight.headers["Access-Control-Allow-Headers"] == "authorization")
            #expect(preflight.headers["Access-Control-Allow-Credentials"] == "true")
            #expect(preflight.headers["Access-Control-Max-Age"] == "600")

            let answer = try await harness.session.send(HTTPRequest(path: "people", headers: ["Origin": Self.origin]))
            #expect(answer.statusCode == 200)
            #expect(answer.headers["Access-Control-Allow-Origin"] == Self.origin)
            #expect(answer.headers["Access-Control-Expose-Headers"] == "Content-Type, X-Total-Count, Content-Length")
            #expect(answer.headers["Vary"] == "Origin")
            #expect(String(decoding: answer.body, as: UTF8.self) == #"[{"id":1}]"#)

            let plain = try await harness.session.send(HTTPRequest(path: "people"))
            #expect(plain.headers["Access-Control-Allow-Origin"] == nil)
            #expect(plain.headers["Vary"] == "Origin", "a cached answer without Origin is not reused for a page's fetch")

            let entry = try await harness.session.send(HTTPRequest(method: "OPTIONS", path: "people", queryItems: [URLQueryItem(name: "probe", value: "yes")],
                                                                    headers: ["Origin": Self.origin, "Access-Control-Request-Method": "GET"]))
            #expect(entry.statusCode == 200, "a fixture entry for OPTIONS wins")
            #expect(entry.headers["Allow"] == "GET")

            let journal = try await harness.mock.requests()
            #expect(journal.map(\.outcome) == ["corsPreflight", "matched", "matched", "matched"])
        }
    }

    @Test(arguments: ControlFront.allCases)
    func conditionalRequestsAnswer304(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let first = try await harness.session.send(HTTPRequest(path: "files/digits.txt"))
            #expect(first.statusCode == 200)
            let etag = try #require(first.headers["ETag"])
            let lastModified = try #require(first.headers["Last-Modified"])
            #expect(first.headers["Accept-Ranges"] == "bytes")
            #expect(first.headers["Cache-Control"] == "no-cache")

            for headers in [["If-None-Match": etag], ["If-Modified-Since": lastModified]] {
                let again = try await harness.session.send(HTTPRequest(path: "files/digits.txt", headers: headers))
                #expect(again.statusCode == 304, "\(headers)")
                #expect(again.body.isEmpty)
                #expect(again.headers["Content-Type"] == nil)
                #expect(again.headers["ETag"] == etag)
            }
            let changed = try await harness.session.send(HTTPRequest(path: "files/digits.txt", headers: ["If-None-Match": "\"older\""]))
            #expect(changed.statusCode == 200)
            #expect(String(decoding: changed.body, as: UTF8.self) == Self.digits)
        }
    }

    @Test(arguments: ControlFront.allCases)
    func rangesAnswer206And416(front: ControlFront) async throws {
        try await front.run(files: Self.files) { harness in
            let part = try await harness.session.send(HTTPRequest(path: "files/digits.txt", headers: ["Range": "bytes=10-14"]))
            #expect(part.statusCode == 206)
            #expect(part.headers["Content-Range"] == "bytes 10-14/100")
            #expect(String(decoding: part.body, as: UTF8.self) == "01234")

            let tail = try await harness.session.send(HTTPRequest(path: "files/digits.txt", headers: ["Range": "bytes=-4"]))
            #expect(tail.statusCode == 206)
            #expect(String(decoding: tail.body, as: UTF8.self) == "6789")

            let parts = try await harness.session.send(HTTPRequest(path: "files/digits.txt", headers: ["Range": "bytes=0-0,-1"]))
            #expect(parts.statusCode == 206)
            #expect(parts.headers["Content-Type"]?.hasPrefix("multipart/byteranges; boundary=") == true)
            #expect(String(decoding: parts.body, as: UTF8.self).contains("Content-Range: bytes 99-99/100\r\n\r\n9\r\n"))

            let outside = try await harness.session.send(HTTPRequest(path: "files/digits.txt", headers: ["Range": "bytes=200-300"]))
            #expect(outside.statusCode == 416)
            #expect(outside.headers["Content-Range"] == "bytes */100")
        }
    }
}
