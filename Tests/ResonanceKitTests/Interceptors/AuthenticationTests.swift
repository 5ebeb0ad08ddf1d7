import Foundation
import ResonanceKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Authentication refresh", .timeLimit(.minutes(1)))
struct AuthenticationTests {
    /// 200 for `Bearer good-token`, 401 otherwise.
    private static func accountServer() -> RecordingTransport {
        RecordingTransport { request in
            if request.value(forHTTPHeaderField: "Authorization") == "Bearer good-token" {
                return .init(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"code": "ok", "message": "luke"}"#.utf8))
            }
            return .init(status: 401, headers: ["Content-Type": "application/json"], body: Data(#"{"error": {"code": "unauthorized", "message": "no"}}"#.utf8))
        }
    }

    private static func account(_ session: JSONSession) async throws(RequestError<APIError>) -> APIError.Detail {
        try await JSONRequest<APIError.Detail, APIError>(method: .get, path: "account/", session: session).perform()
    }

    /// Also under `RetryPolicy(maximumAttempts: 1)`: it turns off automatic retries, not the
    /// retry after a token refresh.
    @Test("a 401 refreshes once and the retry with the new token succeeds", arguments: [nil, 1])
    func refreshAndRetry(policyMaximumAttempts: Int?) async throws {
        let transport = Self.accountServer()
        let refreshes = LockedCounter()
        var session = makeSession(transport)
        session.interceptors = [AuthenticationInterceptor(token: "expired-token") {
            refreshes.increment()
            return "good-token"
        }]
        if let policyMaximumAttempts {
            session.retryPolicy = RetryPolicy(maximumAttempts: policyMaximumAttempts)
        }
        #expect(try await Self.account(session).message == "luke")
        #expect(refreshes.value == 1)
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer expired-token", "Bearer good-token"])
        _ = try await Self.account(session)
        #expect(refreshes.value == 1, "the refreshed token is reused")
    }

    @Test("20 concurrent 401s trigger exactly one refresh and all succeed")
    func singleFlight() async throws {
        let transport = Self.accountServer()
        let refreshes = LockedCounter()
        let rejected = LockedCounter()
        let everyRequestWaited = LockedBox(false)
        var session = makeSession(transport)
        session.interceptors = [
            // Asked first, so it counts each 401 just before the token store is asked for a new token.
            RejectionCounter(rejected: rejected),
            AuthenticationInterceptor(token: "expired-token") {
                refreshes.increment()
                // The refresh ends only once all 20 requests have been rejected and have asked
                // for a new token, so every one of them meets it in flight.
                everyRequestWaited.set(await eventually { rejected.value == 20 })
                return "good-token"
            },
        ]
        let shared = session
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask { (try? await Self.account(shared))?.message == "luke" }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(everyRequestWaited.value, "only \(rejected.value) of 20 requests were rejected while the refresh ran")
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0 })
        #expect(refreshes.value == 1)
        #expect(rejected.value == 20)
        #expect(transport.requests.count == 40)
    }

    @Test("a request rejected with an old token retries with the current one without refreshing")
    func staleTokenNoRefresh() async throws {
        let refreshes = LockedCounter()
        let interceptor = AuthenticationInterceptor(token: "good-token") {
            refreshes.increment()
            return "other-token"
        }
        var stale = URLRequest(url: URL(string: "http://api.test/account/")!)
        stale.setValue("Bearer expired-token", forHTTPHeaderField: "Authorization")
        let response401 = try await makeSession(Self.accountServer()).send(HTTPRequest(path: "account/"))
        #expect(response401.statusCode == 401)
        let decision = await interceptor.retry(stale, after: .response(response401), context: RetryContext(attempt: 1, statusCodes: [401], elapsed: .zero))
        #expect(decision == .retry)
        #expect(refreshes.value == 0)
        #expect(await interceptor.store.token == "good-token")
    }

    @Test("a failed refresh surfaces the original 401, says why, and is not retried in a loop")
    func failedRefresh() async throws {
        struct RefreshRejected: Error, CustomStringConvertible { var description: String { "refresh token revoked" } }
        let transport = Self.accountServer()
        let refreshes = LockedCounter()
        var session = makeSession(transport)
        session.interceptors = [AuthenticationInterceptor(token: "expired-token") {
            refreshes.increment()
            throw RefreshRejected()
        }]
        session.retryPolicy = RetryPolicy(maximumAttempts: 5, baseDelay: 0)
        let error = await #expect(throws: RequestError<APIError>.self) { try await Self.account(session) }
        #expect(error?.statusCode == 401)
        #expect(error?.errorResponse?.error.code == "unauthorized")
        #expect(error?.description.contains("refresh token revoked") == true)
        #expect(refreshes.value == 1)
        #expect(transport.requests.count == 1)
    }

