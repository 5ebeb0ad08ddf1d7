import Foundation
import Logging
import MockFixtures
import MockProxy
import MockServer
import MockUpstream
import TestSupport
import Testing

/// Entries with `"forward"` on a server: the request goes to the entry's API with the entry's
/// headers, the answer comes back with its `Location` moved to the mock's paths, and the journal
/// names both the API and the entry.
@Suite struct EntryForwardServingTests {
    /// A server over `files` forwarding entries through `UpstreamForwarders` (as `mockserver`
    /// does), or through nothing.
    final class Server: @unchecked Sendable {
        let root: TemporaryFolder
        let server: MockHTTPServer

        init(_ files: [String: String], forwards: Bool = true) throws {
            root = try TemporaryFolder(files, label: "entry-forward")
            let forwarders = forwards ? UpstreamForwarders(client: try UpstreamClient(configuration: UpstreamConfiguration(timeout: .seconds(10))),
                                                           logger: Logger(label: "bridge-tests.entry-forward")) : nil
            server = try MockHTTPServer(engine: MockEngine(store: try FixtureStore.load(root: root.path)),
                                        configuration: ServerConfiguration(port: 0, logRequests: false),
                                        logger: Logger(label: "bridge-tests.entry-forward"), entryForwarders: forwarders)
        }

        deinit { server.stop() }

        var url: String { server.url.absoluteString }

        func send(_ method: String = "GET", _ target: String, headers: [HTTPHeader] = [], body: String = "") async throws -> UpstreamResponse {
            try await UpstreamClient().forward(UpstreamRequest(method: method, url: url + target, headers: headers, body: Array(body.utf8)))
        }

        func journal(_ query: String = "") throws -> [[String: Any]] {
            let journal = server.engine.respond(method: "GET", target: "/__admin/requests" + query, headers: NoHeaders(), body: [])
            let object = try JSONSerialization.jsonObject(with: Data(journal.body)) as? [String: Any]
            return object?["requests"] as? [[String: Any]] ?? []
        }
    }

    static let upstreamFiles = [
        "v1/api/people.json": """
        [{"requestHeaders": {"X-Api-Key": "real", "X-Live": "1"}, "query": {"page": "2"}, "response": {"from": "api"}},
         {"method": "POST", "requestHeaders": {"X-Api-Key": "real"}, "status": 201, "headers": {"Location": "/v1/api/people/9"}, "response": {"id": 9}}]
        """,
    ]

