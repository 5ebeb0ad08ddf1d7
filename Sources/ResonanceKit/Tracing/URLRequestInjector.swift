import Foundation
import Instrumentation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes a tracer's propagation headers (W3C `traceparent` and `tracestate` with swift-otel)
/// into a request, replacing any earlier value of the same name.
struct URLRequestInjector: Injector {
    func inject(_ value: String, forKey key: String, into request: inout URLRequest) {
        request.setValue(value, forHTTPHeaderField: key)
    }
}
