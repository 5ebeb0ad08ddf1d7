import AsyncHTTPClient
import Foundation
import ResonanceKitAsyncHTTPClient

/// Checks that every client fetches the same page, warms them up, then measures them in
/// interleaved rounds (the order reverses every other round so none always runs first), once
/// per concurrency level. The first client, `URLSession.data(for:)`, is the baseline of the ratio.
///
/// ```swift
/// let exitCode = await ClientBenchmark(options: options).run()
/// ```
struct ClientBenchmark: Sendable {
    let options: BenchOptions

    /// Runs the benchmark, prints the report to stdout and returns the process exit code.
    func run() async -> Int32 {
        let pageURL = Self.join(options.baseURL, options.path)
        // Both AsyncHTTPClient rows use a client configured the same way, each its own pool.
        let rawClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: AsyncHTTPClientTransport.defaultConfiguration())
        let ahcTransport = AsyncHTTPClientTransport()
        defer {
            rawClient.shutdown { _ in }
        }
        let clients: [any BenchClient] = [
            URLSessionClient(url: pageURL),
            DataTaskClient(url: pageURL),
            ResonanceKitClient(baseURL: options.baseURL, path: options.path),
            AsyncHTTPClientClient(url: pageURL, client: rawClient),
            ResonanceKitClient(baseURL: options.baseURL, path: options.path, transport: ahcTransport,
                               name: "`JSONRequest.perform` over `AsyncHTTPClientTransport`"),
        ]
        guard await clientsAgree(clients, pageURL: pageURL) else {
            try? await ahcTransport.shutdown()
            return 1
        }
        var failures = 0
        for concurrency in options.concurrencyLevels {
            failures += await measure(clients, concurrency: concurrency, pageURL: pageURL)
        }
        try? await ahcTransport.shutdown()
        if failures > 0 {
            StandardError.write("error: \(failures) request(s) failed during the measured runs; see the report")
            return 1
        }
        return 0
    }

    /// Warms up and measures every client with `concurrency` requests in flight, prints the
    /// report and returns the number of failed requests.
    private func measure(_ clients: [any BenchClient], concurrency: Int, pageURL: URL) async -> Int {
        let measuredRun = LoadRun(concurrency: concurrency, duration: .seconds(options.secondsPerRun))
        if options.warmupSeconds > 0 {
            let warmup = LoadRun(concurrency: concurrency, duration: .seconds(options.warmupSeconds))
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
                    "\(concurrency) in flight, round \(round): \(result.clientName): \(Int(result.requestsPerSecond)) req/s, "
                        + "p50 \(Int(result.latencyPercentile(50) * 1000)) µs, \(result.failedRequests) failed")
            }
        }

        let summaries = zip(clients, runs).map { ClientSummary(name: $0.name, runs: $1) }
        let mode = concurrency == 1 ? "sequential (1 request in flight)" : "\(concurrency) requests in flight"
        let report = BenchReport(
            title: "Client benchmark: \(mode)",
            details: [
                "GET \(pageURL.absoluteString), decoded into `PeoplePage` by every client",
                "\(options.rounds) interleaved round(s) of \(options.secondsPerRun) s per client, "
                    + "\(concurrency) requests in flight, \(options.warmupSeconds) s warm-up per client",
            ],
            summaries: summaries
        )
        print(report.markdown)
        print()
        return summaries.reduce(0) { $0 + $1.failures }
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
