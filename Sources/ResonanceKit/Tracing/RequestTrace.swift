import Foundation
import Tracing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The span of one request, from its first attempt to its final response or failure.
///
/// Created only when a real tracer is active: with none bootstrapped, ``start(for:tracer:)``
/// returns `nil` after one type check, and the pipeline does no tracing work at all.
struct RequestTrace: Sendable {
    private let tracer: any Tracer
    private let span: any Span

    /// The span's context, made current while the request runs so that work it starts (a token
    /// refresh, a transport's own spans) nests under it.
    var context: ServiceContext { span.context }

    /// A started span for `outgoing`, or `nil` when `tracer` (else the bootstrapped tracer) is
    /// the no-op tracer.
    static func start(for outgoing: OutgoingRequest, tracer configured: (any Tracer)?) -> RequestTrace? {
        let tracer = configured ?? InstrumentationSystem.tracer
        if tracer is NoOpTracer { return nil }
        let method = outgoing.method.rawValue
        let span = tracer.startSpan("\(method) \(outgoing.pathForTracing)", ofKind: .client)
        span.updateAttributes { attributes in
            attributes["http.request.method"] = method
            if let url = outgoing.urlRequest.url {
                attributes["url.full"] = Self.withoutCredentials(url)
                attributes["url.path"] = url.path
                if let host = url.host { attributes["server.address"] = host }
                if let port = Redirect.effectivePort(url) { attributes["server.port"] = port }
            }
            if outgoing.hasPathTemplate {
                attributes["url.template"] = outgoing.pathForTracing
            }
            if let body = outgoing.body {
                attributes["http.request.body.size"] = body.count
            }
        }
        return RequestTrace(tracer: tracer, span: span)
    }

    /// Adds the span's propagation headers to one attempt.
    func inject(into request: inout URLRequest) {
        tracer.inject(span.context, into: &request, using: URLRequestInjector())
    }

    /// A wait before the next attempt.
    func recordRetry(afterAttempt attempt: Int, delay: TimeInterval, cause: String) {
        span.addEvent(SpanEvent(name: "retry", attributes: [
            "http.request.attempt": .int64(Int64(attempt)),
            "retry.delay_seconds": .double(delay),
            "retry.cause": .string(cause),
        ]))
    }

    /// A redirect the attempt followed.
    func recordRedirect(status: Int, to target: URL) {
        span.addEvent(SpanEvent(name: "redirect", attributes: [
            "http.response.status_code": .int64(Int64(status)),
            "url.full": .string(Self.withoutCredentials(target)),
        ]))
    }

    /// Ends the span with the final response; 4xx and 5xx mark it as failed, as OpenTelemetry
    /// asks of client spans.
    func end(with response: HTTPResponse) {
        let status = response.statusCode
        span.updateAttributes { attributes in
            attributes["http.response.status_code"] = status
            attributes["http.response.body.size"] = response.metrics.responseBodyBytes
            setAttempts(response.metrics.attempts, in: &attributes)
        }
        if status >= 400 {
            span.attributes["error.type"] = "\(status)"
            span.setStatus(SpanStatus(code: .error, message: "HTTP \(status)"))
        }
        span.end()
    }

    /// Ends the span with a failure that left no response.
    func end(with failure: ExecutionFailure, description: String) {
        let errorType = switch failure.kind {
        case .transport: "transport"
        case .timeout: "timeout"
        case .cancelled: "cancelled"
        case .invalidRequest: "invalid_request"
        }
        span.updateAttributes { attributes in
            attributes["error.type"] = errorType
            setAttempts(failure.metrics?.attempts ?? 0, in: &attributes)
        }
        if case .transport(let error) = failure.kind {
            span.recordError(error)
        }
        span.setStatus(SpanStatus(code: .error, message: description))
        span.end()
    }

    private func setAttempts(_ attempts: Int, in attributes: inout SpanAttributes) {
        attributes["resonancekit.attempts"] = attempts
        if attempts > 1 {
            attributes["http.request.resend_count"] = attempts - 1
        }
    }

    /// A URL fit for a span: user and password removed (OpenTelemetry's rule for `url.full`).
    static func withoutCredentials(_ url: URL) -> String {
        guard url.user != nil || url.password != nil,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return url.absoluteString }
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }
}
