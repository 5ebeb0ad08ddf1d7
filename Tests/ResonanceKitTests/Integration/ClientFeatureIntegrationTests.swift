import Foundation
import Logging
import MockFixtures
import MockServer
import ResonanceKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The issue-6 client features against the `Mocks/` fixtures: auth refresh, retries with
/// `Retry-After`, form and multipart bodies, content-type validation, raw bodies, environments.
/// Every test starts its own server (or store), so `times` counters never leak between tests.
@Suite("Client features against Mocks/", .timeLimit(.minutes(1)))
struct ClientFeatureIntegrationTests {
    struct TokenResponse: Decodable, Sendable {
        let accessToken: String
        let tokenType: String
        let expiresIn: Int
    }

    struct RefreshToken: Endpoint {
        struct Body: Encodable, Sendable {
            let refreshToken: String
            enum CodingKeys: String, CodingKey { case refreshToken = "refresh_token" }
        }
        typealias Response = TokenResponse
        typealias ErrorResponse = APIError
        let refreshToken: String
        var method: HTTPMethod { .post }
        var path: String { "api/1.0/auth/refresh/" }
        var body: RequestBody? { .json(Body(refreshToken: refreshToken)) }
    }

    struct AccountEndpoint: Endpoint {
        typealias Response = Account
        typealias ErrorResponse = APIError
        var path: String { "api/1.0/account/" }
    }

    struct Flaky: Endpoint {
        struct Status: Decodable, Sendable, Equatable { let status: String }
        typealias Response = Status
        typealias ErrorResponse = APIError
        var method: HTTPMethod = .get
        var path: String { "api/1.0/flaky/" }
    }

    struct Busy: Endpoint {
        typealias Response = EmptyResponse
        typealias ErrorResponse = APIError
        var path: String { "api/1.0/busy/" }
    }

    struct Login: Endpoint {
        typealias Response = TokenResponse
        typealias ErrorResponse = APIError
        let username: String
        let password: String
        var method: HTTPMethod { .post }
        var path: String { "api/1.0/login/" }
        var body: RequestBody? { .form(["username": username, "password": password]) }
    }

    struct Upload: Endpoint {
        struct Created: Decodable, Sendable, Equatable { let id: String; let filename: String; let title: String }
        typealias Response = Created
        typealias ErrorResponse = APIError
        let form: MultipartFormData
        var method: HTTPMethod { .post }
        var path: String { "api/1.0/uploads/" }
        var body: RequestBody? { .multipart(form) }
    }

    struct Document: Endpoint {
        struct Accepted: Decodable, Sendable { let status: String }
        typealias Response = Accepted
        typealias ErrorResponse = APIError
        let data: Data
        var method: HTTPMethod { .post }
        var path: String { "api/1.0/documents/" }
        var body: RequestBody? { .data(data, contentType: "application/pdf") }
    }

    static func avatarForm(includeFile: Bool = true) throws -> MultipartFormData {
        var form = MultipartFormData()
        form.addField(name: "title", value: "Portrait")
        if includeFile {
            form.addFile(name: "avatar", filename: "luke.png", contentType: "image/png", data: try MocksDirectory.contents(of: "images/luke.png"))
        }
        return form
    }

    @Test("expired-token → 401 → refresh → the retry succeeds", arguments: MockBackend.allCases)
    func authRefresh(backend: MockBackend) async throws {
        let counter = LockedCounter()
        let refreshes = LockedCounter()
        let account = try await backend.withSession(wrapping: { CountingTransport($0, counter: counter) }) { plain in
            var session = plain
            session.interceptors = [AuthenticationInterceptor(token: "expired-token") {
                refreshes.increment()
                return try await plain.send(RefreshToken(refreshToken: "refresh-1")).accessToken
            }]
            return try await session.send(AccountEndpoint())
        }
        #expect(account.username == "luke")
        #expect(refreshes.value == 1)
        #expect(counter.value == 3, "401, refresh, retry")
    }

