import Foundation
import InMemoryTracing
import ResonanceKit
import TestSupport
import Tracing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `InMemoryTracer` with W3C-shaped ids that injects a `traceparent` header the way swift-otel's
/// W3C propagator does (`00-<32 hex trace id>-<16 hex span id>-01`), so tests can check what a
/// real tracer would put on the wire without a collector.
struct W3CTestTracer: Tracer {
    typealias Span = InMemorySpan

    let recorder: InMemoryTracer

    init() {
        let counter = LockedCounter()
        recorder = InMemoryTracer(idGenerator: InMemoryTracer.IDGenerator(
            nextTraceID: { counter.increment(); return String(format: "%032x", counter.value) },
            nextSpanID: { counter.increment(); return String(format: "%016x", counter.value) }
        ))
    }

    var finishedSpans: [FinishedInMemorySpan] { recorder.finishedSpans }

    func startSpan<Instant: TracerInstant>(
        _ operationName: String,
        context: @autoclosure () -> ServiceContext,
        ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant,
        function: String,
        file fileID: String,
        line: UInt
    ) -> InMemorySpan {
        recorder.startSpan(operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID, line: line)
    }

    func forceFlush() {
        recorder.forceFlush()
    }

    func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject) where Inject.Carrier == Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
    }

    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract) where Extract.Carrier == Carrier {
        recorder.extract(carrier, into: &context, using: extractor)
    }
}
