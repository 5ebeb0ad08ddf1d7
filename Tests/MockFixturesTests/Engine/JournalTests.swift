import Dispatch
import Foundation
import Testing
@testable import MockFixtures

@Suite("The request journal")
struct JournalTests {
    static let files = [
        "api/people.json": #"[{"method": "POST", "request": {"name": "Rey"}, "status": 201, "response": {"id": 1}}, {"response": []}]"#,
        "logo.png": "PNG",
    ]

    @Test func recordsEveryFieldOfARequest() throws {
        let fixture = try EngineFixture(Self.files)
        let before = WallClock.millisecondsSince1970()
        let answer = fixture.engine.respond(
            method: "POST", target: "/api/people/?tag=a&tag=b%20c&empty",
            headers: HeaderList(fields: [HTTPHeader(name: "Content-Type", value: "application/json"),
                                         HTTPHeader(name: "X-Trace", value: "1"), HTTPHeader(name: "x-trace", value: "2")]),
            body: Array(#"{"name":"Rey"}"#.utf8))
        #expect(answer.status == 201)
        let entries = try fixture.journal()
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry["id"] as? Int == 1)
        #expect(entry["method"] as? String == "POST")
        #expect(entry["path"] as? String == "/api/people/")
        #expect(entry["query"] as? [String: [String]] == ["tag": ["a", "b c"], "empty": [""]])
        #expect(entry["headers"] as? [String: String] == ["content-type": "application/json", "x-trace": "1, 2"])
        #expect(entry["body"] as? String == #"{"name":"Rey"}"#)
        #expect(entry["bodyBase64"] == nil)
        #expect(entry["bodyTruncated"] == nil)
        #expect(entry["status"] as? Int == 201)
        #expect(texts(entry["matched"]) == ["file": "api/people.json", "entry": "0"])
        #expect(entry["outcome"] as? String == "matched")
        let time = try #require(entry["time"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let parsed = try #require(formatter.date(from: time), "time \(time) is RFC 3339 with milliseconds")
        #expect(time.hasSuffix("Z") && time.count == "2026-11-23T13:37:28.123Z".count)
        let milliseconds = Int64((parsed.timeIntervalSince1970 * 1000).rounded())
        #expect(milliseconds >= before && milliseconds <= WallClock.millisecondsSince1970())
    }

    @Test func namesEachOutcome() throws {
        let fixture = try EngineFixture(Self.files + ["broken.json": "[", "api/people/1.json": #"{"response": {}}"#])
        _ = fixture.get("/api/people")                   // matched (wildcard)
        _ = fixture.get("/nothing")                      // noMatch (no file)
        _ = fixture.send("DELETE", "/api/people/1")      // noMatch (no entry)
        _ = fixture.get("/logo.png")                     // staticFile
        _ = fixture.get("/broken")                       // brokenFixture
        _ = fixture.get("/a/../b")                       // rejectedPath
        _ = fixture.get("/__admin/health")               // not recorded
        _ = fixture.get("/__admin/requests")             // not recorded
        let entries = try fixture.journal()
        #expect(entries.map { $0["outcome"] as? String } == ["matched", "noMatch", "noMatch", "staticFile", "brokenFixture", "rejectedPath"])
        #expect(entries.map { $0["status"] as? Int } == [200, 404, 404, 200, 500, 404])
        #expect(entries.map { $0["id"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(entries[1]["matched"] is NSNull)
        #expect(entries[3]["matched"] as? [String: String] == ["file": "logo.png"])
        #expect(entries[5]["path"] as? String == "/a/../b")
        #expect(entries[0]["body"] == nil, "an empty body is absent")

        let unmatched = try fixture.journal(unmatched: true)
        #expect(unmatched.map { $0["id"] as? Int } == [2, 3, 5, 6], "no entry, a broken file, a refused target")
        #expect(fixture.get("/__admin/requests?unmatched=maybe").status == 400)
        let unknown = fixture.get("/__admin/requests?limit=5")
        #expect(unknown.status == 400, "a filter the journal does not have is not ignored")
        #expect(try unknown.jsonObject()["error"] as? String == #"the query parameter "limit" is not understood"#)
        #expect((try unknown.jsonObject()["hint"] as? String)?.hasPrefix("the only parameter is unmatched=true") == true)
        #expect(try fixture.get("/__admin/requests?unmached=true").jsonObject()["hint"] as? String == "did you mean unmatched=true?")
    }

    @Test func binaryBodiesAreBase64AndLongBodiesAreCut() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(journalBodyLimit: 8))
        _ = fixture.engine.respond(method: "POST", target: "/upload", headers: NoHeaders(), body: [0xFF, 0x00, 0xFE])
        _ = fixture.engine.respond(method: "POST", target: "/upload", headers: NoHeaders(), body: Array("0123456789abcdef".utf8))
        // "é" is two bytes; the cut at 8 falls inside the second one: still text.
        _ = fixture.engine.respond(method: "POST", target: "/upload", headers: NoHeaders(), body: Array("abcdefgé!".utf8))
        let entries = try fixture.journal()
        #expect(entries[0]["bodyBase64"] as? String == "/wD+")
        #expect(entries[0]["body"] == nil)
        #expect(entries[1]["body"] as? String == "01234567")
        #expect(entries[1]["bodyTruncated"] as? Bool == true)
        #expect(entries[1]["bodySize"] as? Int == 16)
        #expect(entries[2]["body"] as? String == "abcdefg")
        #expect(entries[2]["bodyTruncated"] as? Bool == true)
    }

    /// The answer sent is kept with the request: its headers and the body as it went out.
    @Test func keepsTheAnswerAsSent() throws {
        let fixture = try EngineFixture(Self.files + [
            "orders.json": """
            [
              {"method": "POST", "status": 201, "headers": {"Location": "/orders/{{uuid}}"}, "template": true, "response": {"id": "{{uuid}}"}},
              {"method": "DELETE", "status": 204},
              {"method": "PUT", "fault": "connectionReset"},
              {"method": "PATCH", "fault": "truncatedBody", "response": {"state": "half sent"}},
              {"response": {"orders": []}}
            ]
            """,
            "big.json": #"{"responseText": "0123456789abcdef"}"#,
        ], options: MockEngineOptions(journalBodyLimit: 8))
        let created = fixture.send("POST", "/orders")
        _ = fixture.send("HEAD", "/orders")
        _ = fixture.send("DELETE", "/orders")
        _ = fixture.send("PUT", "/orders")
        _ = fixture.send("PATCH", "/orders")
        _ = fixture.get("/big")
        _ = fixture.get("/logo.png")
        _ = fixture.get("/missing")
        let entries = try fixture.journal()
        let responses = entries.map { $0["response"] as? [String: Any] }

        let post = try #require(responses[0])
        let headers = try #require(post["headers"] as? [String: String])
        #expect(headers["location"] == created.headerValue("Location"), "the rendered template, as the app got it")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["content-length"] == nil, "the HTTP layer's own headers are not listed")
        #expect(post["body"] as? String == String(decoding: created.body.prefix(8), as: UTF8.self))
        #expect(post["bodyTruncated"] as? Bool == true, "the journal body limit bounds answers too")
        #expect(post["bodySize"] as? Int == created.body.count)

        let head = try #require(responses[1])
        #expect((head["headers"] as? [String: String])?["content-type"] == "application/json")
        #expect(head["body"] == nil && head["bodySize"] == nil, "a HEAD is answered without a body")
        #expect(responses[2]?["body"] == nil, "204 has no body")
        #expect(entries[3]["response"] is NSNull, "a reset connection sent nothing")
        #expect(entries[3]["status"] as? Int == 0)
        let patch = try #require(responses[4])
        #expect(patch["body"] as? String == #"{"state""#, "half of the body went out, cut to the limit of 8")
        #expect(patch["bodySize"] as? Int == #"{"state":"half sent"}"#.utf8.count / 2)
        #expect(responses[5]?["body"] as? String == "01234567")
        #expect(responses[5]?["bodySize"] as? Int == 16)
        #expect(responses[6]?["body"] as? String == "PNG")
        #expect((responses[6]?["headers"] as? [String: String])?["content-type"] == "image/png")
        #expect((responses[7]?["body"] as? String).map { $0.hasPrefix(#"{"#) } == true, "the explaining 404 too")
    }

    @Test func repeatedAnswerHeadersAreJoinedAndSetCookieKeepsItsCommas() {
        let json = JournalRecord.responseHeadersJSON([
            HTTPHeader(name: "Set-Cookie", value: "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT"),
            HTTPHeader(name: "Vary", value: "Origin"),
            HTTPHeader(name: "set-cookie", value: "b=2"),
            HTTPHeader(name: "vary", value: "Accept-Encoding"),
        ])
        #expect(json == .makeObject([("set-cookie", .string("a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT\nb=2")),
                                     ("vary", .string("Origin, Accept-Encoding"))]))
    }

    @Test func keepsTheNewestAndCountsTheDropped() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(journalSize: 3))
        for index in 1...10 { _ = fixture.get("/api/people?n=\(index)") }
        let response = fixture.get("/__admin/requests")
        let body = try response.jsonObject()
        let entries = try #require(body["requests"] as? [[String: Any]])
        #expect(entries.map { $0["id"] as? Int } == [8, 9, 10])
        #expect(body["dropped"] as? Int == 7)
    }

    @Test func clearingForgetsEverythingAndCountsFromThere() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(journalSize: 3))
        for _ in 1...5 { _ = fixture.get("/api/people") }
        let cleared = try fixture.send("DELETE", "/__admin/requests").jsonObject()
        #expect(cleared["status"] as? String == "cleared")
        #expect(cleared["removed"] as? Int == 3)
        #expect(try fixture.journal().isEmpty)
        _ = fixture.get("/api/people")
        let body = try fixture.get("/__admin/requests").jsonObject()
        #expect((body["requests"] as? [[String: Any]])?.map { $0["id"] as? Int } == [6])
        #expect(body["dropped"] as? Int == 0)
    }

    @Test func parallelRequestsAreAllRecordedWithDistinctIDs() throws {
        let fixture = try EngineFixture(Self.files)
        let engine = fixture.engine
        DispatchQueue.concurrentPerform(iterations: 300) { index in
            _ = engine.get("/api/people?n=\(index)")
        }
        let entries = try fixture.journal()
        #expect(entries.count == 300)
        #expect(Set(entries.compactMap { $0["id"] as? Int }) == Set(1...300))
        #expect(Set(entries.compactMap { ($0["query"] as? [String: [String]])?["n"]?.first }) == Set((0..<300).map(String.init)))
        #expect(entries.compactMap { $0["id"] as? Int } == (1...300).map { $0 }, "oldest first")
    }

    @Test func switchedOffItAnswers404SayingHowToTurnItOn() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(journalSize: 0))
        _ = fixture.get("/api/people")
        for (method, path) in [("GET", "/__admin/requests"), ("DELETE", "/__admin/requests"),
                               ("POST", "/__admin/requests/find"), ("POST", "/__admin/requests/count")] {
            let response = fixture.send(method, path, body: "{}")
            #expect(response.status == 404)
            let hint = try #require(try response.jsonObject()["hint"] as? String)
            #expect(hint.contains("--journal-size"))
        }
    }

    @Test func optionsNameTheirProblem() {
        #expect(MockEngineOptions().problem == nil)
        #expect(MockEngineOptions(journalSize: -1).problem?.contains("journal size -1") == true)
        #expect(MockEngineOptions(journalBodyLimit: -5).problem?.contains("journal body limit -5") == true)
        #expect(MockEngineOptions(journalSize: 1_000_001).problem == "journal size 1000001 is over the maximum of 1000000 requests; keep fewer")
        #expect(MockEngineOptions(journalSize: 1_000_000).problem == nil)
    }

    /// A size beyond the maximum is clamped rather than trapping on overflow, and the slots of a
    /// large journal are taken as requests arrive, not all at once.
    @Test(arguments: [Int.max, 1_000_000])
    func aHugeJournalSizeKeepsRequestsWithoutTrapping(size: Int) throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(journalSize: size))
        for _ in 0..<40 { _ = fixture.get("/api/people") }
        #expect(try fixture.journal().count == 40)
    }

    @Test func rfc3339IsComputedWithoutAFormatter() {
        #expect(WallClock.rfc3339(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(WallClock.rfc3339(milliseconds: 951_782_400_123) == "2000-02-29T00:00:00.123Z")
        #expect(WallClock.rfc3339(milliseconds: 1_795_440_248_007) == "2026-11-23T13:24:08.007Z")
        #expect(WallClock.rfc3339(milliseconds: -1) == "1969-12-31T23:59:59.999Z")
    }
}

