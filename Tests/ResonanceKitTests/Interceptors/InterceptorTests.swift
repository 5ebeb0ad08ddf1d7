import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Appends its name to `X-Chain` and records the order in which it was asked to retry.
private struct TracingInterceptor: RequestInterceptor {
    let name: String
    let log: LockedLog
    var decision: RetryDecision = .doNotRetry

    func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        let chain = request.value(forHTTPHeaderField: "X-Chain").map { $0 + "," } ?? ""
        request.setValue(chain + name, forHTTPHeaderField: "X-Chain")
        return request
    }

    func retry(_ request: URLRequest, after outcome: AttemptOutcome, context: RetryContext) async -> RetryDecision {
        log.append("\(name)@\(context.attempt):\(outcome.statusCode ?? -1)")
        return context.attempt == 1 ? decision : .doNotRetry
    }
}

// Unchecked: every mutable property is read and written only while holding `lock`.
final class LockedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    var values: [String] { lock.withLock { entries } }
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
}

@Suite("Interceptors", .timeLimit(.minutes(1)))
struct InterceptorTests {
    @Test("adapt runs in chain order on the built request for every attempt; retry asks in order until one decides")
    func order() async throws {
        let log = LockedLog()
        let transport = RecordingTransport.sequence([.status(500), .status(200)])
        var session = makeSession(transport)
        session.interceptors = [
            TracingInterceptor(name: "first", log: log),
            TracingInterceptor(name: "second", log: log, decision: .retry),
            TracingInterceptor(name: "third", log: log, decision: .giveUp(reason: "never asked")),
        ]
        let (_, response) = try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).performWithResponse()
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "X-Chain") } == ["first,second,third", "first,second,third"])
        #expect(log.values == ["first@1:500", "second@1:500", "first@2:200", "second@2:200", "third@2:200"])
        #expect(response.metrics.attempts == 2)
    }

    @Test("giveUp stops retries and its reason is in the error")
    func giveUp() async throws {
        let transport = RecordingTransport.sequence([.status(503)])
        var session = makeSession(transport)
        session.interceptors = [TracingInterceptor(name: "stopper", log: LockedLog(), decision: .giveUp(reason: "maintenance window"))]
        session.retryPolicy = RetryPolicy(baseDelay: 0)
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
        }
        #expect(transport.requests.count == 1)
        #expect(error?.retryNote == "maintenance window")
        #expect(error?.description.contains("maintenance window") == true)
    }

    @Test("an adapt error fails the request naming the interceptor, before anything is sent")
    func adaptFailure() async throws {
        struct Refusing: RequestInterceptor {
            struct NoKey: Error, CustomStringConvertible { var description: String { "no API key configured" } }
            func adapt(_ request: URLRequest) async throws -> URLRequest { throw NoKey() }
        }
        let transport = RecordingTransport()
        var session = makeSession(transport)
        session.interceptors = [Refusing()]
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
        }
        guard case .invalidRequest(let reason) = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("Refusing"))
        #expect(reason.contains("no API key configured"))
        #expect(transport.requests.isEmpty)
    }

    @Test("without a retry policy, interceptor retries stop at the default attempt cap")
    func interceptorRetriesCapped() async throws {
        let transport = RecordingTransport.sequence([.status(500)])
        var session = makeSession(transport)
        struct Always: RequestInterceptor {
            func retry(_ request: URLRequest, after outcome: AttemptOutcome, context: RetryContext) async -> RetryDecision { .retry }
        }
        session.interceptors = [Always()]
        let error = await #expect(throws: RequestError<APIError>.self) {
            try await JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: session).perform()
        }
        #expect(transport.requests.count == RetryPolicy.defaultMaximumAttempts)
        #expect(error?.attempts == RetryPolicy.defaultMaximumAttempts)
        #expect(error?.description.contains("gave up after 3 attempts") == true)
    }
}