    @Test("20 concurrent requests with an expired token share one refresh (real server)")
    func concurrentRefresh() async throws {
        let refreshes = LockedCounter()
        let rejected = LockedCounter()
        let everyRequestWaited = LockedBox(false)
        let names = try await MockBackend.loopbackServer.withSession { plain in
            var session = plain
            session.interceptors = [
                RejectionCounter(rejected: rejected),
                AuthenticationInterceptor(token: "expired-token") {
                    refreshes.increment()
                    // Ends only once all 20 requests were rejected and wait for the new token.
                    everyRequestWaited.set(await eventually { rejected.value == 20 })
                    return try await plain.send(RefreshToken(refreshToken: "refresh-1")).accessToken
                },
            ]
            let shared = session
            return try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await shared.send(AccountEndpoint()).username }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
        }
        #expect(everyRequestWaited.value, "only \(rejected.value) of 20 requests were rejected while the refresh ran")
        #expect(names == Array(repeating: "luke", count: 20))
        #expect(refreshes.value == 1)
    }

    @Test("a wrong refresh token surfaces the original 401 with the refresh failure", arguments: MockBackend.allCases)
    func failedRefresh(backend: MockBackend) async throws {
        let error = try await backend.withSession { plain in
            var session = plain
            session.interceptors = [AuthenticationInterceptor(token: "expired-token") {
                try await plain.send(RefreshToken(refreshToken: "stolen")).accessToken
            }]
            return await #expect(throws: RequestError<APIError>.self) { try await session.send(AccountEndpoint()) }
        }
        #expect(error?.statusCode == 401)
        #expect(error?.errorResponse?.error.code == "unauthorized")
        #expect(error?.description.contains("invalid_grant") == true)
    }

    @Test("503 with Retry-After: 1 is honoured, then the GET succeeds", arguments: MockBackend.allCases)
    func retryAfterHonoured(backend: MockBackend) async throws {
        // The wait is measured between the first answer and the second request, so the
        // server's speed is not in it. Its upper bound is only a sanity bound: on this shared
        // 2-core machine a full parallel test run has delayed the wake-up of a 1 s sleep by
        // up to 2.5 s. That the client planned exactly the Retry-After wait is proven by its
        // retry log line instead.
        let timing = LockedBox<TimingTransport?>(nil)
        let recorder = LogRecorder()
        let (value, response) = try await backend.withSession(wrapping: { base in
            let transport = TimingTransport(base)
            timing.set(transport)
            return transport
        }) { plain in
            var session = plain
            session.retryPolicy = RetryPolicy(maximumAttempts: 3, maximumTotalTime: 10)
            session.logger = recorder.makeLogger()
            session.logLevel = .request
            return try await session.sendWithResponse(Flaky())
        }
        #expect(value.status == "recovered")
        #expect(response.metrics.attempts == 2)
        let retryLines = recorder.messages.filter { $0.hasPrefix("↻") }
        #expect(retryLines.count == 1)
        #expect(retryLines.first?.hasSuffix("after status 503: attempt 2 of at most 3 in 1.0 s") == true, "\(retryLines)")
        let waits = try #require(timing.value?.waits)
        #expect(waits.count == 1)
        let wait = try #require(waits.first)
        #expect(wait >= .milliseconds(900))
        #expect(wait < .seconds(8))
        #expect(response.metrics.duration >= .milliseconds(900))
    }

    @Test("POST to the always-503 endpoint is not retried: one request reaches the server", arguments: MockBackend.allCases)
    func postNotRetried(backend: MockBackend) async throws {
        let counter = LockedCounter()
        let error = try await backend.withSession(wrapping: { CountingTransport($0, counter: counter) }) { plain in
            var session = plain
            session.retryPolicy = RetryPolicy(maximumAttempts: 3, maximumTotalTime: 10)
            return await #expect(throws: RequestError<APIError>.self) { try await session.send(Flaky(method: .post)) }
        }
        #expect(error?.statusCode == 503)
        #expect(error?.attempts == 1)
        #expect(counter.value == 1)
    }

    @Test("always-429 exhausts the attempts and the error says how many", arguments: MockBackend.allCases)
    func busyExhausts(backend: MockBackend) async throws {
        let counter = LockedCounter()
        let error = try await backend.withSession(wrapping: { CountingTransport($0, counter: counter) }) { plain in
            var session = plain
            session.retryPolicy = RetryPolicy(maximumAttempts: 2, maximumTotalTime: 10)
            return await #expect(throws: RequestError<APIError>.self) { try await session.send(Busy()) }
        }
        #expect(error?.statusCode == 429)
        #expect(error?.errorResponse?.error.code == "rate_limited")
        #expect(error?.attempts == 2)
        #expect(counter.value == 2)
        #expect(error?.description.contains("gave up after 2 attempts") == true)
    }

    @Test("the form login is matched field by field", arguments: MockBackend.allCases)
    func formLogin(backend: MockBackend) async throws {
        try await backend.withSession { session in
            let token = try await session.send(Login(username: "luke", password: "skywalker"))
            #expect(token.accessToken == "good-token")
            let error = await #expect(throws: RequestError<APIError>.self) { try await session.send(Login(username: "luke", password: "vader")) }
            #expect(error?.statusCode == 401)
            #expect(error?.errorResponse?.error.code == "invalid_credentials")
        }
    }

    @Test("the multipart upload with title and luke.png is created; without the file it is a 422", arguments: MockBackend.allCases)
    func multipartUpload(backend: MockBackend) async throws {
        try await backend.withSession { session in
            let created = try await session.send(Upload(form: try Self.avatarForm()))
            #expect(created == Upload.Created(id: "upload-1", filename: "luke.png", title: "Portrait"))
            let error = await #expect(throws: RequestError<APIError>.self) { try await session.send(Upload(form: try Self.avatarForm(includeFile: false))) }
            #expect(error?.statusCode == 422)
        }
    }

    @Test("motd.txt is text: a JSON request gets the content-type error, the untyped path the text", arguments: MockBackend.allCases)
    func contentTypeMismatch(backend: MockBackend) async throws {
        try await backend.withSession { session in
            let error = await #expect(throws: RequestError<APIError>.self) {
                try await JSONRequest<Account, APIError>(method: .get, path: "api/1.0/motd.txt", session: session).perform()
            }
            guard case .unacceptableContentType(let expected, let received) = error?.kind else {
                Issue.record("expected unacceptableContentType, got \(String(describing: error))")
                return
            }
            #expect(expected == ["application/json"])
            #expect(received == "text/plain")
            let text = try await session.send(HTTPRequest(path: "api/1.0/motd.txt")).text()
            #expect(text.hasPrefix("May the Force be with you."))
        }
    }

    @Test("a raw Data body with its content type is accepted (202)", arguments: MockBackend.allCases)
    func rawDocument(backend: MockBackend) async throws {
        try await backend.withSession { session in
            let (accepted, response) = try await session.sendWithResponse(Document(data: Data("%PDF-1.4 fake".utf8)))
            #expect(accepted.status == "accepted")
            #expect(response.statusCode == 202)
            #expect(response.metrics.requestBodyBytes == 13)
        }
    }

    @Test("switching the environment switches the server")
    func environments() async throws {
        let store = try FixtureStore.load(root: MocksDirectory.path)
        let first = try MockHTTPServer(store: store, configuration: ServerConfiguration(port: 0, logRequests: false), logger: Logger(label: "env.first"))
        defer { first.stop() }
        let second = try MockHTTPServer(store: store, configuration: ServerConfiguration(port: 0, logRequests: false), logger: Logger(label: "env.second"))
        defer { second.stop() }
        #expect(first.url.port != second.url.port)

        var session = JSONSession(environment: APIEnvironment(name: "first", baseURL: first.url))
        session.keyDecodingStrategy = .convertFromSnakeCase
        session.dateDecodingStrategy = .iso8601WithFractionalSeconds
        session.authToken = "good-token"
        let (_, fromFirst) = try await session.sendWithResponse(AccountEndpoint())
        session.environment = APIEnvironment(name: "second", baseURL: second.url)
        let (account, fromSecond) = try await session.sendWithResponse(AccountEndpoint())
        #expect(account.username == "luke")
        #expect(fromFirst.url?.port == first.url.port)
        #expect(fromSecond.url?.port == second.url.port)
    }

    @Test("the curl commands for the multipart upload and the form login work with the real curl",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func curlAgainstServer() async throws {
        try await MockBackend.loopbackServer.withSession { session in
            let upload = try session.curlCommand(for: Upload(form: try Self.avatarForm()))
            #expect(!upload.contains("\n"))
            #expect(upload.hasPrefix("printf '%b' '"))
            let (uploadStatus, uploadBody) = try await Self.runCurl(upload)
            #expect(uploadStatus == "201")
            #expect(uploadBody.contains("upload-1"))

            let login = try session.curlCommand(for: Login(username: "luke", password: "@skywalker"))
            #expect(login.contains("--data-raw"))
            let (loginStatus, _) = try await Self.runCurl(login)
            #expect(loginStatus == "401", "the wrong password is refused through curl too")
            let (goodStatus, goodBody) = try await Self.runCurl(try session.curlCommand(for: Login(username: "luke", password: "skywalker")))
            #expect(goodStatus == "200")
            #expect(goodBody.contains("good-token"))
        }
    }

    /// Runs a command line with the real curl; returns the status and the body it printed.
    static func runCurl(_ command: String) async throws -> (status: String, body: String) {
        let output = try await Shell.run(command + " --silent --show-error --max-time 10 --write-out '\\n%{http_code}'")
        #expect(output.status == 0, "curl failed: \(command.prefix(300))")
        let text = output.standardOutput
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (String(lines.last ?? ""), lines.dropLast().joined(separator: "\n"))
    }
}
