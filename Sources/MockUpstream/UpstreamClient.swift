import Dispatch
import MockFixtures
import MockTLS

/// Forwards requests to real HTTP(S) APIs, for `mockserver`'s record and proxy modes and its
/// HTTPS health check. HTTP/1.1 over GnuTLS (which libmicrohttpd already links), so the server
/// needs no further library; see docs/ARCHITECTURE.md for why.
///
/// Certificates and host names are verified against the system trust store (or
/// ``UpstreamConfiguration/trustedCertificatesFile``) unless ``UpstreamConfiguration/insecure``;
/// every exchange has one overall deadline; gzip and deflate answers are decoded; bodies over
/// ``UpstreamConfiguration/maxResponseBodyBytes`` fail instead of filling memory; redirects are
/// returned, not followed. Proxy environment variables (`https_proxy`) are not used.
///
/// Thread-safe: call it from any thread or queue. ``forward(_:)`` blocks the calling thread;
/// ``start(_:completion:)`` runs the exchange on a background queue and calls back there; the
/// `async` ``forward(_:)`` suspends instead. Idle connections are kept for a few seconds and reused.
///
/// ```swift
/// let client = try UpstreamClient(configuration: UpstreamConfiguration(timeout: .seconds(10)))
/// let target = try UpstreamTarget(parsing: "https://api.example.com")
/// let response = try client.forward(UpstreamRequest(method: "GET", url: target.url(forRequestTarget: "/people?page=2")))
/// print(response.status, response.header("Content-Type") ?? "")
/// ```
public final class UpstreamClient: Sendable {
    public let configuration: UpstreamConfiguration
    private let pool = ConnectionPool()
    /// Loaded on the first `https` request (or at init for an explicit file), then shared.
    private let trust: LockedState<Result<TLSClientCredentials, TLSClientError>?>
    /// Where its exchanges run: the process's shared bound, or a test's own.
    let threads: ExchangeThreads

    /// Checks the configuration; an explicit trusted certificates file is loaded at once, so a
    /// bad one is reported here rather than on the first request.
    public convenience init(configuration: UpstreamConfiguration = UpstreamConfiguration()) throws(UpstreamConfigurationError) {
        try self.init(configuration: configuration, threads: .shared)
    }

    init(configuration: UpstreamConfiguration, threads: ExchangeThreads) throws(UpstreamConfigurationError) {
        self.threads = threads
        guard configuration.timeout > .zero else { throw .invalidTimeout(configuration.timeout) }
        guard configuration.maxResponseBodyBytes > 0 else { throw .invalidMaxResponseBodyBytes(configuration.maxResponseBodyBytes) }
        self.configuration = configuration
        var preloaded: Result<TLSClientCredentials, TLSClientError>?
        if let file = configuration.trustedCertificatesFile, !configuration.insecure {
            do throws(TLSClientError) {
                preloaded = .success(try TLSClientCredentials(trustedCertificatesFile: file))
            } catch {
                throw .unusableTrustedCertificatesFile(file, reason: error.message)
            }
        }
        trust = LockedState(preloaded)
    }

    /// Sends `request` and waits for the whole answer on the calling thread.
    public func forward(_ request: UpstreamRequest) throws(UpstreamError) -> UpstreamResponse {
        try forward(request, call: UpstreamCall())
    }

    /// Sends `request` on a background queue and calls `completion` there with the answer or
    /// the error; the returned call cancels it.
    @discardableResult
    public func start(
        _ request: UpstreamRequest,
        completion: @escaping @Sendable (Result<UpstreamResponse, UpstreamError>) -> Void
    ) -> UpstreamCall {
        let call = UpstreamCall()
        start(request, call: call, completion: completion)
        return call
    }

