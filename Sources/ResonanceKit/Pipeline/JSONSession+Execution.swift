import Foundation
import Tracing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JSONSession {
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

    /// The one execution path: for each attempt, interceptors adapt the built request, the
    /// transport sends it (and the redirects it leads to) under the remaining deadline, metrics
    /// are taken, and interceptors then the retry policy decide whether to wait and send again.
    /// With a tracer active, all of it runs inside the request's span.
    func execute(_ outgoing: OutgoingRequest) async throws(ExecutionFailure) -> Execution {
        if Task.isCancelled {
            throw ExecutionFailure(kind: .cancelled)
        }
        logRequest(outgoing)
        guard let trace = RequestTrace.start(for: outgoing, tracer: tracer) else {
            return try await executeAttempts(outgoing, trace: nil)
        }
        do {
            let execution = try await ServiceContext.withValue(trace.context) {
                try await executeAttempts(outgoing, trace: trace)
            }
            trace.end(with: execution.response)
            return execution
        } catch {
            // `withValue` rethrows untyped; only `ExecutionFailure` can come out of the attempts.
            let failure = error as? ExecutionFailure ?? ExecutionFailure(kind: .transport(error))
            let description: RequestError<Data> = failure.requestError(method: outgoing.method, url: outgoing.urlRequest.url)
            trace.end(with: failure, description: description.description)
            throw failure
        }
    }

    private func executeAttempts(_ outgoing: OutgoingRequest, trace: RequestTrace?) async throws(ExecutionFailure) -> Execution {
        let clock = ContinuousClock()
        let started = clock.now
        let startDate = Date()
        let deciders: [any RequestInterceptor] = interceptors + (retryPolicy.map { [$0] } ?? [])
        // The policy's cap holds for the retries it asks for. An interceptor's retries (a token
        // refresh) have a cap of their own, never below the default, so a policy that turns
        // automatic retries off (`maximumAttempts: 1`) does not also waste a refreshed token.
        let policyMaximumAttempts = max(1, retryPolicy?.maximumAttempts ?? RetryPolicy.defaultMaximumAttempts)
        let interceptorMaximumAttempts = max(RetryPolicy.defaultMaximumAttempts, retryPolicy?.maximumAttempts ?? 0)
        let requestBodyBytes = outgoing.body?.count ?? 0
        var statusCodes: [Int?] = []
        var attempt = 0
        var lastMetrics: HTTPMetrics?
        var failingURL: URL?

        func metrics(attemptStarted: ContinuousClock.Instant, responseBytes: Int, hop: Hop? = nil) -> HTTPMetrics {
            let now = clock.now
            return HTTPMetrics(
                startDate: startDate,
                endDate: Date(),
                duration: now - started,
                lastAttemptDuration: now - attemptStarted,
                requestBodyBytes: requestBodyBytes,
                responseBodyBytes: responseBytes,
                attempts: attempt,
                timeToFirstByte: hop?.timeToFirstByte,
                redirectCount: hop?.redirectCount ?? 0
            )
        }

        /// What is left of the request's deadline, for the steps interceptors take.
        func secondsLeft() -> TimeInterval {
            min(outgoing.timeout, maximumDeadlineSeconds) - Self.seconds(clock.now - started)
        }

        while true {
            attempt += 1
            var request = try await adapt(outgoing.urlRequest, secondsLeft: secondsLeft(), timeout: outgoing.timeout) {
                metrics(attemptStarted: clock.now, responseBytes: 0)
            }
            trace?.inject(into: &request)
            let attemptStarted = clock.now
            guard outgoing.timeout - Self.seconds(attemptStarted - started) > 0 else {
                throw ExecutionFailure(kind: .timeout(outgoing.timeout), metrics: metrics(attemptStarted: attemptStarted, responseBytes: 0))
            }
            let outcome: AttemptOutcome
            do {
                let hop = try await transport.exchangeFollowingRedirects(
                    request,
                    policy: outgoing.redirectPolicy,
                    deadline: started.advanced(by: .seconds(min(outgoing.timeout, maximumDeadlineSeconds)))
                ) { status, from, to in
                    logRedirect(outgoing, status: status, from: from, to: to)
                    if let target = to.url { trace?.recordRedirect(status: status, to: target) }
                }
                let decoderSession = self
                outcome = .response(HTTPResponse(
                    statusCode: hop.exchange.head.statusCode,
                    headers: HTTPHeaders(hop.exchange.head.headerDictionary),
                    body: hop.exchange.body,
                    url: hop.exchange.head.url ?? hop.request.url,
                    metrics: metrics(attemptStarted: attemptStarted, responseBytes: hop.exchange.body.count, hop: hop),
                    makeDecoder: { decoderSession.makeDecoder() }
                ))
                failingURL = nil
            } catch {
                let attemptMetrics = metrics(attemptStarted: attemptStarted, responseBytes: 0)
                lastMetrics = attemptMetrics
                if error.underlying is DeadlineExceeded {
                    throw ExecutionFailure(kind: .timeout(outgoing.timeout), metrics: attemptMetrics)
                }
                if Task.isCancelled || error.underlying is CancellationError || (error.underlying as? URLError)?.code == .cancelled {
                    throw ExecutionFailure(kind: .cancelled, metrics: attemptMetrics)
                }
                failingURL = error.url
                outcome = .failure(error.underlying)
            }
            statusCodes.append(outcome.statusCode)
            if case .response(let response) = outcome {
                lastMetrics = response.metrics
            }
            func finish(note: String?) throws(ExecutionFailure) -> Execution {
                try self.finish(outcome, metrics: lastMetrics, outgoing: outgoing, note: note, failingURL: failingURL)
            }

            let context = RetryContext(attempt: attempt, statusCodes: statusCodes, elapsed: clock.now - started)
            let decision: RetryDecision
            let decidedByPolicy: Bool
            if interceptors.isEmpty {
                // The retry policy decides at once: nothing to race.
                (decision, decidedByPolicy) = await Self.decide(deciders, request, after: outcome, context: context, hasPolicy: retryPolicy != nil)
            } else {
                // An interceptor may wait (a token refresh): the deadline and cancellation still hold.
                let sentRequest = request
                let hasPolicy = retryPolicy != nil
                let result = try await Self.racingTheDeadline(secondsLeft: secondsLeft(), timeout: outgoing.timeout,
                                                              metrics: metrics(attemptStarted: attemptStarted, responseBytes: 0)) {
                    await Self.decide(deciders, sentRequest, after: outcome, context: context, hasPolicy: hasPolicy)
                }
                (decision, decidedByPolicy) = (try? result.get()) ?? (.doNotRetry, false)
            }
            let maximumAttempts = decidedByPolicy ? policyMaximumAttempts : interceptorMaximumAttempts
            let delay: TimeInterval
            switch decision {
            case .doNotRetry:
                return try finish(note: nil)
            case .giveUp(let reason):
                return try finish(note: reason)
            case .retry:
                delay = 0
            case .retryAfter(let seconds):
                // NaN waits nothing; the clamp keeps `Duration` in range for absurd values.
                delay = seconds.isNaN ? 0 : min(max(0, seconds), maximumDeadlineSeconds)
            }
            if attempt >= maximumAttempts {
                let setting = retryPolicy != nil && maximumAttempts == policyMaximumAttempts
                    ? "RetryPolicy.maximumAttempts" : "RetryPolicy.defaultMaximumAttempts"
                return try finish(note: "gave up after \(attempt) attempts, the limit set by \(setting)")
            }
            let elapsed = Self.seconds(clock.now - started)
            if let retryPolicy, elapsed + delay > retryPolicy.maximumTotalTime {
                return try finish(note: "stopped after \(attempt) attempts: waiting \(Self.format(delay)) s more would pass RetryPolicy.maximumTotalTime (\(Self.format(retryPolicy.maximumTotalTime)) s)")
            }
            if elapsed + delay >= outgoing.timeout {
                return try finish(note: "stopped after \(attempt) attempts: waiting \(Self.format(delay)) s more would pass the request's timeout (\(Self.format(outgoing.timeout)) s)")
            }
            let cause = Self.cause(of: outcome, url: failingURL ?? request.url)
            logRetry(outgoing, cause: cause, delay: delay, nextAttempt: attempt + 1, of: maximumAttempts)
            trace?.recordRetry(afterAttempt: attempt, delay: delay, cause: cause)
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

    /// The first decision other than ``RetryDecision/doNotRetry``, asking `deciders` in order, and
    /// whether the retry policy made it (it is the last decider when `hasPolicy`).
    private static func decide(_ deciders: [any RequestInterceptor], _ request: URLRequest, after outcome: AttemptOutcome,
                               context: RetryContext, hasPolicy: Bool) async -> (RetryDecision, decidedByPolicy: Bool) {
        for (index, decider) in deciders.enumerated() {
            let decision = await decider.retry(request, after: outcome, context: context)
            if decision != .doNotRetry { return (decision, hasPolicy && index == deciders.count - 1) }
        }
        return (.doNotRetry, false)
    }

    /// The built request as the interceptors adapt it, within what is left of the deadline and
    /// cancellable at once: an interceptor that waits (for a token) does not hold the request.
    private func adapt(_ built: URLRequest, secondsLeft: TimeInterval, timeout: TimeInterval,
                       metrics: () -> HTTPMetrics) async throws(ExecutionFailure) -> URLRequest {
        guard !interceptors.isEmpty else { return built }
        let interceptors = interceptors
        let result = try await Self.racingTheDeadline(secondsLeft: secondsLeft, timeout: timeout, metrics: metrics()) {
            try await Self.adapt(built, through: interceptors)
        }
        switch result {
        case .success(let request):
            return request
        case .failure(let error):
            if Task.isCancelled || error is CancellationError {
                throw ExecutionFailure(kind: .cancelled, metrics: metrics())
            }
            throw error as? ExecutionFailure ?? ExecutionFailure(kind: .invalidRequest("an interceptor could not adapt the request: \(error)"))
        }
    }

    /// What `operation` came to, raced against what is left of the request's deadline and
    /// against the task's cancellation; a lost race is the request's `.timeout` or `.cancelled`.
    private static func racingTheDeadline<Value: Sendable>(
        secondsLeft: TimeInterval,
        timeout: TimeInterval,
        metrics: @autoclosure () -> HTTPMetrics,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws(ExecutionFailure) -> Result<Value, any Error> {
        switch await raceDeadline(secondsLeft: secondsLeft, operation) {
        case .finished(let result): return result
        case .deadlinePassed: throw ExecutionFailure(kind: .timeout(timeout), metrics: metrics())
        case .cancelled: throw ExecutionFailure(kind: .cancelled, metrics: metrics())
        }
    }

    private static func adapt(_ built: URLRequest, through interceptors: [any RequestInterceptor]) async throws -> URLRequest {
        var request = built
        for interceptor in interceptors {
            do {
                request = try await interceptor.adapt(request)
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                throw ExecutionFailure(kind: .invalidRequest("the interceptor \(type(of: interceptor)) could not adapt the request: \(error)"))
            }
        }
        return request
    }

    private func finish(_ outcome: AttemptOutcome, metrics: HTTPMetrics?, outgoing: OutgoingRequest, note: String?, failingURL: URL?) throws(ExecutionFailure) -> Execution {
        switch outcome {
        case .response(let response):
            logResponse(response, for: outgoing)
            return Execution(response: response, retryNote: note)
        case .failure(let error):
            if let urlError = error as? URLError, urlError.code == .timedOut {
                throw ExecutionFailure(kind: .timeout(outgoing.timeout), metrics: metrics, retryNote: note)
            }
            throw ExecutionFailure(kind: .transport(error), metrics: metrics, retryNote: note, failingURL: failingURL)
        }
    }

    /// Why an attempt is retried, for the log and the trace: `status 503`, or the transport
    /// failure in words.
    static func cause(of outcome: AttemptOutcome, url: URL?) -> String {
        switch outcome {
        case .response(let response): "status \(response.statusCode)"
        case .failure(let error): TransportFailure(error, url: url).description
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
