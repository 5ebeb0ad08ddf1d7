import Foundation
import MockFixtures
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FixtureTransport {
    /// An entry with `"forward"` matched: the request goes to its API through
    /// ``forwardingTransport`` with the entry's headers set, and the API's answer comes back
    /// with a `Location` under the API's base path moved to the mock's paths, as `mockserver`
    /// does. It is journaled `proxied` (or `proxyFailed`, answered `502`) with the entry.
    func forwardedAnswer(
        _ forward: EntryForward, entry: MatchOutcome, unforwarded: MockResponse, request: URLRequest, url: URL, method: String, headers: [String: String]
    ) async throws -> (answer: MockResponse, data: Data?) {
        let target = Self.target(of: url)
        let body = Array(Self.body(of: request))
        let received = headers.map { HTTPHeader(name: $0.key, value: $0.value) }
        let upstream = forward.target.description
        func failed(_ error: String) -> MockResponse {
            let answer = MockResponse(
                status: 502, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)],
                body: JSONValue.makeObject([
                    ("error", .string(error)), ("target", .string(upstream)), ("method", .string(method)), ("path", .string(target)),
                ]).prettyPrintedBytes(),
                outcome: .forwarded(.proxyFailed(upstream: upstream, error: error), entry: entry))
            return journaled(answer, method: method, target: target, headers: headers, body: body)
        }
        guard let forwardingTransport else {
            let answer = MockResponse(status: unforwarded.status, headers: unforwarded.headers, body: unforwarded.body,
                                      outcome: .forwarded(.proxyFailed(upstream: upstream, error: "FixtureTransport's forwardingTransport is nil"), entry: entry))
            return (journaled(answer, method: method, target: target, headers: headers, body: body), nil)
        }
        if MaxForwards.value(method: method, headers: received) == 0 {
            // As the server: this is the last hop an OPTIONS or TRACE may take.
            return (engine.maxForwardsAnswer(method: method, target: target, headers: headers, body: body, entry: entry), nil)
        }
        guard let upstreamURL = URL(string: forward.target.url(forRequestTarget: target)) else {
            return (failed("\(forward.target.url(forRequestTarget: target)) is not a URL Foundation accepts"), nil)
        }
        var upstreamRequest = Self.outgoingRequest(to: upstreamURL, method: method,
                                                   headers: forward.forwardedHeaders(MaxForwards.decremented(method: method, headers: received)), body: body)
        upstreamRequest.timeoutInterval = request.timeoutInterval
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await forwardingTransport.send(upstreamRequest)
        } catch {
            let answer = failed("forwarding \(method) \(target) to \(upstream) failed: \(Self.reason(error))")
            if error is CancellationError || (error as? URLError)?.code == .cancelled { throw error }
            return (answer, nil)
        }
        var answerHeaders: [HTTPHeader] = []
        for case let (name as String, value as String) in response.allHeaderFields {
            let isLocation = name.lowercased() == "location" || name.lowercased() == "content-location"
            answerHeaders.append(HTTPHeader(name: name, value: isLocation ? forward.target.mockReference(forUpstreamReference: value) : value))
        }
        let answer = MockResponse(status: response.statusCode, headers: answerHeaders, body: Array(data),
                                  outcome: .forwarded(.proxied(upstream: upstream), entry: entry))
        return (journaled(answer, method: method, target: target, headers: headers, body: body), data)
    }

    /// With the CORS headers `mockserver --cors` adds, and in the journal.
    private func journaled(_ answer: MockResponse, method: String, target: String, headers: [String: String], body: [UInt8]) -> MockResponse {
        let sent = engine.allowingCrossOrigin(answer, method: method, headers: headers)
        engine.journalForwarded(method: method, target: target, headers: headers, body: body, response: sent)
        return sent
    }

    /// A request the mock sends through ``forwardingTransport`` (a forward, a webhook): `headers`
    /// but those the transport writes itself, the body, and no cookies of URLSession's jar (the
    /// headers carry the app's own `Cookie` as sent).
    static func outgoingRequest(to url: URL, method: String, headers: [HTTPHeader], body: [UInt8]) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        for header in headers where !notForwardedHeaders.contains(header.name.lowercased()) {
            request.addValue(header.value, forHTTPHeaderField: header.name)
        }
        if !body.isEmpty { request.httpBody = Data(body) }
        return request
    }

    /// Why the forwarding transport failed, in one phrase: a URLError's description and code.
    static func reason(_ error: any Error) -> String {
        (error as? URLError).map { "\($0.localizedDescription) (URLError \($0.code.rawValue))" } ?? "\(error)"
    }

    /// Headers the forwarding transport writes itself: the host and the framing of its own
    /// connection.
    static let notForwardedHeaders: Set<String> = ["host", "content-length", "transfer-encoding", "connection", "keep-alive", "te", "trailer", "upgrade",
                                                   "proxy-connection"]
}
