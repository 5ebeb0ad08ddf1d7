import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Failures below HTTP, through both transports against real sockets, said in words with the
/// underlying error kept.
@Suite("Transport failures in words", .timeLimit(.minutes(1)))
struct TransportFailureIntegrationTests {
    struct Message: Decodable, Sendable, Equatable { let message: String }

    @Test("nothing listening: the error says so and asks whether mockserver runs", arguments: ClientTransport.allCases)
    func connectionRefused(transport: ClientTransport) async throws {
        let error = try await transport.withTransport { transport in
            let session = JSONSession(baseURL: URL(string: "http://127.0.0.1:1")!, transport: transport)
            return await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "api/1.0/people/")) }
        }
        #expect(error?.transportFailure == .connectionRefused(host: "127.0.0.1", port: 1))
        #expect(error?.description == "GET http://127.0.0.1:1/api/1.0/people/ failed before a response arrived: nothing is listening on 127.0.0.1:1 — is mockserver running?")
        guard case .transport(let underlying) = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .cannotConnectToHost, "the underlying error stays available: \(underlying)")
        #expect(!(error?.description.contains("Error Domain") ?? true), "no raw NSError dump")
    }

    @Test("https to mockserver's plain-HTTP port is a TLS failure", arguments: ClientTransport.allCases)
    func tlsFailure(transport: ClientTransport) async throws {
        let error = try await withMockServer { url in
            try await transport.withTransport { transport in
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
                components.scheme = "https"
                let session = JSONSession(baseURL: components.url!, transport: transport)
                return await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "api/1.0/people/")) }
            }
        }
        guard case .tlsFailure(let host, _, _) = error?.transportFailure else {
            Issue.record("expected a TLS failure, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(error?.description.contains("the TLS handshake with 127.0.0.1:") == true, "\(String(describing: error))")
    }

    @Test("a connection closed before any response is a lost connection", arguments: ClientTransport.allCases)
    func connectionLost(transport: ClientTransport) async throws {
        let server = try await CannedHTTPServer(.close)
        let error = try await transport.withTransport { transport in
            let session = JSONSession(baseURL: server.url, transport: transport)
            return await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "x")) }
        }
        await server.stop()
        guard case .connectionLost(let host, let port) = error?.transportFailure else {
            Issue.record("expected a lost connection, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(port == server.url.port)
        #expect(error?.description.contains("was lost before the response was complete") == true)
    }

    @Test("a body cut short before its Content-Length is a lost connection, and a GET is retried", arguments: ClientTransport.allCases)
    func truncatedBody(transport: ClientTransport) async throws {
        // What mockserver's `truncatedBody` fault sends: the head with the full length, half the body, then close.
        let server = try await CannedHTTPServer(.raw(Array(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 28\r\n\r\n{\"items\":[1,2".utf8)))
        let error = try await transport.withTransport { transport in
            var session = JSONSession(baseURL: server.url, transport: transport)
            session.retryPolicy = RetryPolicy(maximumAttempts: 2, baseDelay: 0)
            return await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "x")) }
        }
        await server.stop()
        guard case .connectionLost(let host, let port) = error?.transportFailure else {
            Issue.record("expected a lost connection, got \(String(describing: error)); underlying: \(String(describing: error?.kind))")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(port == server.url.port)
        #expect(error?.attempts == 2, "RetryPolicy retries a GET whose body was cut short: \(String(describing: error))")
        #expect(error?.description.contains("before a response arrived") == false, "\(String(describing: error))")
        #expect(error?.description.contains("was lost before the response was complete") == true, "\(String(describing: error))")
    }

    @Test("a DNS failure names the host that did not resolve")
    func dnsFailure() async throws {
        // Without a real lookup: tests send no traffic beyond loopback.
        let session = makeSession(FailingTransport(error: URLError(.cannotFindHost)), base: "https://api.exmaple.com/v2")
        let error = await #expect(throws: RequestError<Data>.self) { try await session.send(HTTPRequest(path: "people")) }
        #expect(error?.transportFailure == .hostNotFound(host: "api.exmaple.com"))
        #expect(error?.description.contains("the host name api.exmaple.com could not be resolved (DNS lookup failed)") == true)
    }

    @Test("a Content-Type sent twice is compared value by value", arguments: ClientTransport.allCases)
    func contentTypeTwice(transport: ClientTransport) async throws {
        let body = Array(#"{"message":"twice"}"#.utf8)
        let twice = try await CannedHTTPServer(CannedHTTPServer.response(
            headers: ["Content-Type: application/json", "Content-Type: application/json; charset=utf-8"], body: body))
        let mixed = try await CannedHTTPServer(CannedHTTPServer.response(
            headers: ["Content-Type: application/json", "Content-Type: text/html"], body: body))
        let (message, error) = try await transport.withTransport { transport in
            let message = try await JSONRequest<Message, APIError>(method: .get, path: "x", session: JSONSession(baseURL: twice.url, transport: transport)).perform()
            let error = await #expect(throws: RequestError<APIError>.self) {
                try await JSONRequest<Message, APIError>(method: .get, path: "x", session: JSONSession(baseURL: mixed.url, transport: transport)).perform()
            }
            return (message, error)
        }
        await twice.stop()
        await mixed.stop()
        #expect(message == Message(message: "twice"))
        guard case .unacceptableContentType(let expected, let received) = error?.kind else {
            Issue.record("expected unacceptableContentType, got \(String(describing: error))")
            return
        }
        #expect(expected == ["application/json"])
        #expect(received == "text/html")
        #expect(error?.statusCode == 200)
    }

    @Test("gzip bodies are decompressed by both transports", arguments: ClientTransport.allCases)
    func decompression(transport: ClientTransport) async throws {
        let gzip: [UInt8] = [
            0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xAB, 0x56, 0xCA, 0x4D, 0x2D, 0x2E, 0x4E, 0x4C, 0x4F,
            0x55, 0xB2, 0x52, 0x4A, 0x49, 0x4D, 0xCE, 0xCF, 0x2D, 0x28, 0x02, 0xF2, 0x53, 0x53, 0x94, 0x6A, 0x01, 0x61, 0xCE,
            0x51, 0x81, 0x1A, 0x00, 0x00, 0x00,
        ]
        let server = try await CannedHTTPServer(CannedHTTPServer.response(
            headers: ["Content-Type: application/json", "Content-Encoding: gzip"], body: gzip))
        let message = try await transport.withTransport { transport in
            try await JSONRequest<Message, APIError>(method: .get, path: "x", session: JSONSession(baseURL: server.url, transport: transport)).perform()
        }
        await server.stop()
        #expect(message == Message(message: "decompressed"))
    }
}
