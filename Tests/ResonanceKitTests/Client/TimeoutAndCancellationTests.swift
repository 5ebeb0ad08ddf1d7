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

/// The session's deadline holds for any transport, also one that never reacts to cancellation.
@Suite("Deadlines with unresponsive transports", .timeLimit(.minutes(1)))
struct UnresponsiveTransportDeadlineTests {
    @Test("a transport that never answers: .timeout at the deadline, not when the transport ends")
    func neverAnswering() async throws {
        let transport = NeverAnsweringTransport()
        var session = makeSession(transport)
        session.timeout = 0.2
        let request = JSONRequest<APIError.Detail, APIError>(method: .get, path: "x", session: session)
        let returned = Latch()
        let call = Task { () -> RequestError<APIError>? in
            defer { returned.open() }
            do throws(RequestError<APIError>) {
                _ = try await request.perform()
                return nil
            } catch {
                return error
            }
        }
        // A hang guard only: the deadline is 0.2 s.
        let returnedInTime = await returned.wait(within: 20)
        #expect(returnedInTime, "the request was still waiting for the transport 20 s after its 0.2 s deadline")
        #expect(!transport.ended.isOpen, "the transport ended first, so the ordering proves nothing")
        transport.release()   // the transport's send may now end, in the background
        let error = await call.value
        guard case .timeout(let seconds) = error?.kind else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            return
        }
        #expect(seconds == 0.2)
        #expect(await transport.ended.wait(within: 20), "the released send never returned")
    }

    @Test("a transport that ignores cancellation: .timeout at the deadline, its late answer discarded")
    func ignoringCancellation() async throws {
        let transport = CancellationIgnoringTransport()
        var session = makeSession(transport)
        session.timeout = 0.2
        let request = JSONRequest<APIError.Detail, APIError>(method: .get, path: "x", session: session)
        let error = await #expect(throws: RequestError<APIError>.self) { try await request.perform() }
        #expect(!transport.answered.isOpen, "the request waited for the transport's answer")
        guard case .timeout(let seconds) = error?.kind else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            transport.gate.open()
            return
        }
        #expect(seconds == 0.2)
        transport.gate.open()
        #expect(await transport.answered.wait(within: 20), "the transport never finished in the background")
    }

    @Test("HTTPRequest through a transport that ignores cancellation times out too")
    func httpRequestPath() async throws {
        let transport = CancellationIgnoringTransport()
        var session = makeSession(transport)
        session.timeout = 0.2
        let error = await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "x")) }
        #expect(!transport.answered.isOpen, "the request waited for the transport's answer")
        transport.gate.open()
        guard case .timeout = error?.kind else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            return
        }
        #expect(await transport.answered.wait(within: 20))
    }

    @Test("cancelling the task ends the request at once, even when the transport ignores it")
    func cancellationWithStubbornTransport() async throws {
        let transport = CancellationIgnoringTransport()
        let request = JSONRequest<APIError.Detail, APIError>(method: .get, path: "x", session: makeSession(transport))
        let call = Task { () -> RequestError<APIError>? in
            do throws(RequestError<APIError>) {
                _ = try await request.perform()
                return nil
            } catch {
                return error
            }
        }
        #expect(await transport.arrived.wait(within: 20), "the request never reached the transport")
        call.cancel()
        let error = await call.value
        #expect(!transport.answered.isOpen, "the request waited for the transport's answer")
        transport.gate.open()
        guard case .cancelled = error?.kind else {
            Issue.record("expected .cancelled, got \(String(describing: error))")
            return
        }
        #expect(await transport.answered.wait(within: 20))
    }
}