    /// Sends `request` without blocking the caller's thread; cancelling the task cancels the exchange.
    public func forward(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamResponse {
        let call = UpstreamCall()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<UpstreamResponse, UpstreamError>, Never>) in
                start(request, call: call) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            call.cancel()
        }
        return try result.get()
    }

    // MARK: Exchange

    private func start(
        _ request: UpstreamRequest,
        call: UpstreamCall,
        completion: @escaping @Sendable (Result<UpstreamResponse, UpstreamError>) -> Void
    ) {
        // An exchange blocks its thread on the sockets until the upstream answers: one thread
        // each, a bounded number at once (ExchangeThreads).
        threads.run { [self] in
            do throws(UpstreamError) {
                let response = try forward(request, call: call)
                // Cancelled while the answer was read to its end: whoever cancelled no longer
                // wants it (a client that left must not have its exchange recorded).
                guard !call.isCancelled else {
                    completion(.failure(Self.upstreamError(.cancelled, request: request, timeout: configuration.timeout)))
                    return
                }
                completion(.success(response))
            } catch {
                completion(.failure(error))
            }
        }
    }

    private func forward(_ request: UpstreamRequest, call: UpstreamCall) throws(UpstreamError) -> UpstreamResponse {
        func failure(_ kind: UpstreamError.Kind, _ detail: String) -> UpstreamError {
            UpstreamError(kind: kind, method: request.method, url: request.url, detail: detail)
        }
        let url: AbsoluteURL
        switch AbsoluteURL.parse(request.url) {
        case .success(let parsed): url = parsed
        case .failure(let problem): throw failure(.invalidURL, problem.reason)
        }
        let headers = ForwardedHeaders.request(request.headers)
        if let problem = HTTPRequestHead.problem(method: request.method, headers: headers) {
            throw failure(.invalidRequest, problem)
        }
        let bytes = HTTPRequestHead.bytes(method: request.method, url: url, headers: headers, body: request.body)
        let deadline = ContinuousClock.now + configuration.timeout
        do throws(TransportFailure) {
            if let pooled = pool.take(url.connectionKey) {
                do throws(TransportFailure) {
                    return try exchange(bytes, method: request.method, on: pooled, deadline: deadline, call: call)
                } catch {
                    // A kept-alive connection the server closed meanwhile: one fresh attempt, for
                    // methods that may be repeated (RFC 9110 §9.2.2) when no answer had begun.
                    guard case .closed(let detail, receivedAnything: false) = error else { throw error }
                    guard IdempotentMethods.contains(request.method) else {
                        // Not repeated (RFC 9110 §9.2.2), but the user should know why it failed.
                        throw .closed(detail + "; the request went out on a kept-alive connection, which the API may have closed just "
                            + "before it arrived, or after reading it: \(request.method) is not repeated automatically, since it may have been "
                            + "carried out; check the API before sending it again",
                                      receivedAnything: false)
                    }
                }
            }
            let fresh = try UpstreamConnection.open(
                to: url, credentials: { () throws(TransportFailure) in try credentials() },
                verify: !configuration.insecure, deadline: deadline, call: call)
            return try exchange(bytes, method: request.method, on: fresh, deadline: deadline, call: call)
        } catch {
            throw Self.upstreamError(error, request: request, timeout: configuration.timeout)
        }
    }

    private func exchange(
        _ bytes: [UInt8],
        method: String,
        on connection: UpstreamConnection,
        deadline: ContinuousClock.Instant,
        call: UpstreamCall
    ) throws(TransportFailure) -> UpstreamResponse {
        try connection.send(bytes, until: deadline, call: call)
        var reader = HTTPResponseReader(connection: connection, deadline: deadline, call: call, maxBodyBytes: configuration.maxResponseBodyBytes)
        let response = try reader.read(method: method)
        let body = try ContentDecoding.decode(response.body, codings: response.head.values("content-encoding"),
                                              limit: configuration.maxResponseBodyBytes)
        if response.connectionReusable { pool.give(connection) }
        return UpstreamResponse(
            status: response.head.status,
            headers: ForwardedHeaders.response(response.head.headers),
            body: body,
            httpVersion: response.head.version,
            statedBodyLength: method == "HEAD" ? HTTPResponseReader.statedIdentityLength(response.head) : nil
        )
    }

    private func credentials() throws(TransportFailure) -> TLSClientCredentials {
        let insecure = configuration.insecure
        let result = trust.withLock { loaded in
            if let loaded { return loaded }
            let attempt: Result<TLSClientCredentials, TLSClientError>
            do throws(TLSClientError) {
                attempt = .success(insecure ? try TLSClientCredentials(trustingNothing: ()) : try TLSClientCredentials(trustedCertificatesFile: nil))
            } catch {
                attempt = .failure(error)
            }
            loaded = attempt
            return attempt
        }
        switch result {
        case .success(let credentials): return credentials
        case .failure(let error): throw .trustStore(error.message)
        }
    }

    private static func upstreamError(_ failure: TransportFailure, request: UpstreamRequest, timeout: Duration) -> UpstreamError {
        let (kind, detail): (UpstreamError.Kind, String) = switch failure {
        case .hostNotFound(let detail): (.hostNotFound, detail)
        case .refused(let detail): (.connectionRefused, detail)
        case .connectFailed(let detail): (.connectionFailed, detail)
        case .timedOut(let phase): (.timedOut, "\(timeout) passed while \(phase)")
        case .cancelled: (.cancelled, "cancelled")
        case .tls(let error):
            switch error.kind {
            case .verification: (.tlsVerificationFailed, error.message)
            case .handshake: (.tlsHandshakeFailed, error.message)
            case .transfer: (.connectionClosed, error.message)
            case .trustStore: (.tlsVerificationFailed, error.message)
            }
        case .closed(let detail, _): (.connectionClosed, detail)
        case .badResponse(let detail): (.badResponse, detail)
        case .tooLarge(let detail): (.responseTooLarge, detail)
        case .trustStore(let detail): (.tlsVerificationFailed, detail)
        }
        return UpstreamError(kind: kind, method: request.method, url: request.url, detail: detail)
    }
}
