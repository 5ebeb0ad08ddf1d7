/// What one timed run of one client produced.
struct RunResult: Sendable {
    let clientName: String
    let completedRequests: Int
    let failedRequests: Int
    let elapsedSeconds: Double
    /// Latency of every completed request in milliseconds, sorted ascending.
    let latenciesMilliseconds: [Double]
    /// The first failure's description, kept so a broken run explains itself.
    let firstFailure: String?

    var requestsPerSecond: Double {
        elapsedSeconds > 0 ? Double(completedRequests) / elapsedSeconds : 0
    }

    func latencyPercentile(_ percent: Double) -> Double {
        latenciesMilliseconds.nearestRankPercentile(percent)
    }
}
