import Testing
@testable import MockFixtures

/// The fixtures the client's integration tests use for token refresh, retries, forms, uploads and
/// content types. Each test loads its own store, so the `times` counters start at zero.
@Suite("Mocks/ fixtures for client features")
struct ClientFeatureMocksTests {
    let store: FixtureStore

    init() throws {
        store = try FixtureStore.load(root: mocksRoot)
        #expect(store.problems == [], "\(FixtureProblem.report(store.problems, root: store.rootPath))")
    }

    private func error(_ response: MockResponse) throws -> [String: Any] {
        try #require(try response.jsonObject()["error"] as? [String: Any])
    }

    @Test func refreshTradesTheRefreshTokenForGoodToken() throws {
        let refreshed = store.send("POST", "/api/1.0/auth/refresh", headers: ["Content-Type": "application/json"], body: #"{"refresh_token": "refresh-1"}"#)
        #expect(refreshed.status == 200)
        let token = try refreshed.jsonObject()
        #expect(token["access_token"] as? String == "good-token")
        #expect(token["token_type"] as? String == "Bearer")
        #expect(token["expires_in"] as? Int == 3600)
        #expect(store.get("/api/1.0/account", headers: ["Authorization": "Bearer \(token["access_token"] as? String ?? "")"]).status == 200)

        for body in [#"{"refresh_token": "refresh-2"}"#, "{}", ""] {
            let refused = store.send("POST", "/api/1.0/auth/refresh", headers: ["Content-Type": "application/json"], body: body)
            #expect(refused.status == 400, "\(body)")
            #expect(try error(refused)["code"] as? String == "invalid_grant")
        }
        let expired = store.get("/api/1.0/account", headers: ["Authorization": "Bearer expired-token"])
        #expect(expired.status == 401)
        #expect(expired.headerValue("WWW-Authenticate") == #"Bearer realm="mock""#)
    }

    @Test func flakyFailsOnceThenRecoversUntilReset() throws {
        let first = store.get("/api/1.0/flaky")
        #expect(first.status == 503)
        #expect(first.headerValue("Retry-After") == "1")
        #expect(try error(first)["code"] as? String == "service_unavailable")
        for _ in 0..<2 {
            let again = store.get("/api/1.0/flaky")
            #expect(again.status == 200)
            #expect(try again.jsonObject()["status"] as? String == "recovered")
        }
        let reset = store.respond(method: "POST", target: "/__admin/reset", headers: NoHeaders(), body: [])
        #expect(try reset.jsonObject()["counters"] as? Int == store.countedEntryCount)
        #expect(store.countedEntryCount >= 1)
        #expect(store.get("/api/1.0/flaky").status == 503)
        #expect(store.get("/api/1.0/flaky").status == 200)
    }

    @Test func flakyPostAlwaysFails() {
        for _ in 0..<3 {
            let response = store.send("POST", "/api/1.0/flaky", headers: ["Content-Type": "application/json"], body: #"{"a": 1}"#)
            #expect(response.status == 503)
            #expect(response.headerValue("Retry-After") == "1")
        }
    }

    @Test func busyIsAlwaysRateLimited() throws {
        for _ in 0..<4 {
            let response = store.get("/api/1.0/busy")
            #expect(response.status == 429)
            #expect(response.headerValue("Retry-After") == "1")
            #expect(try error(response)["code"] as? String == "rate_limited")
        }
    }

    @Test func loginTakesAForm() throws {
        let form = ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"]
        let accepted = store.send("POST", "/api/1.0/login", headers: form, body: "username=luke&password=skywalker")
        #expect(accepted.status == 200)
        #expect(try accepted.jsonObject()["access_token"] as? String == "good-token")
        #expect(store.send("POST", "/api/1.0/login", headers: form, body: "password=skywalker&username=luke&remember=1").status == 200)
        let refused = store.send("POST", "/api/1.0/login", headers: form, body: "username=luke&password=vader")
        #expect(refused.status == 401)
        #expect(try error(refused)["code"] as? String == "invalid_credentials")
        #expect(store.send("POST", "/api/1.0/login", headers: ["Content-Type": "application/json"], body: #"{"username": "luke"}"#).status == 401)
    }

    @Test func uploadsTakeAMultipartForm() throws {
        var upload = MultipartBodyBuilder()
        upload.field("title", "Portrait")
        upload.file("avatar", filename: "luke.png", contentType: "image/png", content: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let created = store.respond(method: "POST", target: "/api/1.0/uploads", headers: ["Content-Type": upload.contentType], body: upload.finished)
        #expect(created.status == 201)
        let body = try created.jsonObject()
        #expect(body["id"] as? String == "upload-1")
        #expect(body["filename"] as? String == "luke.png")
        #expect(body["title"] as? String == "Portrait")

        var wrongType = MultipartBodyBuilder()
        wrongType.field("title", "Portrait")
        wrongType.file("avatar", filename: "luke.png", contentType: "image/jpeg", content: [1])
        let refused = store.respond(method: "POST", target: "/api/1.0/uploads", headers: ["Content-Type": wrongType.contentType], body: wrongType.finished)
        #expect(refused.status == 422)
        #expect(try error(refused)["code"] as? String == "invalid_upload")
        #expect(store.send("POST", "/api/1.0/uploads", headers: ["Content-Type": "application/json"], body: #"{"title": "Portrait"}"#).status == 422)
    }

    @Test func motdIsPlainText() {
        let response = store.get("/api/1.0/motd.txt")
        #expect(response.status == 200)
        #expect(response.headerValue("Content-Type") == "text/plain; charset=utf-8")
        #expect(response.text == "May the Force be with you.\n")
        #expect(response.outcome == .staticFile("api/1.0/motd.txt"))
    }

    @Test func documentsAcceptAnyPost() throws {
        for (contentType, body) in [("application/octet-stream", "%PDF-1.7 raw bytes"), ("text/plain", "hello"), ("application/json", #"{"a": 1}"#)] {
            let response = store.send("POST", "/api/1.0/documents", headers: ["Content-Type": contentType], body: body)
            #expect(response.status == 202, "\(contentType)")
            #expect(try response.jsonObject()["status"] as? String == "accepted")
        }
        #expect(store.get("/api/1.0/documents").status == 404)
    }
}
