import AsyncHTTPClient
import Foundation
import ResonanceKit
import ResonanceKitAsyncHTTPClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What only the AsyncHTTPClient transport does: first-byte time, and its client's lifecycle.
/// Everything else runs through the shared integration suites with both transports.
@Suite("AsyncHTTPClientTransport", .timeLimit(.minutes(1)))
struct AsyncHTTPClientTransportTests {
    struct Delayed: Decodable, Sendable { let delayMs: Int }

    @Test("metrics carry the time to the first byte of the hop that answered")
    func firstByteTime() async throws {
        let response = try await withMockServer { url in
            try await ClientTransport.asyncHTTPClient.withTransport { transport in
                try await JSONSession.forMocks(baseURL: url, transport: transport)
                    .send(HTTPRequest(path: "api/1.0/delay", queryItems: [URLQueryItem(name: "ms", value: "1000")]))
            }
        }
        let firstByte = try #require(response.metrics.timeToFirstByte)
        #expect(firstByte >= .milliseconds(1000), "the fixture waits 1000 ms before its head")
        #expect(firstByte <= response.metrics.duration)
        #expect(response.metrics.description.contains("first byte after"))
    }

    @Test("URLSessionTransport cannot see the first byte and does not guess")
    func noFirstByteTimeFromURLSession() async throws {
        let response = try await withMockServer { url in
            try await JSONSession.forMocks(baseURL: url, transport: URLSessionTransport.shared).send(HTTPRequest(path: "api/1.0/ping"))
        }
        #expect(response.metrics.timeToFirstByte == nil)
    }

    @Test("after shutdown, sending fails with a sentence saying so; shutting down twice is harmless")
    func shutdownLifecycle() async throws {
        let transport = AsyncHTTPClientTransport()
        let error = try await withMockServer { url in
            let session = JSONSession(baseURL: url, transport: transport)
            _ = try await session.send(HTTPRequest(path: "api/1.0/ping"))
            try await transport.shutdown()
            try await transport.shutdown()
            return await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "api/1.0/ping")) }
        }
        guard case .transport(let underlying) = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(underlying as? AsyncHTTPClientTransportError == .shutDown)
        #expect(error?.description.contains("the AsyncHTTPClientTransport was shut down") == true, "\(String(describing: error))")
    }

    @Test("the shared transport and one around a borrowed client refuse to shut down what they do not own")
    func notOwned() async throws {
        await #expect(throws: AsyncHTTPClientTransportError.notOwned(isShared: true)) {
            try await AsyncHTTPClientTransport.shared.shutdown()
        }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: AsyncHTTPClientTransport.defaultConfiguration())
        let borrowing = AsyncHTTPClientTransport(client: client)
        await #expect(throws: AsyncHTTPClientTransportError.notOwned(isShared: false)) {
            try await borrowing.shutdown()
        }
        let answer = try await withMockServer { url in
            try await JSONSession(baseURL: url, transport: borrowing).send(HTTPRequest(path: "api/1.0/ping"))
        }
        #expect(answer.statusCode == 200, "the borrowed client still works")
        try await client.shutdown()
    }

    @Test("the shared transport serves many sessions at once")
    func sharedTransport() async throws {
        let statuses = try await withMockServer { url in
            let session = JSONSession(baseURL: url, transport: AsyncHTTPClientTransport.shared)
            return try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<64 {
                    group.addTask { try await session.send(HTTPRequest(path: "api/1.0/ping")).statusCode }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        #expect(statuses == Array(repeating: 200, count: 64))
    }
}
