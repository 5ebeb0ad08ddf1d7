import Foundation
@testable import ResonanceKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Retry policy", .timeLimit(.minutes(1)))
struct RetryPolicyTests {
    private func response(_ status: Int, headers: [String: String] = [:]) async throws -> HTTPResponse {
        let transport = RecordingTransport(status: status, headers: headers, body: "")
        return try await makeSession(transport).send(HTTPRequest(path: "x"))
    }

    private let fixed = RetryPolicy(baseDelay: 1, jitter: .none)

    @Test("idempotent methods retry on 408/429/502/503/504; others and POST/PATCH do not")
    func statusAndMethod() async throws {
        for status in [408, 429, 502, 503, 504] {
            #expect(fixed.decision(method: "GET", outcome: .response(try await response(status)), attempt: 1, now: Date()) == .retryAfter(1))
        }
        for status in [200, 400, 401, 404, 500, 501] {
            #expect(fixed.decision(method: "GET", outcome: .response(try await response(status)), attempt: 1, now: Date()) == .doNotRetry)
        }
        let unavailable = try await response(503)
        for method in ["get", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"] {
            #expect(fixed.decision(method: method, outcome: .response(unavailable), attempt: 1, now: Date()) != .doNotRetry)
        }
        for method in ["POST", "PATCH", "PURGE"] {
            #expect(fixed.decision(method: method, outcome: .response(unavailable), attempt: 1, now: Date()) == .doNotRetry)
        }
    }

    @Test("connection errors retry; other transport errors do not")
    func transportErrors() {
        for code in [URLError.Code.networkConnectionLost, .cannotConnectToHost, .timedOut] {
            #expect(fixed.decision(method: "GET", outcome: .failure(URLError(code)), attempt: 1, now: Date()) == .retryAfter(1))
        }
        for code in [URLError.Code.badURL, .cannotFindHost, .secureConnectionFailed] {
            #expect(fixed.decision(method: "GET", outcome: .failure(URLError(code)), attempt: 1, now: Date()) == .doNotRetry)
        }
        #expect(fixed.decision(method: "GET", outcome: .failure(CancellationError()), attempt: 1, now: Date()) == .doNotRetry)
    }

