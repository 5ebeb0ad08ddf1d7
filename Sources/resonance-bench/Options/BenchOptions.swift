import Foundation

/// The command line of `resonance-bench`, parsed by hand: the target depends on ResonanceKit and
/// Foundation only.
///
/// ```swift
/// let options = try BenchOptions.parse(["--url", "http://127.0.0.1:8080", "--rounds", "3"])
/// ```
struct BenchOptions: Sendable, Equatable {
    /// Base URL of a running mockserver (or any server answering `path` with the benchmark page).
    var baseURL: URL
    /// Path of the benchmark fixture under `baseURL`, without a leading slash.
    var path = "bench/small"
    var rounds = 5
    var secondsPerRun = 3
    var warmupSeconds = 2
    /// Requests in flight at once, one task each; the comparison runs once per level.
    var concurrencyLevels = [8]
    /// Measure how exactly timeouts fire instead of throughput.
    var timeouts = false
    /// Requests per timeout value with `--timeouts`.
    var timeoutSamples = 20
    /// Measure the library pipeline against an in-memory transport instead of a server.
    var inMemory = false
    /// Requests per round in `--in-memory` mode.
    var iterations = 20_000

    static let usage = """
        usage: resonance-bench --url URL [--path PATH] [--rounds N] [--seconds S] [--warmup S] [--concurrency N[,N…]]
               resonance-bench --url URL --timeouts [--path PATH] [--samples N]
               resonance-bench --in-memory [--rounds N] [--iterations N]

        Requests/s of ResonanceKit's JSONRequest.perform over URLSessionTransport and over
        AsyncHTTPClientTransport, against hand-written URLSession.data(for:), URLSession.dataTask and
        AsyncHTTPClient loops with JSONDecoder doing the same work, against a running mockserver, in
        interleaved rounds. data(for:) is the baseline of the ratio.
        scripts/bench-client.sh builds everything, starts mockserver with generated fixtures and runs this.

          --url URL          base URL of the server, e.g. http://127.0.0.1:8080 (required)
          --path PATH        fixture path to GET (default bench/small; its body must be the
                             {"count", "results"} page written by scripts/bench/make_fixtures.py)
          --rounds N         interleaved rounds per client (default 5)
          --seconds S        length of each measured run (default 3)
          --warmup S         warm-up per client before measuring (default 2)
          --concurrency N    requests in flight at once (default 8); a list such as 1,64 runs the
                             whole comparison once per level
          --timeouts         measure timeouts instead: for T in 0.2, 0.5, 1.5 and 2.5 s, when a request
                             to PATH?ms=5000 (a fixture answering after 5 s) fails, per transport, next
                             to raw URLSession with timeoutInterval = T; then 1,000 requests to PATH
                             (a fast answer) with T = 0.3 s, counting timeouts. PATH defaults to bench/delay
          --samples N        requests per timeout value with --timeouts (default 20, run concurrently)
          --in-memory        no server: time JSONRequest.perform against a transport returning a
                             canned ~1.2 KB page at once, next to a bare JSONDecoder decode, and
                             print ns/request (the library's own cost per request)
          --iterations N     requests per round with --in-memory (default 20000)
          -h, --help         show this help
        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(BenchOptionsError) -> BenchOptions {
        var url: URL?
        var options = BenchOptions(baseURL: URL(fileURLWithPath: "/"))
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            if flag == "-h" || flag == "--help" {
                throw .helpRequested
            }
            guard flag.hasPrefix("--") else {
                throw .unexpectedArgument(flag)
            }
            if flag == "--in-memory" {
                options.inMemory = true
                continue
            }
            if flag == "--timeouts" {
                options.timeouts = true
                continue
            }
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw .missingValue(flag: flag)
            }
            switch flag {
            case "--url": url = try parseURL(value)
            case "--path": options.path = String(value.drop(while: { $0 == "/" }))
            case "--rounds": options.rounds = try parseCount(value, flag: flag, range: 1...50)
            case "--seconds": options.secondsPerRun = try parseCount(value, flag: flag, range: 1...120)
            case "--warmup": options.warmupSeconds = try parseCount(value, flag: flag, range: 0...120)
            case "--concurrency":
                options.concurrencyLevels = try value.split(separator: ",", omittingEmptySubsequences: false).map { level throws(BenchOptionsError) in
                    try parseCount(String(level), flag: flag, range: 1...256)
                }
            case "--samples": options.timeoutSamples = try parseCount(value, flag: flag, range: 1...200)
            case "--iterations": options.iterations = try parseCount(value, flag: flag, range: 1...10_000_000)
            default: throw .unknownFlag(flag)
            }
        }
        if let url {
            options.baseURL = url
        } else if !options.inMemory {
            throw .missingURL
        }
        if options.timeouts, !arguments.contains("--path") {
            options.path = "bench/delay"
        }
        return options
    }

    private static func parseURL(_ text: String) throws(BenchOptionsError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil
        else {
            throw .invalidURL(text)
        }
        return url
    }

    private static func parseCount(_ text: String, flag: String, range: ClosedRange<Int>) throws(BenchOptionsError) -> Int {
        guard let count = Int(text), range.contains(count) else {
            throw .outOfRange(flag: flag, value: text, range: range)
        }
        return count
    }
}