    @Test func anEntryForwardsWithItsHeadersAndTheJournalNamesTheEntry() async throws {
        let upstream = try LocalUpstream(Self.upstreamFiles)
        let mock = try Server(["api/people.json": """
        [{"requestHeaders": {"X-Live": "1"}, "times": 1, "forward": {"to": "\(upstream.url)/v1", "headers": {"X-Api-Key": "real"}}},
         {"method": "POST", "forward": {"to": "\(upstream.url)/v1", "headers": {"x-api-key": "real"}}},
         {"response": {"from": "fixture"}}]
        """])
        #expect(mock.server.engine.store.problems.isEmpty, "\(mock.server.engine.store.problems)")

        let live = try await mock.send("GET", "/api/people?page=2", headers: [HTTPHeader(name: "X-Live", value: "1"), HTTPHeader(name: "X-Api-Key", value: "fake")])
        #expect(live.status == 200 && sameJSON(live.body, #"{"from": "api"}"#), "\(String(decoding: live.body, as: UTF8.self))")
        let again = try await mock.send("GET", "/api/people?page=2", headers: [HTTPHeader(name: "X-Live", value: "1")])
        #expect(sameJSON(again.body, #"{"from": "fixture"}"#), "times: 1 is used up by the forward")

        let created = try await mock.send("POST", "/api/people", headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: #"{"name": "Rey"}"#)
        #expect(created.status == 201)
        #expect(created.header("Location") == "/api/people/9", "the API's base path is moved to the mock's paths")

        #expect(upstream.requestCount == 2)
        let journal = try mock.journal()
        #expect(journal.map { $0["outcome"] as? String } == ["proxied", "matched", "proxied"])
        let first = try #require(journal.first)
        let matched = try #require(first["matched"] as? [String: Any])
        #expect(matched["file"] as? String == "api/people.json" && matched["entry"] as? Int == 0)
        let headers = try #require(first["headers"] as? [String: Any])
        #expect(headers["x-api-key"] as? String == "fake", "the journal keeps what the client sent, not what was forwarded")
        let upstreamJournal = upstream.server.engine.respond(method: "GET", target: "/__admin/requests", headers: NoHeaders(), body: [])
        let upstreamRequests = try #require(try JSONSerialization.jsonObject(with: Data(upstreamJournal.body)) as? [String: Any])["requests"] as? [[String: Any]]
        #expect(upstreamRequests?.first?["path"] as? String == "/v1/api/people", "\(upstreamRequests ?? [])")
    }

    @Test func aFailedForwardIsA502NamingTheAPIAndCountsAsUnmatched() async throws {
        let mock = try Server(["api/down.json": #"[{"forward": "http://127.0.0.1:1/v1"}]"#])
        let answer = try await mock.send("GET", "/api/down")
        #expect(answer.status == 502)
        let body = String(decoding: answer.body, as: UTF8.self)
        #expect(body.contains("http://127.0.0.1:1/v1"), "\(body)")
        let unmatched = try mock.journal("?unmatched=true")
        #expect(unmatched.map { $0["outcome"] as? String } == ["proxyFailed"])
        #expect((unmatched.first?["matched"] as? [String: Any])?["file"] as? String == "api/down.json")
    }

    @Test func anEntryForwardingBackToItsOwnServerIs508NotALoop() async throws {
        let mock = try Server([:])
        let added = mock.server.engine.respond(method: "POST", target: "/__admin/fixtures", headers: ["Content-Type": "application/json"],
                                               body: Array(#"{"path": "/api/self", "entries": [{"forward": "\#(mock.url)"}]}"#.utf8))
        #expect(added.status == 201, "\(String(decoding: added.body, as: UTF8.self))")
        let answer = try await mock.send("GET", "/api/self")
        #expect(answer.status == 508)
        #expect(String(decoding: answer.body, as: UTF8.self).contains(#"point the entry's \"forward\" at another server"#))
        #expect(try mock.journal().map { $0["outcome"] as? String } == ["proxyFailed", "proxyFailed"], "the looped request and the one that sent it")
    }

    /// Audit D4 #19: the journal named no entry for these.
    @Test func anOptionsThatMayPassNoMoreProxiesIsJournaledWithItsEntry() async throws {
        let upstream = try LocalUpstream(Self.upstreamFiles)
        let mock = try Server(["api/people.json": #"[{"method": "OPTIONS", "forward": "\#(upstream.url)/v1"}, {"method": "TRACE", "forward": "\#(upstream.url)/v1"}]"#])
        let options = try await mock.send("OPTIONS", "/api/people", headers: [HTTPHeader(name: "Max-Forwards", value: "0")])
        let trace = try await mock.send("TRACE", "/api/people", headers: [HTTPHeader(name: "Max-Forwards", value: "0")])
        #expect(options.status == 200 && trace.status == 405)
        #expect(upstream.requestCount == 0)
        let journal = try mock.journal()
        #expect(journal.map { $0["outcome"] as? String } == ["notForwarded", "notForwarded"])
        #expect(journal.map { ($0["matched"] as? [String: Any])?["entry"] as? Int } == [0, 1], "\(journal)")
    }

    /// Audit R22 #13: the answer says which flag mends it.
    @Test func aFailedForwardNamesTheFlagThatMendsIt() async throws {
        let certificate = try TestCertificate()
        let upstream = try LocalUpstream(Self.upstreamFiles, tls: certificate.identity)
        let mock = try Server(["api/people.json": #"[{"forward": "\#(upstream.url)/v1"}]"#])
        let answer = try await mock.send("GET", "/api/people")
        #expect(answer.status == 502)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(body["hint"] as? String == "mockserver's --cacert FILE trusts the authority that issued the certificate; --insecure skips the check, for tests only",
                "\(body)")
    }

    @Test func aServerWithoutEntryForwardersAnswers502SayingSo() async throws {
        let mock = try Server(["api/x.json": #"[{"forward": "http://127.0.0.1:1"}]"#], forwards: false)
        let answer = try await mock.send("GET", "/api/x")
        #expect(answer.status == 502)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("cannot forward"))
        let journal = try mock.journal()
        #expect(journal.map { $0["outcome"] as? String } == ["proxyFailed"])
        #expect(journal.first?["explanation"] as? String == "this server was started without entry forwarders (MockHTTPServer's entryForwarders)", "\(journal)")
    }
}
