import MockFixtures

extension HealthStatus {
    /// Judges what `GET /__admin/health` answered, however it was fetched (plain HTTP by
    /// ``HealthProbe``, HTTPS by the `healthcheck` command): healthy only for a 200 whose JSON
    /// body has `"status": "ok"` — and, with `failingOnProblems`, `"problems": 0` (fixtures that
    /// loaded without errors or warnings). `endpoint` names the URL in the reason.
    ///
    /// ```swift
    /// HealthStatus(healthAnswer: 200, body: Array(#"{"status":"ok"}"#.utf8), endpoint: "http://127.0.0.1:8080/__admin/health")   // .healthy
    /// ```
    public init(healthAnswer status: Int, body: [UInt8], endpoint: String, failingOnProblems: Bool = false) {
        guard status == 200 else {
            self = .unhealthy(reason: "\(endpoint) answered \(status), expected 200.")
            return
        }
        let answer = (try? JSONParser.parse(body))?.root.value
        guard answer?["status"]?.stringValue == "ok" else {
            self = .unhealthy(reason: "\(endpoint) answered 200 without \"status\": \"ok\" in its body.")
            return
        }
        if failingOnProblems {
            guard case .number(let number)? = answer?["problems"], let problems = number.integerLiteralValue else {
                self = .unhealthy(reason: "\(endpoint) answered without a \"problems\" count, so the fixtures' problems are unknown (a mockserver older than this check?).")
                return
            }
            guard problems == 0 else {
                self = .unhealthy(reason: "\(endpoint) says the fixtures loaded with \(problems) problem\(problems == 1 ? "" : "s") (errors or warnings); "
                    + "mockserver validate --root DIR lists them, as does the server's log.")
                return
            }
        }
        self = .healthy
    }
}
