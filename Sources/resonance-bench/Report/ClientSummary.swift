/// One client's measured runs, reduced to the numbers the report shows.
struct ClientSummary: Sendable {
    let name: String
    let runs: [RunResult]

    var medianRequestsPerSecond: Double { runs.map(\.requestsPerSecond).median }
    var minRequestsPerSecond: Double { runs.map(\.requestsPerSecond).min() ?? 0 }
    var maxRequestsPerSecond: Double { runs.map(\.requestsPerSecond).max() ?? 0 }
    /// Median over the runs of each run's 50th-percentile latency.
    var p50Milliseconds: Double { runs.map { $0.latencyPercentile(50) }.median }
    var p99Milliseconds: Double { runs.map { $0.latencyPercentile(99) }.median }
    var failures: Int { runs.reduce(0) { $0 + $1.failedRequests } }
    var firstFailure: String? { runs.lazy.compactMap(\.firstFailure).first }
}
