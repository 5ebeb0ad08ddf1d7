/// Keeps `concurrency` requests in flight for a fixed time and counts what completes.
///
/// ```swift
/// let result = await LoadRun(concurrency: 8, duration: .seconds(3)).measure(client)
/// print(result.requestsPerSecond)
/// ```
struct LoadRun: Sendable {
    let concurrency: Int
    let duration: Duration

    /// The tally of one task; merged into a `RunResult` after all tasks finish.
    private struct Tally: Sendable {
        var latenciesMilliseconds: [Double] = []
        var failures = 0
        var firstFailure: String?
    }

    func measure(_ client: any BenchClient) async -> RunResult {
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started + duration
        let tallies = await withTaskGroup(of: Tally.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var tally = Tally()
                    // Sized for the fastest plausible rate so appending never reallocates mid-run.
                    tally.latenciesMilliseconds.reserveCapacity(20_000)
                    while clock.now < deadline {
                        let requestStarted = clock.now
                        do {
                            _ = try await client.fetchPage()
                            tally.latenciesMilliseconds.append((clock.now - requestStarted).milliseconds)
                        } catch {
                            tally.failures += 1
                            if tally.firstFailure == nil {
                                tally.firstFailure = String(describing: error)
                            }
                        }
                    }
                    return tally
                }
            }
            var all: [Tally] = []
            for await tally in group {
                all.append(tally)
            }
            return all
        }
        let elapsed = (clock.now - started).milliseconds / 1000
        let latencies = tallies.flatMap(\.latenciesMilliseconds).sorted()
        return RunResult(
            clientName: client.name,
            completedRequests: latencies.count,
            failedRequests: tallies.reduce(0) { $0 + $1.failures },
            elapsedSeconds: elapsed,
            latenciesMilliseconds: latencies,
            firstFailure: tallies.lazy.compactMap(\.firstFailure).first
        )
    }
}
