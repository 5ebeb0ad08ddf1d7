import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JSONSession {
    /// The one execution path: for each attempt, interceptors adapt the built request, the
    /// transport sends it under the remaining deadline, metrics are taken, and interceptors
    /// then the retry policy decide whether to wait and send again.
    /// ``execute(_:)`` with its failure logged and turned into the caller's `RequestError`.
    func execute<ErrorResponse: Decodable & Sendable>(
        _ outgoing: OutgoingRequest,
        errorType: ErrorResponse.Type
    ) async throws(RequestError<ErrorResponse>) -> Execution {
        do {
            return try await execute(outgoing)
        } catch {
            let failure: RequestError<ErrorResponse> = error.requestError(method: outgoing.method, url: outgoing.urlRequest.url)
            logFailure(failure.description, metrics: failure.metrics)
            throw failure
        }
    }

    func execute(_ outgoing: OutgoingRequest) async throws(ExecutionFailure) -> Execution {
        if Task.isCancelled {
            throw ExecutionFailure(kind: .cancelled)
        }
        logRequest(outgoing)
        let clock = ContinuousClock()
        let started = clock.now
        let startDate = Date()
        let deciders: [any RequestInterceptor] = interceptors + (retryPolicy.map { [$0] } ?? [])
        let maximumAttempts = max(1, retryPolicy?.maximumAttempts ?? RetryPolicy.defaultMaximumAttempts)
        let requestBodyBytes = outgoing.body?.count ?? 0
        var statusCodes: [Int?] = []
        var attempt = 0
        var lastMetrics: HTTPMetrics?

        func metrics(attemptStarted: ContinuousClock.Instant, responseBytes: Int) -> HTTPMetrics {
            let now = clock.now
            return HTTPMetrics(
                startDate: startDate,
                endDate: Date(),
                duration: now - started,
                lastAttemptDuration: now - attemptStarted,
                requestBodyBytes: requestBodyBytes,
                responseBodyBytes: responseBytes,
                attempts: attempt
            )
        }

        while true {
            attempt += 1
            let request = try await adapt(outgoing.urlRequest)
            let remaining = outgoing.timeout - Self.seconds(clock.now - started)
            let attemptStarted = clock.now
            guard remaining > 0 else {
                throw ExecutionFailure(kind: .timeout(outgoing.timeout), metrics: metrics(attemptStarted: attemptStarted, responseBytes: 0))
            }
            let outcome: AttemptOutcome
            do {
                let (data, response) = try await transport.send(request, deadlineSeconds: remaining)
                let decoderSession = self
                outcome = .response(HTTPResponse(
                    statusCode: response.statusCode,
                    headers: HTTPHeaders(response.headerDictionary),
                    body: data,
                    url: response.url ?? request.url,
                    metrics: metrics(attemptStarted: attemptStarted, responseBytes: data.count),
                    makeDecoder: { decoderSession.makeDecoder() }
                ))
            } catch {
                let attemptMetrics = metrics(attemptStarted: attemptStarted, responseBytes: 0)
                lastMetrics = attemptMetrics
                if error is DeadlineExceeded {
                    throw ExecutionFailure(kind: .timeout(outgoing.timeout), metrics: attemptMetrics)
                }
                if Task.isCancelled || error is CancellationError || (error as? URLError)?.code == .cancelled {
                    throw ExecutionFailure(kind: .cancelled, metrics: attemptMetrics)
                }
                outcome = .failure(error)
            }
            statusCodes.append(outcome.statusCode)
            if case .response(let response) = outcome {
                lastMetrics = response.metrics
            }

            let context = RetryContext(attempt: attempt, statusCodes: statusCodes, elapsed: clock.now - started)
            var decision = RetryDecision.doNotRetry
            for decider in deciders {
                decision = await decider.retry(request, after: outcome, context: context)
                if decision != .doNotRetry { break }
            }
            let delay: TimeInterval
            switch decision {
            case .doNotRetry:
                return try finish(outcome, metrics: lastMetrics, outgoing: outgoing, note: nil)
            case .giveUp(let reason):
                return try finish(outcome, metrics: lastMetrics, outgoing: outgoing, note: reason)
            case .retry:
                delay = 0
            case .retryAfter(let seconds):
                // NaN waits nothing; the clamp keeps `Duration` in range for absurd values.
                delay = seconds.isNaN ? 0 : min(max(0, seconds), maximumDeadlineSeconds)
            }
            if attempt >= maximumAttempts {
                let setting = retryPolicy == nil ? "RetryPolicy.defaultMaximumAttempts" : "RetryPolicy.maximumAttempts"
                return try finish(outcome, metrics: lastMetrics, outgoing: outgoing, note: "gave up after \(attempt) attempts, the limit set by \(setting)")
            }
            let elapsed = Self.seconds(clock.now - started)
            if let retryPolicy, elapsed + delay > retryPolicy.maximumTotalTime {
                return try finish(outcome, metrics: lastMetrics, outgoing: outgoing, note: "stopped after \(attempt) attempts: waiting \(Self.format(delay)) s more would pass RetryPolicy.maximumTotalTime (\(Self.format(retryPolicy.maximumTotalTime)) s)")
            }
            if elapsed + delay >= outgoing.timeout {
                return try finish(outcome, metrics: lastMetrics, outgoing: outgoing, note: "stopped after \(attempt) attempts: waiting \(Self.format(delay)) s more would pass the request's timeout (\(Self.format(outgoing.timeout)) s)")
            }
            logRetry(outgoing, outcome: outcome, delay: delay, nextAttempt: attempt + 1, of: maximumAttempts)
            if delay > 0 {
                do {
                    try await Task.sleep(for: .seconds(delay))
                } catch {
                    throw ExecutionFailure(kind: .cancelled, metrics: metrics(attemptStarted: attemptStarted, responseBytes: 0))
                }
            }
            if Task.isCancelled {
                throw ExecutionFailure(kind: .cancelled, metrics: metrics(attemptStarted: attemptStarted, responseBytes: 0))
            }
        }
    }

    private func adapt(_ built: URLRequest) async throws(ExecutionFailure) -> URLRequest {
        var request = built
        for interceptor in interceptors {
            do {
                request = try await interceptor.adapt(request)
            } catch {
                if Task.isCancelled || error is CancellationError {
                    throw ExecutionFailure(kind: .cancelled)
                }
                throw ExecutionFailure(kind: .invalidRequest("the interceptor \(type(of: interceptor)) could not adapt the request: \(error)"))
            }
        }
        return request
    }

    private func finish(_ outcome: AttemptOutcome, metrics: HTTPMetrics?, outgoing: OutgoingRequest, note: String?) throws(ExecutionFailure) -> Execution {
        switch outcome {
        case .response(let response):
            logResponse(response, for: outgoing)
            return Execution(response: response, retryNote: note)
        case .failure(let error):
            if let urlError = error as? URLError, urlError.code == .timedOut {
                throw ExecutionFailure(kind: .timeout(outgoing.timeout), metrics: metrics, retryNote: note)
            }
            throw ExecutionFailure(kind: .transport(error), metrics: metrics, retryNote: note)
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    static func format(_ seconds: TimeInterval) -> String {
        String(format: "%.1f", seconds)
    }
}

extension HTTPURLResponse {
    /// The response headers as strings; Foundation types them `[AnyHashable: Any]`.
    var headerDictionary: [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in allHeaderFields {
            guard let name = name as? String else { continue }
            headers[name] = value as? String ?? "\(value)"
        }
        return headers
    }
}
