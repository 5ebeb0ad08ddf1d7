import MockFixtures

extension HealthStatus {
    /// Judges what `GET /__admin/health` answered, however it was fetched (plain HTTP by
    /// ``HealthProbe``, HTTPS by the `healthcheck` command): healthy only for a 200 whose JSON
    /// body has `"status": "ok"`. `endpoint` names the URL in the reason.
    ///
    /// ```swift
    /// HealthStatus(healthAnswer: 200, body: Array(#"{"status":"ok"}"#.utf8), endpoint: "http://127.0.0.1:8080/__admin/health")   // .healthy
    /// ```
    public init(healthAnswer status: Int, body: [UInt8], endpoint: String) {
        guard status == 200 else {
            self = .unhealthy(reason: "\(endpoint) answered \(status), expected 200.")
            return
        }
        guard (try? JSONParser.parse(body))?.root.value["status"]?.stringValue == "ok" else {
            self = .unhealthy(reason: "\(endpoint) answered 200 without \"status\": \"ok\" in its body.")
            return
        }
        self = .healthy
    }
}
