#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Asks a running mockserver whether it is healthy: one blocking `GET /__admin/health` over a
/// plain socket, so it needs neither curl nor libcurl (it runs as a Docker `HEALTHCHECK`).
///
/// ```swift
/// let probe = HealthProbe(url: URL(string: "http://127.0.0.1:8080")!)
/// guard probe.check() == .healthy else { exit(1) }
/// ```
public struct HealthProbe: Sendable {
    /// The server's base URL; only `http` with a host and optional port is supported.
    public var url: URL
    /// The limit for connecting, sending and reading together.
    public var timeout: Duration
    /// Also unhealthy when the fixtures loaded with problems (`"problems"` above 0).
    public var failsOnProblems: Bool

    public init(url: URL, timeout: Duration = .seconds(2), failsOnProblems: Bool = false) {
        self.url = url
        self.timeout = timeout
        self.failsOnProblems = failsOnProblems
    }

    /// Sends the request and judges the answer; never throws, never waits past ``timeout``.
    public func check() -> HealthStatus {
        guard url.scheme?.lowercased() == "http", let host = url.host, !host.isEmpty else {
            return .unhealthy(reason: "--url \(url.absoluteString) is not an http://host[:port] URL.")
        }
        let port = url.port ?? 80
        let exchange: BlockingHTTPExchange.Answer
        do {
            exchange = try BlockingHTTPExchange.get(host: host, port: port, path: "/__admin/health", timeout: timeout)
        } catch {
            return .unhealthy(reason: "\(url.absoluteString)/__admin/health: \(error.reason).")
        }
        return HealthStatus(healthAnswer: exchange.status, body: exchange.body, endpoint: "\(url.absoluteString)/__admin/health",
                            failingOnProblems: failsOnProblems)
    }
}
