import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fractional timeouts against the real mockserver, through both transports. Linux URLSession
/// cuts `URLRequest.timeoutInterval` to whole seconds, so before the client's deadline became the
/// only timer, 0.5 s failed at once and 1.5 s failed at 1 s. Exact timings (fails between T and
/// T + 0.25 s; 1,000 fast requests with T = 0.3 s) are measured by `resonance-bench --timeouts`
/// (scripts/bench-client.sh): a loaded machine may wake a timer late, so tests assert only what
/// holds on any machine: never before T, and the error states T.
@Suite("Exact timeouts against mockserver", .timeLimit(.minutes(1)))
struct TimeoutIntegrationTests {
    struct Delayed: Decodable, Sendable, Equatable { let delayMs: Int }

    /// Runs `body` with a request for `api/1.0/delay` on a fresh mockserver, through `transport`,
    /// with the session timeout `timeout`.
    static func withDelayRequest<Result: Sendable>(
        _ transport: ClientTransport,
        timeout: TimeInterval,
        _ body: (JSONRequest<Delayed, APIError>) async throws -> Result
    ) async throws -> Result {
        try await withMockServer { url in
            try await transport.withTransport { transport in
                var session = JSONSession.forMocks(baseURL: url, transport: transport)
                session.timeout = timeout
                return try await body(JSONRequest<Delayed, APIError>(method: .get, path: "api/1.0/delay", session: session))
            }
        }
    }

    @Test("a request to a slower fixture fails with a timeout, not before T, saying T",
          arguments: ClientTransport.allCases, [0.2, 0.5, 1.5, 2.5] as [TimeInterval])
    func failsAtTheDeadline(transport: ClientTransport, timeout: TimeInterval) async throws {
        let (error, elapsed) = try await Self.withDelayRequest(transport, timeout: timeout) { request in
            let started = ContinuousClock.now
            let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform(parameters: ["ms": "5000"]) }
            return (error, ContinuousClock.now - started)
        }
        guard case .timeout(let seconds) = error?.kind else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(seconds == timeout)
        #expect(elapsed >= .seconds(timeout), "failed after \(elapsed), before its \(timeout) s deadline")
        #expect(elapsed < .seconds(timeout + 4), "the 5 s fixture answered first: the deadline did not fire")
        #expect(error?.description.contains("got no response within \(timeout) s") == true, "\(String(describing: error))")
        #expect(error?.statusCode == nil)
    }

    @Test("a 1.5 s timeout lets a 1 s answer arrive (Linux URLSession alone fails it at 1.0 s)", arguments: ClientTransport.allCases)
    func fractionalTimeoutIsNotRoundedDown(transport: ClientTransport) async throws {
        let answer = try await Self.withDelayRequest(transport, timeout: 1.5) { request in
            try await request.perform(parameters: ["ms": "1000"])
        }
        #expect(answer == Delayed(delayMs: 1000))
    }

    @Test("sub-second timeouts never fail a fast fixture: 200 requests with T = 0.5 s", arguments: ClientTransport.allCases)
    func subSecondTimeoutOnFastAnswers(transport: ClientTransport) async throws {
        let failures = try await Self.withDelayRequest(transport, timeout: 0.5) { request in
            var failures: [String] = []
            for _ in 0..<200 {
                do throws(RequestError<APIError>) {
                    _ = try await request.perform()
                } catch {
                    failures.append(error.description)
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) of 200 failed, first: \(failures.first ?? "")")
    }
}
