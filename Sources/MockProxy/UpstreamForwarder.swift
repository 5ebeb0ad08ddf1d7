import Logging
import MockFixtures
import MockRecorder
import MockServer
import MockUpstream

/// Forwards requests to a real API and answers with what it said, unchanged but for a
/// `Location` under the target's base path (moved to the mock's paths): the
/// ``RequestForwarder`` of `mockserver --proxy-unmatched` and `mockserver record`. With a
/// recorder, each exchange is also written into a fixture folder (before the answer is sent, so
/// a client that has its answer finds the file written) and logged as added, replaced or
/// skipped.
///
/// Upstream failures answer `502` with a JSON body naming the target and the error. A request
/// that comes back through this forwarder (the target leads to this same server) answers `508`
/// instead of looping: every forwarded request carries a `Via` entry naming this forwarder.
///
/// ```swift
/// let forwarder = UpstreamForwarder(target: try UpstreamTarget(parsing: "https://api.example.com"),
///                                   client: try UpstreamClient(), recorder: try FixtureRecorder(root: "Mocks"),
///                                   logger: Logger(label: "mockserver"))
/// let server = try MockHTTPServer(engine: engine, configuration: configuration, logger: logger, forwarder: forwarder)
/// ```
public final class UpstreamForwarder: RequestForwarder {
    public let target: UpstreamTarget
    public let client: UpstreamClient
    public let recorder: FixtureRecorder?
    private let logger: Logger
    /// This forwarder's name in the `Via` entries it adds, unique per instance (or per
    /// ``UpstreamForwarders``), to recognise its own requests when they come back.
    let pseudonym: String
    /// What leads to the target, for the hint of a loop's `508`.
    private let configuredBy: String

    public convenience init(target: UpstreamTarget, client: UpstreamClient, recorder: FixtureRecorder? = nil, logger: Logger) {
        self.init(target: target, client: client, recorder: recorder, logger: logger, pseudonym: Self.newPseudonym(),
                  configuredBy: "--proxy-unmatched or --target")
    }

    init(target: UpstreamTarget, client: UpstreamClient, recorder: FixtureRecorder?, logger: Logger, pseudonym: String, configuredBy: String) {
        self.target = target
        self.client = client
        self.recorder = recorder
        self.logger = logger
        self.pseudonym = pseudonym
        self.configuredBy = configuredBy
    }

    static func newPseudonym() -> String {
        "mockserver-" + FNV1a.hex(UInt64.random(in: .min ... .max), digits: 12)
    }

    public func forward(_ request: ForwardedRequest, completion: @escaping @Sendable (MockResponse) -> Void) -> @Sendable () -> Void {
        // Every `Via` line, combined (RFC 9110 §5.3): each one is a hop, the first alone lost the rest.
        let viaLines = request.headers.filter { $0.name.lowercased() == "via" }.map(\.value)
        let via = viaLines.isEmpty ? nil : viaLines.joined(separator: ", ")
        if let via, via.contains(pseudonym) {
            completion(loopAnswer(request))
            return {}
        }
        var headers = MaxForwards.decremented(method: request.method, headers: request.headers).filter { $0.name.lowercased() != "via" }
        let entry = "1.1 " + pseudonym
        headers.append(HTTPHeader(name: "Via", value: via.map { "\($0), \(entry)" } ?? entry))
        let upstreamRequest = UpstreamRequest(method: request.method, url: target.url(forRequestTarget: request.target), headers: headers, body: request.body)
        let call = client.start(upstreamRequest) { [self] result in
            switch result {
            case .success(let response) where response.status == 508 && (response.header("via")?.contains(pseudonym) ?? false):
                // Its own loop answer, come back through the loop: a failure, never a recording.
                completion(loopAnswer(request))
            case .success(let upstreamResponse):
                let response = locatedInTheMock(upstreamResponse)
                record(request, response)
                completion(MockResponse(status: response.status, headers: response.headers, body: response.body,
                                        outcome: .proxied(upstream: target.description),
                                        declaredBodyLength: response.statedBodyLength,
                                        // A 304's own length may be an encoded body's (the proxy decodes),
                                        // so it states none rather than a false one.
                                        statesBodyLength: response.status != 304 && (request.method != "HEAD" || response.statedBodyLength != nil)))
            case .failure(let error):
                completion(failureAnswer(error, for: request))
            }
        }
        return { call.cancel() }
    }

    /// The answer with its `Location` and `Content-Location` under the target's base path moved to
    /// the mock's paths (``UpstreamTarget/mockReference(forUpstreamReference:)``): the client
    /// follows them here, and a recording replays them (audit D3 saw `/v1/people/7` recorded
    /// for a mock that serves `/people/7`).
    private func locatedInTheMock(_ response: UpstreamResponse) -> UpstreamResponse {
        guard !target.basePath.isEmpty, response.headers.contains(where: { Self.isLocation($0.name) }) else { return response }
        let headers = response.headers.map { header in
            Self.isLocation(header.name) ? HTTPHeader(name: header.name, value: target.mockReference(forUpstreamReference: header.value)) : header
        }
        return UpstreamResponse(status: response.status, headers: headers, body: response.body, httpVersion: response.httpVersion,
                                statedBodyLength: response.statedBodyLength)
    }

    private static func isLocation(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return lowercased == "location" || lowercased == "content-location"
    }

    /// Writes the exchange when recording, and logs what happened to it.
    private func record(_ request: ForwardedRequest, _ response: UpstreamResponse) {
        guard let recorder else { return }
        let exchange = RecordedExchange(method: request.method, target: request.target, requestHeaders: request.headers,
                                        requestBody: request.body, status: response.status,
                                        responseHeaders: response.headers, responseBody: response.body)
        do {
            let outcome = try recorder.record(exchange)
            if outcome.action == .skipped {
                logger.notice("record: \(outcome)")
            } else {
                logger.info("record: \(outcome)")
            }
        } catch {
            logger.error("record: \(request.method) \(request.target) \(response.status) not recorded: \(error)")
        }
    }

    /// `502 Bad Gateway` naming the target and what failed.
    private func failureAnswer(_ error: UpstreamError, for request: ForwardedRequest) -> MockResponse {
        let body = JSONValue.makeObject([
            ("error", .string(error.description)),
            ("target", .string(target.description)),
            ("kind", .string(String(describing: error.kind))),
            ("method", .string(request.method)),
            ("path", .string(request.target)),
        ] + (error.commandLineHint.map { [("hint", JSONValue.string($0))] } ?? []))
        return MockResponse(status: 502, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json)], body: body.prettyPrintedBytes(),
                            outcome: .proxyFailed(upstream: target.description, error: error.summary))
    }

    /// `508 Loop Detected`: the target leads back to this server.
    private func loopAnswer(_ request: ForwardedRequest) -> MockResponse {
        let error = "\(request.method) \(request.target) came back to this mockserver through its own target \(target)"
        let body = JSONValue.makeObject([
            ("error", .string(error)),
            ("hint", .string("point \(configuredBy) at another server (the real API), not at this mockserver")),
            ("target", .string(target.description)),
            ("method", .string(request.method)),
            ("path", .string(request.target)),
        ])
        // `Via` names this server, so the hop that carried the request knows the answer for its own.
        return MockResponse(status: 508, headers: [HTTPHeader(name: "Content-Type", value: MediaType.json), HTTPHeader(name: "Via", value: "1.1 " + pseudonym)],
                            body: body.prettyPrintedBytes(),
                            outcome: .proxyFailed(upstream: target.description, error: "the request looped back to this server"))
    }
}
