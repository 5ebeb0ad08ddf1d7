import Foundation
import ResonanceKit
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scripted transport that records every request it is asked to send.
// Unchecked: every mutable property is read and written only while holding `lock`.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    typealias Responder = @Sendable (URLRequest) async throws -> Reply

    private let lock = NSLock()
    private var recorded: [URLRequest] = []
    private let responder: Responder

    init(responder: @escaping Responder) {
        self.responder = responder
    }

    convenience init(status: Int = 200, headers: [String: String] = ["Content-Type": "application/json"], body: String = "{}") {
        let reply = Reply(status: status, headers: headers, body: Data(body.utf8))
        self.init { _ in reply }
    }

    var requests: [URLRequest] {
        lock.withLock { recorded }
    }

    var lastRequest: URLRequest? {
        requests.last
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { recorded.append(request) }
        let reply = try await responder(request)
        let url = request.url ?? URL(string: "http://invalid.test/")!
        guard let response = HTTPURLResponse(url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: reply.headers) else {
            throw URLError(.badServerResponse)
        }
        return (reply.body, response)
    }
}

/// A transport that never answers: it waits (cancellably) far longer than any test runs.
struct SilentTransport: HTTPTransport {
    /// Opened when a request reaches the transport, for tests that must act on a request in flight.
    let arrived = Latch()

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        arrived.open()
        try await Task.sleep(for: .seconds(3600))
        throw URLError(.unknown)
    }
}

/// A transport that fails before any response, as an unreachable server would.
struct FailingTransport: HTTPTransport {
    let error: URLError

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        throw error
    }
}

func makeSession(_ transport: any HTTPTransport, base: String = "http://api.test/v2") -> JSONSession {
    JSONSession(baseURL: URL(string: base)!, transport: transport)
}