/// A JSON object's values as text, so numbers and strings compare without Foundation's bridging.
func texts(_ object: Any?) -> [String: String]? {
    (object as? [String: Any])?.mapValues { "\($0)" }
}

func + <Key, Value>(lhs: [Key: Value], rhs: [Key: Value]) -> [Key: Value] {
    lhs.merging(rhs) { $1 }
}

@Suite("The journal's packed copy of request headers")
struct PackedHeadersTests {
    @Test func keepsEveryHeaderInOrderWithRepeatsEmptyValuesAndLongLengths() {
        let long = String(repeating: "v", count: 20_000)   // a length that takes three LEB128 bytes
        let fields = [
            HTTPHeader(name: "Host", value: "api.test"),
            HTTPHeader(name: "X-Empty", value: ""),
            HTTPHeader(name: "X-Long", value: long),
            HTTPHeader(name: "x-trace", value: "1"),
            HTTPHeader(name: "X-Trace", value: "2"),
            HTTPHeader(name: String(repeating: "N", count: 200), value: "é"),
        ]
        let packed = PackedHeaders(fields)
        #expect(packed.fields == fields)
        #expect(!packed.isEmpty)
        #expect(PackedHeaders([]).isEmpty)
        #expect(PackedHeaders([]).fields.isEmpty)
    }

