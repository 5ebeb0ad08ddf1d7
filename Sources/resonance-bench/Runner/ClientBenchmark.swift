import Foundation

/// Checks that every client fetches the same page, warms them up, then measures them in
/// interleaved rounds (the order reverses every other round so none always runs first).
/// The first client, `URLSession.data(for:)`, is the baseline of the ratio.
///
/// ```swift
/// let exitCode = await ClientBenchmark(options: options).run()
/// ```
struct ClientBenchmark: Sendable {
    let options: BenchOptions

    /// Runs the benchmark, prints the report to stdout and returns the process exit code.
    func run() async -> Int32 {
        let pageURL = Self.join(options.baseURL, options.path)
        let clients: [any BenchClient] = [
            URLSessionClient(url: pageURL),
            DataTaskClient(url: pageURL),
            ResonanceKitClient(baseURL: options.baseURL, path: options.path),
        ]
        guard await clientsAgree(clients, pageURL: pageURL) else {
            return 1
        }

        let measuredRun = LoadRun(concurrency: options.concurrency, duration: .seconds(options.secondsPerRun))
        if options.warmupSeconds > 0 {
            let warmup = LoadRun(concurrency: options.concurrency, duration: .seconds(options.warmupSeconds))
            for client in clients {
                _ = await warmup.measure(client)
            }
        }
        var runs: [[RunResult]] = Array(repeating: [], count: clients.count)
        for round in 1...options.rounds {
            let order = round.isMultiple(of: 2) ? Array(clients.indices.reversed()) : Array(clients.indices)
            for index in order {
                let result = await measuredRun.measure(clients[index])
                runs[index].append(result)
                StandardError.write(
                    "round \(round): \(result.clientName): \(Int(result.requestsPerSecond)) req/s, "
                        + "p50 \(Int(result.latencyPercentile(50) * 1000)) µs, \(result.failedRequests) failed")
            }
        }

        let summaries = zip(clients, runs).map { ClientSummary(name: $0.name, runs: $1) }
        let report = BenchReport(
            title: "Client benchmark",
            details: [
                "GET \(pageURL.absoluteString), decoded into `PeoplePage` by every client",
                "\(options.rounds) interleaved round(s) of \(options.secondsPerRun) s per client, "
                    + "\(options.concurrency) requests in flight, \(options.warmupSeconds) s warm-up per client",
            ],
            summaries: summaries
        )
        print(report.markdown)
        let failures = summaries.reduce(0) { $0 + $1.failures }
        if failures > 0 {
            StandardError.write("error: \(failures) request(s) failed during the measured runs; see the report")
            return 1
        }
        return 0
    }

    /// Fetches the page once with every client; all must succeed and decode equal values.
    private func clientsAgree(_ clients: [any BenchClient], pageURL: URL) async -> Bool {
        var pages: [PeoplePage] = []
        for client in clients {
            do {
                pages.append(try await client.fetchPage())
            } catch {
                StandardError.write(
                    "error: \(client.name) could not fetch \(pageURL.absoluteString): \(error). "
                        + "Is mockserver running there and serving the page from scripts/bench/make_fixtures.py?")
                return false
            }
        }
        guard pages.dropFirst().allSatisfy({ $0 == pages[0] }) else {
            StandardError.write("error: the clients decoded different pages from \(pageURL.absoluteString); the comparison would be meaningless")
            return false
        }
        return true
    }

    /// `base` + `/` + `path` with exactly one slash between them, as ResonanceKit resolves paths.
    private static func join(_ base: URL, _ path: String) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") {
            text.removeLast()
        }
        return URL(string: text + "/" + path) ?? base
    }
}
