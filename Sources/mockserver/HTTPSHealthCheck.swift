import MockServer
import MockUpstream

/// `mockserver healthcheck --url https://…`: the same check as ``HealthProbe``, over TLS through
/// the upstream client, trusting `--cacert` (e.g. the `cert.pem` of `mockserver tls-cert`), the
/// system's certificate authorities, or — with `--insecure` — anything.
struct HTTPSHealthCheck {
    let url: String
    let trustedCertificatesFile: String?
    let insecure: Bool
    let failsOnProblems: Bool

    func check() throws -> HealthStatus {
        let configuration = UpstreamConfiguration(timeout: .seconds(2), insecure: insecure, trustedCertificatesFile: trustedCertificatesFile,
                                                  maxResponseBodyBytes: 1024 * 1024)
        let client: UpstreamClient
        do {
            client = try UpstreamClient(configuration: configuration)
        } catch {
            throw CommandFailure("--cacert: \(error)")
        }
        let endpoint = (url.hasSuffix("/") ? String(url.dropLast()) : url) + "/__admin/health"
        do {
            let answer = try client.forward(UpstreamRequest(method: "GET", url: endpoint, headers: [.init(name: "Accept", value: "application/json")]))
            return HealthStatus(healthAnswer: answer.status, body: answer.body, endpoint: endpoint, failingOnProblems: failsOnProblems)
        } catch {
            var reason = "\(endpoint): \(error.summary)"
            if error.kind == .tlsVerificationFailed, trustedCertificatesFile == nil {
                reason += " Pass --cacert with the server's certificate (cert.pem of `mockserver tls-cert`), or --insecure."
            }
            return .unhealthy(reason: reason)
        }
    }
}