    /// Both fronts journal the value without the spaces and tabs around it: libmicrohttpd hands
    /// over trailing ones, a URLRequest both.
    @Test func spacesAndTabsAroundAValueAreNotKept() {
        let packed = PackedHeaders([HTTPHeader(name: "X-A", value: "  spaced \t"), HTTPHeader(name: "X-B", value: " \t "),
                                    HTTPHeader(name: "X-C", value: "in  side")])
        #expect(packed.fields == [HTTPHeader(name: "X-A", value: "spaced"), HTTPHeader(name: "X-B", value: ""), HTTPHeader(name: "X-C", value: "in  side")])
    }

    /// The packer starts in a 1 KiB stack buffer and moves to an array when a header would not fit.
    @Test func headersCrossingTheStackBufferKeepTheirOrderAndBytes() {
        let fields = (0..<60).map { HTTPHeader(name: "X-Header-\($0)", value: String(repeating: "\($0 % 10)", count: 25 + $0)) }
        #expect(PackedHeaders(fields).fields == fields)
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        struct RawHeaders: RequestHeaderLookup {
            func value(forHeader lowercasedName: String) -> String? { nil }
            func headerFields() -> [HTTPHeader] { [] }
            func forEachHeader(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) {
                let name: [UInt8] = Array("X-Raw".utf8)
                let value: [UInt8] = [0x61, 0xFF, 0x62]
                name.withUnsafeBytes { name in value.withUnsafeBytes { value in body(name, value) } }
            }
        }
        #expect(PackedHeaders(copying: RawHeaders()).fields == [HTTPHeader(name: "X-Raw", value: "a\u{FFFD}b")])
    }
}
