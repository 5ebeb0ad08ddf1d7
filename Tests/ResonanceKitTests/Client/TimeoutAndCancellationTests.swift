import Foundation
import ResonanceKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Timeouts and cancellation", .timeLimit(.minutes(1)))
struct TimeoutAndCancellationTests {
    @Test("the client-side deadline fires when the transport never answers")
    func deadlineFires() async throws {
        var session = makeSession(SilentTransport())
        session.timeout = 0.2
        let request = JSONRequest<Person, APIError>(method: .get, path: "people/1", session: session)
        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        let elapsed = clock.now - started
        guard case .timeout(let seconds) = error?.kind else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(seconds == 0.2)
        #expect(error?.statusCode == nil)
        #expect(elapsed >= .milliseconds(150))
        #expect(elapsed < .seconds(60), "the transport would have waited an hour")
    }

    @Test("cancelling the calling task cancels the request promptly")
    func cancellation() async throws {
        let transport = SilentTransport()
        let request = JSONRequest<Person, APIError>(method: .get, path: "people/1", session: makeSession(transport))
        let task = Task { () -> RequestError<APIError>? in
            do throws(RequestError<APIError>) {
                _ = try await request.perform()
                return nil
            } catch {
                return error
            }
        }
        // Cancelled only once the request waits in the transport: a task cancelled before that
        // sends nothing, which is `cancelledBeforeStart` below, not this case.
        #expect(await transport.arrived.wait(within: 10), "the request never reached the transport")
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        let error = await task.value
        let elapsed = clock.now - cancelledAt
        guard case .cancelled = error?.kind else {
            Issue.record("expected cancellation, got \(String(describing: error))")
            return
        }
        #expect(error?.statusCode == nil)
        #expect(elapsed < .seconds(60), "cancellation should end the request long before the transport's hour-long wait")
    }

    @Test("an already cancelled task sends nothing")
    func cancelledBeforeStart() async throws {
        let transport = RecordingTransport()
        let request = JSONRequest<EmptyResponse, APIError>(method: .get, path: "x", session: makeSession(transport))
        let task = Task { () -> RequestError<APIError>? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(RequestError<APIError>) {
                _ = try await request.perform()
                return nil
            } catch {
                return error
            }
        }
        let error = await task.value
        guard case .cancelled = error?.kind else {
            Issue.record("expected cancellation, got \(String(describing: error))")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("many concurrent requests share one session")
    func concurrentRequests() async throws {
        let transport = RecordingTransport { request in
            let id = request.url?.query?.replacingOccurrences(of: "id=", with: "") ?? "?"
            return .init(status: 200, headers: [:], body: Data(#"{"code": "\#(id)", "message": "ok"}"#.utf8))
        }
        let request = JSONRequest<APIError.Detail, APIError>(method: .get, path: "echo", session: makeSession(transport))
        let codes = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<100 {
                group.addTask { (index, try await request.perform(parameters: ["id": "\(index)"]).code) }
            }
            var codes: [Int: String] = [:]
            for try await (index, code) in group {
                codes[index] = code
            }
            return codes
        }
        #expect(codes.count == 100)
        #expect(codes.allSatisfy { $0.value == "\($0.key)" })
        #expect(transport.requests.count == 100)
    }

    @Test("an infinite or absurd timeout is capped, not a crash", arguments: [.infinity, 1e300] as [TimeInterval])
    func absurdTimeout(timeout: TimeInterval) async throws {
        var session = makeSession(RecordingTransport())
        session.timeout = timeout
        let response = try await session.send(HTTPRequest(path: "x"))
        #expect(response.statusCode == 200)
    }
}
