import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Users build responses by hand to unit-test their own interceptors and response handling;
/// this uses only the public API (no `@testable`).
@Suite("Hand-made responses")
struct HandMadeResponseTests {
    struct Person: Decodable, Equatable { let birthYear: String }

    @Test func decodesWithTheGivenSessionsStrategies() throws {
        var session = JSONSession(baseURL: URL(string: "http://127.0.0.1:8080")!)
        session.keyDecodingStrategy = .convertFromSnakeCase
        let response = HTTPResponse(
            statusCode: 200,
            headers: HTTPHeaders(["Content-Type": "application/json"]),
            body: Data(#"{"birth_year": "19BBY"}"#.utf8),
            session: session
        )
        #expect(try response.decode(Person.self) == Person(birthYear: "19BBY"))
        #expect(response.mediaType == "application/json")
        #expect(response.metrics.responseBodyBytes == 23)
        #expect(response.metrics.attempts == 1)
    }

    @Test func drivesARetryPolicyDecision() async throws {
        let busy = HTTPResponse(statusCode: 503, headers: HTTPHeaders(["retry-after": "2"]))
        let request = URLRequest(url: URL(string: "http://127.0.0.1:8080/api/1.0/flaky/")!)
        let decision = await RetryPolicy().retry(
            request,
            after: .response(busy),
            context: RetryContext(attempt: 1, statusCodes: [503], elapsed: .zero)
        )
        #expect(decision == .retryAfter(2))
    }

    @Test func keepsHandMadeMetrics() {
        let start = Date(timeIntervalSince1970: 0)
        let metrics = HTTPMetrics(
            startDate: start, endDate: start.addingTimeInterval(0.25), duration: .milliseconds(250),
            lastAttemptDuration: .milliseconds(100), requestBodyBytes: 10, responseBodyBytes: 20, attempts: 3
        )
        let response = HTTPResponse(statusCode: 204, metrics: metrics)
        #expect(response.metrics == metrics)
        #expect(response.body.isEmpty)
    }
}
