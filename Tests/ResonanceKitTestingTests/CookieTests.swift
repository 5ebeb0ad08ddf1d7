import Foundation
import MockFixtures
import ResonanceKit
import ResonanceKitTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A login kept in a session cookie works the same over sockets (a URLSession with a cookie
/// storage) and in-process (`FixtureTransport.cookieStorage`).
@Suite("Cookies, over sockets and in-process")
struct CookieTests {
    static let files = [
        "api/login.json": #"{"method": "POST", "headers": {"Set-Cookie": "session=abc123; Path=/; HttpOnly"}, "response": {"ok": true}}"#,
        "api/me.json": #"[{"requestHeaders": {"Cookie": "session=abc123"}, "response": {"user": "luke"}}, {"status": 401, "response": {"error": "no session"}}]"#,
    ]

    @Test(arguments: ControlFront.allCases)
    func aSessionCookieSetByOneAnswerIsSentWithTheNextRequests(front: ControlFront) async throws {
        try await front.run(files: Self.files, cookies: true) { harness in
            #expect(try await harness.session.status(.get, "me") == 401, "no cookie yet")
            #expect(try await harness.session.status(.post, "login") == 200)
            #expect(try await harness.session.text("me") == #"{"user":"luke"}"#)
            let sent = try await harness.mock.requests().last
            #expect(sent?.headers["cookie"] == "session=abc123", "the journal shows the cookie sent")
        }
    }

    @Test(arguments: ControlFront.allCases)
    func withoutACookieStorageNoCookieIsKept(front: ControlFront) async throws {
        try await front.run(files: Self.files) { (harness: ControlFront.Harness) async throws in
            #expect(try await harness.session.status(.post, "login") == 200)
            #expect(try await harness.session.status(.get, "me") == 401)
        }
    }

    /// URLSession keeps a `Set-Cookie` as soon as the head arrives: also when the body is then cut.
    @Test(arguments: ControlFront.allCases)
    func aCookieArrivesWithTheHeadEvenWhenTheBodyIsCut(front: ControlFront) async throws {
        var files = Self.files
        files["api/cut.json"] = #"{"method": "POST", "fault": "truncatedBody", "headers": {"Set-Cookie": "session=abc123; Path=/"}, "response": {"a": "0123456789"}}"#
        try await front.run(files: files, cookies: true) { (harness: ControlFront.Harness) async throws in
            await #expect(throws: RequestError<Data>.self) { try await harness.session.status(.post, "cut") }
            #expect(try await harness.session.status(.get, "me") == 200)
        }
    }

    /// Two cookies from one answer (`headerLines`, an array in the file format): each is kept,
    /// where one line joined by a comma kept only the first in URLSession's jar.
    @Test(arguments: ControlFront.allCases)
    func twoCookiesFromOneAnswerAreBothKept(front: ControlFront) async throws {
        try await front.run(files: Self.files, cookies: true) { (harness: ControlFront.Harness) async throws in
            _ = try await harness.mock.addFixture(path: "/api/login", entries: [
                FixtureEntry(method: .post, headerLines: ["Set-Cookie": ["session=abc123; Path=/; HttpOnly", "csrf=xyz; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT"]]),
            ])
            #expect(try await harness.session.status(.post, "login") == 200)
            _ = try await harness.session.status(.get, "me")
            let cookie = try await harness.mock.requests().last?.headers["cookie"]
            #expect(cookie?.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.sorted() == ["csrf=xyz", "session=abc123"], "\(cookie ?? "none")")
        }
    }

    @Test func aCookieTheRequestSetsItselfWins() async throws {
        try await ControlFront.inProcess.run(files: Self.files, cookies: true) { (harness: ControlFront.Harness) async throws in
            #expect(try await harness.session.status(.post, "login") == 200)
            #expect(try await harness.session.status(.get, "me", headers: ["Cookie": "session=other"]) == 401)
        }
    }
}
