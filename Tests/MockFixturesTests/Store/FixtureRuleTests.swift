import Foundation
import TestSupport
import Testing
@testable import MockFixtures

@Suite("Fixture rules for statuses and headers")
struct FixtureRuleTests {
    private func load(_ contents: String) throws -> (FixtureStore, TemporaryFolder) {
        let tree = try TemporaryFolder()
        try tree.write("a.json", contents)
        return (try tree.load(), tree)
    }

    @Test(arguments: [100, 101, 103, 199])
    func informationalStatusesAreLoadErrors(status: Int) throws {
        let (store, tree) = try load(#"[{"status": \#(status)}]"#)
        _ = tree
        #expect(store.problems.map(\.description) == [
            "a.json:1:13: error: status \(status) is informational (1xx): it cannot be the final answer, and clients would wait for one that never comes. Use a final status between 200 and 599",
        ])
        #expect(store.get("/a").status == 500)
    }

    /// `*` and `ALL` (other tools' any-method spellings) would load and match nothing: a load
    /// error for entries and a 400 for verification patterns, pointing at `ANY`.
    @Test(arguments: ["*", "ALL", "all"])
    func otherAnyMethodSpellingsAreRefused(method: String) throws {
        let (store, tree) = try load(#"[{"method": "\#(method)"}]"#)
        _ = tree
        #expect(store.problems.map(\.description) == [
            #"a.json:1:13: error: method "\#(method)" is not an HTTP method. Write "ANY" for an entry that answers every method (but OPTIONS), or a pattern that counts every method"#,
        ])
        let fixture = try EngineFixture(["b.json": "{}"])
        let refused = fixture.postJSON("/__admin/requests/count", #"{"method": "\#(method)", "path": "/b"}"#)
        #expect(refused.status == 400)
    }

    /// `"method": "ANY"` (WireMock's) answers every method but OPTIONS, which is left to CORS
    /// preflights and OPTIONS entries; a HEAD uses none of its `times`. In a pattern it counts
    /// every method.
    @Test func anAnyEntryAnswersEveryMethodButOptions() throws {
        let fixture = try EngineFixture(["down.json": #"[{"method": "any", "status": 503, "times": 3}, {"response": {"up": true}}]"#])
        #expect(fixture.send("HEAD", "/down").status == 503)
        #expect(fixture.get("/down").status == 503)
        #expect(fixture.send("DELETE", "/down").status == 503)
        #expect(fixture.send("PROPFIND", "/down").status == 503)
        #expect(fixture.send("CONNECT", "/down").status == 404, "a 2xx to CONNECT would make a tunnel")
        #expect(fixture.get("/down").status == 200, "three answers used up; the HEAD used none")
        let options = fixture.send("OPTIONS", "/down")
        #expect(options.status == 404)
        let anyCandidate = try (options.jsonObject()["candidates"] as? [[String: Any]])?.first { $0["entry"] as? Int == 0 }
        #expect((anyCandidate?["reasons"] as? [String])?.first == "method differs: an ANY entry answers every method but OPTIONS and CONNECT (write an entry for those)")
        #expect(try fixture.count(#"{"method": "ANY", "path": "/down"}"#)["count"] as? Int == 7, "every method, CONNECT and OPTIONS included")
        let cors = try EngineFixture(["down.json": #"[{"method": "ANY", "status": 503}]"#], options: MockEngineOptions(cors: true))
        let preflight = cors.send("OPTIONS", "/down", headers: ["Origin": "http://localhost:5173", "Access-Control-Request-Method": "DELETE"])
        #expect(preflight.status == 204, "the preflight is the server's; the DELETE after it gets the 503")
    }

    @Test(arguments: [204, 205, 304])
    func bodylessStatusesSendNoBodyAndNoContentType(status: Int) throws {
        let (store, tree) = try load(#"[{"status": \#(status), "response": {"a": 1}, "headers": {"Content-Type": "text/plain", "X-Kept": "yes"}}]"#)
        _ = tree
        #expect(store.problems.map(\.description) == [
            "a.json:1:18: warning: status \(status) answers never carry a body, so \"response\" is not sent. Remove \"response\", or use a status such as 200 to send a body",
            "a.json:1:52: warning: status \(status) answers have no body, so header \"Content-Type\" is not sent. Remove \"Content-Type\"",
        ])
        let response = store.get("/a")
        #expect(response.status == status)
        #expect(response.body.isEmpty)
        #expect(response.headerValue("Content-Type") == nil)
        #expect(response.headerValue("X-Kept") == "yes")
    }

    /// RFC 9110 §8.6: a 304 states the length of the 200 to the same request, or none. The 200 is
    /// what the request gets without its conditions; choosing it uses up nothing.
    @Test func aFixture304StatesTheLengthOfThe200ItStandsFor() throws {
        let (store, tree) = try load(#"""
            [{"requestHeaders": {"If-None-Match": "\"v1\""}, "status": 304, "headers": {"ETag": "\"v1\""}},
             {"times": 1, "headers": {"ETag": "\"v1\""}, "response": {"items": [1, 2, 3]}}]
            """#)
        _ = tree
        let conditional = store.get("/a", headers: ["If-None-Match": "\"v1\""])
        #expect(conditional.status == 304)
        #expect(conditional.statesBodyLength)
        #expect(conditional.statedContentLength(toMethod: "GET") == #"{"items":[1,2,3]}"#.utf8.count)
        #expect(conditional.preparedID == nil, "not the prebuilt answer, which would state 0")
        #expect(store.get("/a").status == 200, "the 200's one answer was not used up by the 304's length")
        #expect(store.get("/a").status == 404)
        let afterwards = store.get("/a", headers: ["If-None-Match": "\"v1\""])
        #expect(afterwards.status == 304)
        #expect(!afterwards.statesBodyLength, "no 200 left to stand for: no length rather than a false one")
        #expect(afterwards.statedContentLength(toMethod: "GET") == nil)
    }

    /// An entry written for HEAD has no body: it states the length of what a GET with the same
    /// status gets, or none rather than a false 0.
    @Test func aHeadEntryStatesTheLengthOfTheGETItStandsFor() throws {
        let (store, tree) = try load(#"""
            [{"method": "HEAD", "requestHeaders": {"X-Probe": "1"}, "status": 404},
             {"method": "HEAD", "headers": {"X-Head": "yes"}},
             {"response": {"items": [1, 2, 3]}}]
            """#)
        _ = tree
        let head = store.respond(method: "HEAD", target: "/a", headers: NoHeaders(), body: [])
        #expect(head.headerValue("X-Head") == "yes")
        #expect(head.statedContentLength(toMethod: "HEAD") == 17, "the GET's body")
        #expect(head.headerValue("Content-Type") == "application/json", "and the GET's type (RFC 9110 §9.3.2: the same headers)")
        let (typed, typedTree) = try load(#"[{"method": "HEAD", "headers": {"Content-Type": "text/csv"}}, {"responseText": "a,b"}]"#)
        _ = typedTree
        let typedHead = typed.respond(method: "HEAD", target: "/a", headers: NoHeaders(), body: [])
        #expect(typedHead.headers.filter { $0.name.lowercased() == "content-type" }.map(\.value) == ["text/csv"], "a type the entry states wins")
        let probe = store.respond(method: "HEAD", target: "/a", headers: ["X-Probe": "1"], body: [])
        #expect(probe.status == 404)
        #expect(probe.statedContentLength(toMethod: "HEAD") == nil, "GET answers 200, not 404: no length to state")
        let (lonely, lonelyTree) = try load(#"[{"method": "HEAD"}]"#)
        _ = lonelyTree
        #expect(lonely.respond(method: "HEAD", target: "/a", headers: NoHeaders(), body: []).statedContentLength(toMethod: "HEAD") == nil)
    }

    /// The 200 a 304 stands for has not answered anything: the unused report still lists it.
    @Test func theEntryA304StandsForStaysUnused() throws {
        let (store, tree) = try load(#"""
            [{"requestHeaders": {"If-None-Match": "\"v1\""}, "status": 304},
             {"response": {"items": [1, 2, 3]}}]
            """#)
        _ = tree
        #expect(store.get("/a", headers: ["If-None-Match": "\"v1\""]).statedContentLength(toMethod: "GET") == 17)
        #expect(store.fixtureFiles.first?.entries.map(\.usage.hasAnswered) == [true, false])
    }

    @Test func aBodylessStatusWithoutBodyIsFine() throws {
        let (store, tree) = try load(#"[{"method": "DELETE", "status": 204}]"#)
        _ = tree
        #expect(store.problems.isEmpty)
        #expect(store.send("DELETE", "/a", body: "").headers.isEmpty)
    }

    @Test(arguments: [
        (#"{"X-Empty": ""}"#, #"1:26: error: header "X-Empty" in headers has an empty value. Give it a value, or remove it"#),
        (#"{"X-Blank": "\t "}"#, #"1:26: error: header "X-Blank" in headers has an empty value (only spaces or tabs). Give it a value, or remove it"#),
        (#"{"Connection": "keep-alive"}"#, #"1:29: error: headers set Connection to "keep-alive"; the server manages connections itself and only "close" can be asked for. Remove it, or use "Connection": "close" to close the connection after this answer"#),
        (#"{"Connection": "upgrade"}"#, #"1:29: error: headers set Connection to "upgrade""#),
        (#"{"X-Esc": "a\u001b[31m"}"#, #"1:24: error: header "X-Esc" in headers contains the control character U+001B, which a header value cannot carry (RFC 9110 §5.5). Header values are visible characters, spaces and tabs; remove it"#),
        (#"{"X-Del": "\u007f"}"#, #"1:24: error: header "X-Del" in headers contains the control character U+007F"#),
        (#"{"Keep-Alive": "timeout=5"}"#, #"1:15: error: headers must not set Keep-Alive: it describes the connection or trailers, which the server manages itself. Remove "Keep-Alive""#),
        (#"{"Trailer": "X-Checksum"}"#, #"1:15: error: headers must not set Trailer"#),
        (#"{"TE": "trailers"}"#, #"1:15: error: headers must not set TE"#),
        (#"{"Proxy-Connection": "keep-alive"}"#, #"1:15: error: headers must not set Proxy-Connection"#),
        (#"{"Upgrade": "websocket"}"#, #"1:15: error: headers must not set Upgrade: it describes the connection or trailers, which the server manages itself. Remove "Upgrade"; the server never switches protocols"#),
    ])
    func headersTheServerWouldRefuseAreLoadErrors(headers: String, problem: String) throws {
        let (store, tree) = try load(#"[{"headers": \#(headers)}]"#)
        _ = tree
        #expect(store.problems.count == 1)
        #expect(store.problems.first?.description.hasPrefix("a.json:" + problem) == true, "\(store.problems)")
        #expect(store.get("/a").status == 500)
    }

    /// A `response` or `responseText` is sent as written: declared compressed, no client could
    /// decode it. Encoded bytes come from a `responseFile`.
    @Test func aContentEncodingOnABodySentAsWrittenIsALoadError() throws {
        for body in [#""response": {"a": 1}"#, #""responseText": "hi""#, #""response": {"a": "{{method}}"}, "template": true"#] {
            let (store, tree) = try load(#"[{"headers": {"Content-Encoding": "gzip, identity"}, \#(body)}]"#)
            _ = tree
            #expect(store.problems.map(\.description) == [
                #"a.json:1:15: error: header "Content-Encoding: gzip, identity" says the body is encoded, but "\#(body.contains("responseText") ? "responseText" : "response")" is sent as written, so every client would fail to decode it. Put the encoded bytes in a file and name it with "responseFile" (e.g. a .json.gz), or remove the header"#,
            ], "\(body)")
        }
        let tree = try TemporaryFolder()
        try tree.write("a.gz", bytes: [0x1F, 0x8B])
        try tree.write("a.json", #"[{"headers": {"Content-Encoding": "identity"}, "response": {"a": 1}}, {"method": "POST", "headers": {"Content-Encoding": "gzip"}, "responseFile": "a.gz"}]"#)
        #expect(try tree.load().problems.isEmpty)
    }

    /// RFC 9110 §5.5: clients drop whitespace around a value, so a test could never see it.
    @Test func whitespaceAroundAHeaderValueIsTrimmedWithAWarning() throws {
        let (store, tree) = try load(#"[{"headers": {"X-Lead": " lead", "X-Tabs": "\tboth\t ", "X-Inner": "a  b"}}]"#)
        _ = tree
        #expect(store.problems.map(\.description) == [
            #"a.json:1:25: warning: header "X-Lead" in headers starts or ends with spaces or tabs, which are not part of a header value (RFC 9110 §5.5); it is sent as "lead". Remove the whitespace around the value"#,
            #"a.json:1:44: warning: header "X-Tabs" in headers starts or ends with spaces or tabs, which are not part of a header value (RFC 9110 §5.5); it is sent as "both". Remove the whitespace around the value"#,
        ])
        let headers = store.get("/a").headers
        #expect(headers.first { $0.name == "X-Lead" }?.value == "lead")
        #expect(headers.first { $0.name == "X-Tabs" }?.value == "both")
        #expect(headers.first { $0.name == "X-Inner" }?.value == "a  b")
    }

    @Test func connectionCloseIsAllowed() throws {
        let (store, tree) = try load(#"[{"headers": {"Connection": "Close"}}]"#)
        _ = tree
        #expect(store.problems.isEmpty)
        #expect(store.get("/a").headerValue("Connection") == "Close")
    }
}

@Suite("Odd files in the fixture root")
struct OddFileTests {
    @Test func aNamedPipeCalledJSONNeverBlocksLoading() throws {
        let tree = try TemporaryFolder()
        try tree.write("ok.json", "{}")
        try tree.makeDirectory("api")
        #expect(mkfifo(tree.path("api/pipe.json"), 0o644) == 0)
        #expect(mkfifo(tree.path("pipe.png"), 0o644) == 0)
        // Nobody ever opens the other end: an open() without O_NONBLOCK would hang here for ever.
        let store = try tree.load()
        #expect(store.fixtureFileCount == 1)
        #expect(store.problems.map(\.description).sorted() == [
            "api/pipe.json: warning: is a named pipe (FIFO), not a regular file or folder; it is not served. Remove it from the fixture root",
            "pipe.png: warning: is a named pipe (FIFO), not a regular file or folder; it is not served. Remove it from the fixture root",
        ])
    }

    @Test func theReaderRefusesAPipeWithoutBlocking() throws {
        let tree = try TemporaryFolder()
        #expect(mkfifo(tree.path("late.json"), 0o644) == 0)
        #expect(RegularFileReader.read(tree.path("late.json"), limit: 100) == .failure(.notRegular(.fifo)))
        #expect(RegularFileReader.read(tree.path("missing.json"), limit: 100) == .failure(.cannotOpen(reason: "no such file")))
    }

    @Test func fixtureFilesOverTheCapAreErrors() throws {
        let tree = try TemporaryFolder()
        try tree.write("big.json", #"[{"response": "\#(String(repeating: "x", count: 2_000))"}]"#)
        try tree.write("small.json", "{}")
        var options = FixtureLoadOptions()
        options.maxFixtureFileBytes = 1_024
        let store = try tree.load(options: options)
        #expect(store.problems.map(\.description) == [
            "big.json: error: fixture file is 2018 bytes, over the limit of 1024. Make it smaller or split it (in-process, FixtureLoadOptions.maxFixtureFileBytes raises the limit)",
        ])
        let response = store.get("/big")
        #expect(response.status == 500)
        #expect(response.text.contains("over the limit of 1024"))
        #expect(store.get("/small").status == 200)
        #expect(FixtureLoadOptions().maxFixtureFileBytes == 64 << 20)
    }
}