    /// Linux URLSession reports a connection closed before any answer as -1011 "Empty reply from
    /// server"; Apple's URLSession and the AsyncHTTPClient transport as -1005. Both are retried.
    @Test("an empty reply is a lost connection on every transport")
    func emptyReplyIsALostConnection() {
        let emptyReply = URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "Empty reply from server"])
        #expect(fixed.decision(method: "GET", outcome: .failure(emptyReply), attempt: 1, now: Date()) == .retryAfter(1))
        #expect(fixed.decision(method: "GET", outcome: .failure(URLError(.badServerResponse)), attempt: 1, now: Date()) == .doNotRetry,
                "an answer that is not HTTP is not retried")
        var withoutLostConnections = fixed
        withoutLostConnections.retryableErrorCodes.remove(.networkConnectionLost)
        #expect(withoutLostConnections.decision(method: "GET", outcome: .failure(emptyReply), attempt: 1, now: Date()) == .doNotRetry)
    }

    @Test("Retry-After in seconds or as an HTTP date sets the wait; garbage falls back to back-off")
    func retryAfterHeader() async throws {
        let now = Date(timeIntervalSince1970: 1_445_412_480)
        #expect(fixed.decision(method: "GET", outcome: .response(try await response(503, headers: ["Retry-After": "7"])), attempt: 3, now: now) == .retryAfter(7))
        #expect(fixed.decision(method: "GET", outcome: .response(try await response(429, headers: ["retry-after": "Wed, 21 Oct 2015 07:28:12 GMT"])), attempt: 1, now: now) == .retryAfter(12))
        #expect(fixed.decision(method: "GET", outcome: .response(try await response(503, headers: ["Retry-After": "later"])), attempt: 3, now: now) == .retryAfter(4))
        var ignoring = fixed
        ignoring.honorsRetryAfter = false
        #expect(ignoring.decision(method: "GET", outcome: .response(try await response(503, headers: ["Retry-After": "7"])), attempt: 1, now: now) == .retryAfter(1))
    }

    @Test("exponential back-off doubles and is capped by maximumDelay")
    func exponential() {
        let policy = RetryPolicy(baseDelay: 0.5, maximumDelay: 3, jitter: .none)
        #expect((1...6).map(policy.backoff(beforeRetry:)) == [0.5, 1, 2, 3, 3, 3])
        #expect(policy.backoff(beforeRetry: 10_000) == 3)
    }

    @Test("full jitter stays in [0, d], equal jitter in [d/2, d], driven by the injected random source",
          arguments: [0.0, 0.25, 0.999_999])
    func jitterBounds(unit: Double) {
        let full = RetryPolicy(baseDelay: 1, maximumDelay: 100, jitter: .full, random: { unit })
        let equal = RetryPolicy(baseDelay: 1, maximumDelay: 100, jitter: .equal, random: { unit })
        for retry in 1...5 {
            let exponential = pow(2, Double(retry - 1))
            #expect(abs(full.backoff(beforeRetry: retry) - exponential * unit) < 1e-9)
            #expect(abs(equal.backoff(beforeRetry: retry) - (exponential / 2 + exponential / 2 * unit)) < 1e-9)
            #expect((0...exponential).contains(full.backoff(beforeRetry: retry)))
            #expect((exponential / 2...exponential).contains(equal.backoff(beforeRetry: retry)))
        }
        let wild = RetryPolicy(baseDelay: 1, jitter: .full, random: { 7 })
        #expect(wild.backoff(beforeRetry: 1) == 1, "a random source outside 0..<1 is clamped")
    }

    @Test("attempts are capped and the error says how many were made")
    func attemptCap() async throws {
        let transport = RecordingTransport.sequence([.status(503)])
        var session = makeSession(transport)
        session.retryPolicy = RetryPolicy(maximumAttempts: 4, baseDelay: 0.001)
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
        }
        #expect(transport.requests.count == 4)
        #expect(error?.statusCode == 503)
        #expect(error?.attempts == 4)
        #expect(error?.description.contains("gave up after 4 attempts") == true)
    }

    @Test("a retry that succeeds returns the value and counts the attempts")
    func recovers() async throws {
        let transport = RecordingTransport.sequence([.failure(URLError(.networkConnectionLost)), .status(502), .status(200, body: #"{"code": "c", "message": "m"}"#)])
        var session = makeSession(transport)
        session.retryPolicy = RetryPolicy(maximumAttempts: 3, baseDelay: 0.001)
        let (value, response) = try await JSONRequest<APIError.Detail, APIError>(method: .get, path: "x", session: session).performWithResponse()
        #expect(value.code == "c")
        #expect(response.metrics.attempts == 3)
        #expect(transport.requests.count == 3)
    }

    @Test("a wait that would pass the total budget is not started, and the error says so")
    func totalBudget() async throws {
        let transport = RecordingTransport.sequence([.status(503, headers: ["Retry-After": "3600"])])
        var session = makeSession(transport)
        session.retryPolicy = RetryPolicy(maximumAttempts: 5, maximumTotalTime: 2)
        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
        }
        // Far below the hour the wait would take, and far above any scheduling delay of a busy
        // test run (the whole suite shares two cooperative threads here).
        #expect(clock.now - started < .seconds(60))
        #expect(transport.requests.count == 1)
        #expect(error?.description.contains("RetryPolicy.maximumTotalTime") == true)
    }

    @Test("a wait that would pass the request timeout is not started, and the error says so")
    func deadline() async throws {
        let transport = RecordingTransport.sequence([.status(503, headers: ["Retry-After": "30"])])
        var session = makeSession(transport)
        session.timeout = 3
        session.retryPolicy = RetryPolicy(maximumAttempts: 5, maximumTotalTime: 600)
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
        }
        #expect(transport.requests.count == 1)
        #expect(error?.statusCode == 503)
        #expect(error?.description.contains("timeout") == true)
    }

    @Test("POST is not retried by default")
    func postNotRetried() async throws {
        let transport = RecordingTransport.sequence([.status(503, headers: ["Retry-After": "0"])])
        var session = makeSession(transport)
        session.retryPolicy = RetryPolicy()
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .post, path: "x", session: session).perform(parameters: ["a": "b"])
        }
        #expect(error?.statusCode == 503)
        #expect(transport.requests.count == 1)
    }

    @Test("cancelling during a back-off wait stops at once with .cancelled")
    func cancelDuringBackoff() async throws {
        let transport = RecordingTransport.sequence([.status(503, headers: ["Retry-After": "600"])])
        let log = LogRecorder()
        var session = makeSession(transport)
        session.timeout = 3600
        session.retryPolicy = RetryPolicy(maximumAttempts: 3, maximumTotalTime: 1200)
        session.logger = log.makeLogger()
        session.logLevel = .request
        let task = Task { () -> RequestError<APIError>? in
            do throws(RequestError<APIError>) {
                _ = try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
                return nil
            } catch {
                return error
            }
        }
        // The session announces the wait just before it starts it: from then on the first attempt
        // is over and the second is 600 s away, so a cancel now lands in the back-off.
        let backingOff = await eventually { log.messages.contains { $0.hasPrefix("↻ GET ") && $0.hasSuffix("attempt 2 of at most 3 in 600.0 s") } }
        #expect(backingOff, "the session never announced its back-off; it logged \(log.messages)")
        #expect(transport.requests.count == 1)
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        let error = await task.value
        #expect(clock.now - cancelledAt < .seconds(60), "the 600 s wait must end at cancellation")
        guard case .cancelled = error?.kind else {
            Issue.record("expected cancellation, got \(String(describing: error))")
            return
        }
        #expect(error?.attempts == 1, "it ended in the wait after the first attempt")
        #expect(transport.requests.count == 1)
    }

    @Test("retryableMethods is upper-cased when set, not only when initialised")
    func retryableMethodsNormalisedWhenSet() {
        var policy = RetryPolicy()
        policy.retryableMethods.insert("post")
        #expect(policy.retryableMethods.contains("POST"))
        #expect(!policy.retryableMethods.contains("post"))
        policy.retryableMethods = ["patch", "Get"]
        #expect(policy.retryableMethods == ["PATCH", "GET"])
    }
}
