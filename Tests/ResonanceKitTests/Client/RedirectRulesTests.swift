import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The redirect rules with a scripted transport: what each hop sends.
@Suite("Redirect rules")
struct RedirectRulesTests {
    /// Answers `/start` with `status` and `Location: location`; anything else with 200.
    static func redirecting(_ status: Int, to location: String) -> RecordingTransport {
        RecordingTransport { request in
            if request.url?.path.hasSuffix("/start") == true {
                return .init(status: status, headers: ["Location": location], body: Data())
            }
            return .init(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        }
    }

    @Test("a redirect to another origin drops Authorization and Cookie; the same origin keeps them")
    func credentialsStayWithTheirOrigin() async throws {
        for (location, keeps) in [("https://elsewhere.test/landing", false), ("/v2/landing", true), ("http://api.test:8080/x", false)] {
            let transport = Self.redirecting(302, to: location)
            var session = makeSession(transport)
            session.authToken = "secret"
            session.headers["Cookie"] = "session=1"
            session.headers["X-Kept"] = "yes"
            _ = try await session.send(HTTPRequest(path: "start"))
            let second = try #require(transport.requests.last)
            #expect(transport.requests.count == 2)
            #expect((second.value(forHTTPHeaderField: "Authorization") != nil) == keeps, "\(location)")
            #expect((second.value(forHTTPHeaderField: "Cookie") != nil) == keeps, "\(location)")
            #expect(second.value(forHTTPHeaderField: "X-Kept") == "yes")
        }
    }

    @Test("too many redirects: the error says redirects arrived, and a limit of 0 points at doNotFollow")
    func tooManyRedirectsInWords() async throws {
        let loop = Self.redirecting(302, to: "/v2/start")
        var session = makeSession(loop)
        session.redirectPolicy = .follow(maximumRedirects: 2)
        let looped = await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "start")) }
        #expect(looped?.description == "GET http://api.test/v2/start stopped following redirects: gave up after 2 redirects (RedirectPolicy.maximumRedirects), the last to http://api.test/v2/start — look for a redirect loop, or raise the limit.")

        session.redirectPolicy = .follow(maximumRedirects: 0)
        let none = await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "start")) }
        #expect(none?.transportFailure == .tooManyRedirects(count: 0, lastLocation: "http://api.test/v2/start"))
        let text = none?.description ?? ""
        #expect(!text.contains("before a response arrived"), "\(text)")
        #expect(!text.contains("redirect loop"), "\(text)")
        #expect(text.contains(".doNotFollow"), "\(text)")
    }

    @Test("307 re-sends the body and its Content-Type; 303 drops both and sends a GET")
    func bodyHeaders() async throws {
        let keep = Self.redirecting(307, to: "/v2/landing")
        _ = try await makeSession(keep).send(HTTPRequest(method: .patch, path: "start", body: .json(["a": 1])))
        let resent = try #require(keep.requests.last)
        #expect(resent.httpMethod == "PATCH")
        #expect(resent.httpBody == Data(#"{"a":1}"#.utf8))
        #expect(resent.value(forHTTPHeaderField: "Content-Type") == "application/json")

        let seeOther = Self.redirecting(303, to: "/v2/landing")
        _ = try await makeSession(seeOther).send(HTTPRequest(method: .patch, path: "start", body: .json(["a": 1])))
        let get = try #require(seeOther.requests.last)
        #expect(get.httpMethod == "GET")
        #expect(get.httpBody == nil)
        #expect(get.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("300, 304 and a 3xx without Location are answers, not redirects")
    func notRedirects() async throws {
        for status in [300, 304] {
            let transport = Self.redirecting(status, to: "/v2/landing")
            let response = try await makeSession(transport).send(HTTPRequest(path: "start"))
            #expect(response.statusCode == status)
            #expect(transport.requests.count == 1)
        }
        let noLocation = RecordingTransport(status: 302, headers: [:], body: "")
        #expect(try await makeSession(noLocation).send(HTTPRequest(path: "start")).statusCode == 302)
    }

    @Test("URLSessionTransport on its own returns the 3xx instead of following it")
    func transportReturnsRedirects() async throws {
        let (_, response) = try await withMockServer { url in
            var request = URLRequest(url: url.appendingPathComponent("api/1.0/redirect/307"))
            request.httpMethod = "POST"
            return try await URLSessionTransport.shared.send(request)
        }
        #expect(response.statusCode == 307)
    }
}

/// The cookie recipe from README against mockserver.
@Suite("Cookies through URLSessionTransport(configuration:)", .timeLimit(.minutes(1)))
struct CookieTransportTests {
    @Test("a transport with a cookie jar sends the session cookie back; the default transport keeps none")
    func cookieJar() async throws {
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.httpCookieStorage = URLSessionConfiguration.ephemeral.httpCookieStorage
        configuration.httpShouldSetCookies = true
        configuration.httpCookieAcceptPolicy = .always
        let withCookies = URLSessionTransport(configuration: configuration)
        let (signedIn, withoutJar) = try await withMockServer { url in
            let session = JSONSession(baseURL: url, transport: withCookies)
            _ = try await session.send(HTTPRequest(method: .post, path: "api/1.0/cookie/login", validatesStatus: true))
            let signedIn = try await session.send(HTTPRequest(path: "api/1.0/cookie/me"))
            let plain = JSONSession(baseURL: url)
            _ = try await plain.send(HTTPRequest(method: .post, path: "api/1.0/cookie/login", validatesStatus: true))
            return (signedIn, try await plain.send(HTTPRequest(path: "api/1.0/cookie/me")))
        }
        #expect(signedIn.statusCode == 200)
        #expect(try signedIn.text().contains("luke"))
        #expect(withoutJar.statusCode == 401)
    }
}