    @Test("the policy's own retries still stop at its maximumAttempts when an interceptor is installed")
    func policyCapStillHolds() async throws {
        let transport = RecordingTransport(status: 503, body: "busy")
        var session = makeSession(transport)
        session.interceptors = [AuthenticationInterceptor(token: "good-token") { "other-token" }]
        session.retryPolicy = RetryPolicy(maximumAttempts: 1, baseDelay: 0)
        let error = await #expect(throws: RequestError<APIError>.self) { try await Self.account(session) }
        #expect(error?.statusCode == 503)
        #expect(transport.requests.count == 1)
        session.retryPolicy = RetryPolicy(maximumAttempts: 2, baseDelay: 0)
        let second = await #expect(throws: RequestError<APIError>.self) { try await Self.account(session) }
        #expect(transport.requests.count == 3)
        #expect(second?.retryNote == "gave up after 2 attempts, the limit set by RetryPolicy.maximumAttempts")
    }

    @Test("a refreshed token that is rejected too is not refreshed again")
    func refreshedTokenRejected() async throws {
        let transport = Self.accountServer()
        let refreshes = LockedCounter()
        var session = makeSession(transport)
        session.interceptors = [AuthenticationInterceptor(token: "expired-token") {
            refreshes.increment()
            return "also-bad-token"
        }]
        session.retryPolicy = RetryPolicy(maximumAttempts: 5, baseDelay: 0)
        let error = await #expect(throws: RequestError<APIError>.self) { try await Self.account(session) }
        #expect(error?.statusCode == 401)
        #expect(error?.retryNote?.contains("refreshed token") == true)
        #expect(refreshes.value == 1)
        #expect(transport.requests.count == 2)
    }

    /// The request's timeout is its deadline, refresh included: a refresh that takes longer ends
    /// the request with `.timeout`, and goes on for whoever else waits for it. The refresh waits
    /// for the test to let it go (with a hang guard), so a client that waited for it would come
    /// back only after the guard, with a 401 or the account instead.
    /// A refresh that signals its start, then waits for `release` (at most 20 s) and signals its end.
    private struct HeldRefresh {
        let release = Latch()
        let started = Latch()
        let ended = Latch()

        func session() -> JSONSession {
            var session = makeSession(AuthenticationTests.accountServer())
            session.interceptors = [AuthenticationInterceptor(token: "expired-token") { [self] in
                started.open()
                _ = await release.wait(within: 20)
                ended.open()
                return "good-token"
            }]
            return session
        }
    }

    @Test("the timeout covers a slow token refresh")
    func timeoutCoversARefresh() async throws {
        let refresh = HeldRefresh()
        let (release, refreshStarted, refreshEnded) = (refresh.release, refresh.started, refresh.ended)
        var session = refresh.session()
        // Long enough for the in-process 401 and the refresh's start to come first even when the
        // rest of the suite keeps the two threads of the cooperative pool busy for seconds.
        session.timeout = 5
        let error = await #expect(throws: RequestError<APIError>.self) { try await Self.account(session) }
        guard case .timeout(let seconds) = error?.kind else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            return
        }
        #expect(seconds == 5)
        #expect(refreshStarted.isOpen, "the deadline passed during the refresh, not before the 401")
        #expect(!refreshEnded.isOpen, "the request ended while the refresh was still running")
        release.open()
        #expect(await refreshEnded.wait(within: 20))
        session.timeout = 20
        #expect(try await Self.account(session).message == "luke", "the refresh finished for later requests")
    }

    @Test("cancelling during a token refresh ends the request at once")
    func cancellingDuringARefresh() async throws {
        let refresh = HeldRefresh()
        let (release, refreshStarted, refreshEnded) = (refresh.release, refresh.started, refresh.ended)
        let shared = refresh.session()
        let call = Task { () async throws(RequestError<APIError>) -> APIError.Detail in try await Self.account(shared) }
        #expect(await refreshStarted.wait(within: 20))
        call.cancel()
        let result = await call.result
        #expect(!refreshEnded.isOpen, "the request ended without waiting for the refresh")
        release.open()
        guard case .failure(let error) = result, case .cancelled = (error as? RequestError<APIError>)?.kind else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
    }

    /// An interceptor that ignores cancellation cannot hold the request past its deadline.
    @Test("the timeout covers a slow adapt")
    func timeoutCoversAdapt() async throws {
        struct SlowAdapt: RequestInterceptor {
            let release: Latch
            let started: Latch
            let ended: Latch
            func adapt(_ request: URLRequest) async throws -> URLRequest {
                started.open()
                _ = await release.wait(within: 20)
                ended.open()
                return request
            }
        }
        let release = Latch()
        let started = Latch()
        let ended = Latch()
        let transport = Self.accountServer()
        var session = makeSession(transport)
        session.timeout = 5   // as above: the adapt must start before the deadline passes
        session.interceptors = [SlowAdapt(release: release, started: started, ended: ended)]
        let error = await #expect(throws: RequestError<APIError>.self) { try await Self.account(session) }
        #expect(started.isOpen, "the deadline passed during the adapt")
        #expect(!ended.isOpen, "the request ended without waiting for the interceptor")
        release.open()
        guard case .timeout = error?.kind else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            return
        }
        #expect(transport.requests.isEmpty, "nothing was sent")
    }
}
