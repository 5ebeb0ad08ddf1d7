@testable import MockFixtures
import Testing

@Suite("CORS for browser apps")
struct CrossOriginTests {
    static let files = [
        "api/people.json": #"[{"response": [{"id": 1}], "headers": {"X-Total-Count": "1"}}, {"method": "POST", "status": 201, "headers": {"Location": "/api/people/2"}}]"#,
        "api/legacy.json": #"[{"method": "OPTIONS", "status": 200, "headers": {"Allow": "GET"}}, {"response": {"legacy": true}}]"#,
        "api/locked.json": #"{"headers": {"Access-Control-Allow-Origin": "https://only.example"}, "response": {}}"#,
        "api/varied.json": #"{"headers": {"Vary": "Accept-Language"}, "response": {}}"#,
        "api/exposing.json": #"{"headers": {"X-A": "1", "X-B": "2", "Access-Control-Expose-Headers": "X-A"}, "response": {}}"#,
        "api/flaky.json": #"[{"fault": "truncatedBody", "bytesPerSecond": 1000, "response": {"items": [1, 2, 3]}}, {"method": "OPTIONS", "fault": "connectionReset"}]"#,
        "images/a.png": "png",
    ]
    static let origin = "http://localhost:5173"

    @Test func withoutTheOptionNothingChanges() throws {
        let fixture = try EngineFixture(Self.files)
        let response = fixture.get("/api/people", headers: ["Origin": Self.origin])
        #expect(response.headerValue("Access-Control-Allow-Origin") == nil)
        #expect(response.preparedID != nil)
        let preflight = fixture.send("OPTIONS", "/api/people", headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST"])
        #expect(preflight.status == 404)
    }

    @Test func requestsWithoutOriginKeepTheirPreparedAnswerVaryingOnOrigin() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let response = fixture.get("/api/people")
        #expect(response.preparedID != nil)
        let expected = [HTTPHeader(name: "Content-Type", value: "application/json"), HTTPHeader(name: "X-Total-Count", value: "1"),
                        HTTPHeader(name: "Vary", value: "Origin")]
        #expect(response.headers == expected)
        #expect(fixture.engine.preparedAnswerHeaders(fixture.engine.store.preparedResponses[response.preparedID!].headers) == expected,
                "a front's prepared copy says what the engine answers")
        #expect(try EngineFixture(Self.files).engine.preparedAnswerHeaders(expected.dropLast()) == Array(expected.dropLast()), "without --cors")
    }

    /// A browser that cached an answer without `Origin` (an `<img>`, a navigation) must not reuse
    /// it for a `fetch` with `Origin`: every answer under `--cors` says it varies on `Origin`.
    @Test func everyKindOfAnswerWithoutOriginVariesOnOrigin() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        for target in ["/api/people", "/images/a.png", "/api/missing", "/__admin/health", "/api/%00"] {
            #expect(fixture.get(target).headerValue("Vary") == "Origin", "\(target)")
        }
        #expect(fixture.get("/images/a.png", headers: ["If-None-Match": "*"]).headerValue("Vary") == "Origin", "304")
        #expect(fixture.get("/api/people", headers: ["Origin": ""]).headerValue("Vary") == "Origin", "an empty Origin is no browser's")
        #expect(fixture.send("OPTIONS", "/api/people", headers: ["Access-Control-Request-Method": "POST"]).headerValue("Vary") == "Origin")
        #expect(fixture.get("/api/varied").headerValue("Vary") == "Accept-Language, Origin")
        #expect(fixture.get("/api/locked").headerValue("Vary") == nil, "an entry that handles CORS itself is left alone")
        #expect(try EngineFixture(Self.files).get("/api/people").headerValue("Vary") == nil, "without --cors")
    }

    @Test func anAnswerToAnOriginAllowsItWithCredentialsAndExposesItsHeaders() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let response = fixture.get("/api/people", headers: ["Origin": Self.origin])
        #expect(response.status == 200)
        #expect(response.preparedID == nil)
        #expect(response.text == #"[{"id":1}]"#)
        #expect(response.headers == [
            HTTPHeader(name: "Content-Type", value: "application/json"),
            HTTPHeader(name: "X-Total-Count", value: "1"),
            HTTPHeader(name: "Vary", value: "Origin"),
            HTTPHeader(name: "Access-Control-Allow-Origin", value: Self.origin),
            HTTPHeader(name: "Access-Control-Allow-Credentials", value: "true"),
            HTTPHeader(name: "Access-Control-Expose-Headers", value: "Content-Type, X-Total-Count, Content-Length"),
        ])
        let created = fixture.send("POST", "/api/people", headers: ["Origin": "null"])
        #expect(created.headerValue("Access-Control-Allow-Origin") == "null", "file:// pages and sandboxed frames send Origin: null")
        #expect(created.headerValue("Access-Control-Expose-Headers") == "Location, Content-Length")
    }

    @Test func everyKindOfAnswerCarriesTheHeaders() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let headers = ["Origin": Self.origin]
        for target in ["/api/people", "/api/missing", "/images/a.png", "/api/%2e%2e/x", "/__admin/health", "/__admin/requests"] {
            let response = fixture.get(target, headers: headers)
            #expect(response.headerValue("Access-Control-Allow-Origin") == Self.origin, "\(target)")
            #expect(response.headerValue("Access-Control-Expose-Headers")?.hasPrefix("Content-Type") == true, "\(target)")
        }
        #expect(fixture.get("/api/missing", headers: headers).status == 404, "the explaining 404 reaches the page")
        let notModified = fixture.get("/images/a.png", headers: ["Origin": Self.origin, "If-None-Match": "*"])
        #expect(notModified.status == 304)
        #expect(notModified.headerValue("Access-Control-Allow-Origin") == Self.origin)
    }

    @Test func aPreflightAnswers204AllowingWhatItAsksFor() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let response = fixture.send("OPTIONS", "/api/people/7", headers: [
            "Origin": Self.origin, "Access-Control-Request-Method": "PROPFIND",
            "Access-Control-Request-Headers": "content-type,authorization,x-trace-id",
        ])
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        #expect(response.outcome == .corsPreflight)
        #expect(response.headers == [
            HTTPHeader(name: "Access-Control-Allow-Origin", value: Self.origin),
            HTTPHeader(name: "Access-Control-Allow-Credentials", value: "true"),
            HTTPHeader(name: "Access-Control-Allow-Methods", value: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, PROPFIND"),
            HTTPHeader(name: "Access-Control-Allow-Headers", value: "content-type,authorization,x-trace-id"),
            HTTPHeader(name: "Access-Control-Max-Age", value: "600"),
            HTTPHeader(name: "Vary", value: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"),
        ])
        let privateNetwork = fixture.send("OPTIONS", "/api/people", headers: [
            "Origin": "https://app.example.com", "Access-Control-Request-Method": "GET", "Access-Control-Request-Private-Network": "true",
        ])
        #expect(privateNetwork.headerValue("Access-Control-Allow-Private-Network") == "true")
        #expect(privateNetwork.headerValue("Access-Control-Allow-Headers") == nil)
        for target in ["/images/a.png", "/__admin/reload", "/api/%2e%2e/x"] {
            let response = fixture.send("OPTIONS", target, headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST"])
            #expect(response.status == 204, "\(target)")
        }
    }

    /// What a browser never sends is never echoed: a value with control characters would make the
    /// answer one that strict clients refuse (RFC 9110 §5.5).
    @Test func onlyWhatABrowserWouldSendIsEchoed() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let odd = fixture.send("OPTIONS", "/api/people", headers: [
            "Origin": Self.origin, "Access-Control-Request-Method": "G@T", "Access-Control-Request-Headers": "x-a, \u{0B}",
        ])
        #expect(odd.status == 204)
        #expect(odd.headerValue("Access-Control-Allow-Methods") == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS", "G@T is not a method name")
        #expect(odd.headerValue("Access-Control-Allow-Headers") == nil, "not a list of header names")
        for origin in ["http://a\u{1B}[2J", "", "  "] {
            let answer = fixture.send("GET", "/api/people", headers: ["Origin": origin])
            #expect(answer.status == 200)
            #expect(answer.headers.allSatisfy { !$0.name.hasPrefix("Access-Control-") }, "Origin \(origin.debugDescription): \(answer.headers)")
        }
        #expect(fixture.send("GET", "/api/people", headers: ["Origin": " \(Self.origin) "]).headerValue("Access-Control-Allow-Origin") == Self.origin)
    }

    @Test func anEntryThatListsItsExposedHeadersKeepsItsList() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let answer = fixture.get("/api/exposing", headers: ["Origin": Self.origin])
        #expect(answer.headers.filter { $0.name == "Access-Control-Expose-Headers" }.map(\.value) == ["X-A"], "\(answer.headers)")
        #expect(answer.headerValue("Access-Control-Allow-Origin") == Self.origin)
    }

    @Test func anOptionsRequestThatIsNotAPreflightIsAnsweredAsUsual() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        #expect(fixture.send("OPTIONS", "/api/people", headers: ["Origin": Self.origin]).status == 404)
        #expect(fixture.send("OPTIONS", "/api/people", headers: ["Access-Control-Request-Method": "POST"]).status == 404)
    }

    @Test func aFixtureEntryForOptionsWins() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let response = fixture.send("OPTIONS", "/api/legacy", headers: ["Origin": Self.origin, "Access-Control-Request-Method": "PUT"])
        #expect(response.status == 200)
        #expect(response.outcome == .matched(file: "api/legacy.json", entry: 0))
        #expect(response.headerValue("Allow") == "GET")
        #expect(response.headerValue("Access-Control-Allow-Origin") == Self.origin)
        #expect(response.headerValue("Access-Control-Allow-Methods") == nil, "the entry decides what the preflight allows")
    }

    @Test func anEntryThatSetsItsOwnAllowOriginIsLeftAlone() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let response = fixture.get("/api/locked", headers: ["Origin": Self.origin])
        #expect(response.headers == [HTTPHeader(name: "Content-Type", value: "application/json"),
                                     HTTPHeader(name: "Access-Control-Allow-Origin", value: "https://only.example")])
    }

    @Test func anExistingVaryGainsOrigin() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        #expect(fixture.get("/api/varied", headers: ["Origin": Self.origin]).headerValue("Vary") == "Accept-Language, Origin")
        #expect(fixture.get("/api/varied", headers: ["Origin": Self.origin]).headers.filter { $0.name == "Vary" }.count == 1)
    }

    @Test func theJournalNamesPreflights() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        _ = fixture.send("OPTIONS", "/api/people", headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST"])
        let records = try fixture.journal()
        #expect(records.first?["outcome"] as? String == "corsPreflight")
        #expect(records.first?["status"] as? Int == 204)
        #expect(try fixture.journal(unmatched: true).isEmpty, "a preflight is not an unmatched request")
    }

    @Test func faultsAndThrottlingSurviveTheHeaders() throws {
        let fixture = try EngineFixture(Self.files, options: MockEngineOptions(cors: true))
        let response = fixture.get("/api/flaky", headers: ["Origin": Self.origin])
        #expect(response.fault == .truncatedBody)
        #expect(response.bytesPerSecond == 1000)
        #expect(response.headerValue("Access-Control-Allow-Origin") == Self.origin)
        let preflight = fixture.send("OPTIONS", "/api/flaky", headers: ["Origin": Self.origin, "Access-Control-Request-Method": "GET"])
        #expect(preflight.fault == .connectionReset, "an OPTIONS entry with a fault answers the preflight")
    }
}
