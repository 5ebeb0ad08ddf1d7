import Foundation
import ResonanceKit
import ResonanceKitAsyncHTTPClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How exactly timeouts fire: for T in 0.2, 0.5, 1.5 and 2.5 s, requests to a fixture that answers
/// after 5 s must fail between T and T + 0.25 s; 1,000 requests to a fast fixture with T = 0.3 s
/// must all succeed. Raw URLSession with `timeoutInterval = T` runs alongside to show what Linux
/// URLSession's whole-second timer does on its own.
///
/// ```swift
/// let exitCode = await TimeoutBenchmark(options: options).run()
/// ```
struct TimeoutBenchmark: Sendable {
    let options: BenchOptions

    static let timeouts: [TimeInterval] = [0.2, 0.5, 1.5, 2.5]
    static let allowedLateness: TimeInterval = 0.25
    static let fastRequests = 1_000
    static let fastTimeout: TimeInterval = 0.3

    /// One way of sending with a timeout: `nil` when the request succeeded, else why it failed.
    private struct Sender: Sendable {
        let name: String
        let send: @Sendable (_ query: [String: String], _ timeout: TimeInterval) async -> String?
    }

    func run() async -> Int32 {
        let ahcTransport = AsyncHTTPClientTransport()
        let rawSession = URLSession(configuration: .benchmarkBaseline)
        let senders = [
            Sender(name: "raw `URLSession.dataTask`, `timeoutInterval` = T") { query, timeout in
                await Self.rawSend(rawSession, url: makeURL(query), timeout: timeout)
            },
            sessionSender(name: "`URLSessionTransport`, `JSONSession.timeout` = T", transport: URLSessionTransport.shared),
            sessionSender(name: "`AsyncHTTPClientTransport`, `JSONSession.timeout` = T", transport: ahcTransport),
        ]

        var lines = [
            "## Timeouts",
            "",
            "- GET \(makeURL(["ms": "5000"]).absoluteString) (answers after 5 s), \(options.timeoutSamples) requests at once per T;"
                + " a request should fail between T and T + \(Self.allowedLateness) s",
            "- then \(Self.fastRequests) sequential GETs of \(makeURL([:]).absoluteString) (answers at once) with T = \(Self.fastTimeout) s;"
                + " none should time out",
            "",
            "| Client | T s | failed at: min s | median s | max s | within [T, T+\(Self.allowedLateness)] | before T | succeeded |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        var deadlinesMissed = 0
        for sender in senders {
            for timeout in Self.timeouts {
                let samples = await measureSlow(sender, timeout: timeout)
                let failedAt = samples.filter { $0.failure != nil }.map(\.seconds).sorted()
                let within = failedAt.filter { $0 >= timeout && $0 <= timeout + Self.allowedLateness }.count
                let early = failedAt.filter { $0 < timeout }.count
                if sender.name.contains("Transport`") { deadlinesMissed += samples.count - within }
                lines.append("| \(sender.name) | \(timeout) | \(Self.format(failedAt.first)) | \(Self.format(failedAt.isEmpty ? nil : failedAt.median)) | "
                    + "\(Self.format(failedAt.last)) | \(within)/\(samples.count) | \(early) | \(samples.count - failedAt.count) |")
                StandardError.write("\(sender.name), T = \(timeout) s: \(within)/\(samples.count) within the window, \(early) early")
            }
        }
        lines += [
            "",
            "| Client | T s | requests | timed out or failed | slowest s | first failure |",
            "|---|---:|---:|---:|---:|---|",
        ]
        for sender in senders {
            let (failures, slowest, first) = await measureFast(sender)
            if sender.name.contains("Transport`") { deadlinesMissed += failures }
            lines.append("| \(sender.name) | \(Self.fastTimeout) | \(Self.fastRequests) | \(failures) | \(Self.format(slowest)) | \(first ?? "") |")
            StandardError.write("\(sender.name), \(Self.fastRequests) fast requests with T = \(Self.fastTimeout) s: \(failures) failed")
        }
        try? await ahcTransport.shutdown()
        rawSession.finishTasksAndInvalidate()
        print(lines.joined(separator: "\n"))
        if deadlinesMissed > 0 {
            StandardError.write("note: \(deadlinesMissed) request(s) through ResonanceKit's transports missed their window; on a busy machine timers wake late, see the table")
        }
        return 0
    }

    private func makeURL(_ query: [String: String]) -> URL {
        var components = URLComponents(url: options.baseURL.appendingPathComponent(options.path), resolvingAgainstBaseURL: false)!
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.key, value: $0.value) }
        return components.url!
    }

    private func sessionSender(name: String, transport: any HTTPTransport) -> Sender {
        let baseURL = options.baseURL
        let path = options.path
        return Sender(name: name) { query, timeout in
            var session = JSONSession(baseURL: baseURL, transport: transport)
            session.timeout = timeout
            do throws(RequestError<Data>) {
                _ = try await session.send(HTTPRequest(path: path, queryItems: query.map { URLQueryItem(name: $0.key, value: $0.value) }, validatesStatus: true))
                return nil
            } catch {
                return error.description
            }
        }
    }

    private static func rawSend(_ session: URLSession, url: URL, timeout: TimeInterval) async -> String? {
        let request = URLRequest(url: url, timeoutInterval: timeout)
        return await withCheckedContinuation { continuation in
            session.dataTask(with: request) { _, response, error in
                if let error {
                    continuation.resume(returning: "\(error)")
                } else if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
                    continuation.resume(returning: "status \(status)")
                } else {
                    continuation.resume(returning: nil)
                }
            }.resume()
        }
    }

    /// `timeoutSamples` requests at once to the slow fixture: when each ended, and how.
    private func measureSlow(_ sender: Sender, timeout: TimeInterval) async -> [(seconds: Double, failure: String?)] {
        await withTaskGroup(of: (Double, String?).self) { group in
            for _ in 0..<options.timeoutSamples {
                group.addTask {
                    let started = ContinuousClock.now
                    let failure = await sender.send(["ms": "5000"], timeout)
                    return ((ContinuousClock.now - started).milliseconds / 1000, failure)
                }
            }
            return await group.reduce(into: []) { $0.append((seconds: $1.0, failure: $1.1)) }
        }
    }

    /// `fastRequests` sequential requests with the short timeout: failures, slowest, first failure.
    private func measureFast(_ sender: Sender) async -> (Int, Double, String?) {
        var failures = 0
        var slowest = 0.0
        var first: String?
        for _ in 0..<Self.fastRequests {
            let started = ContinuousClock.now
            let failure = await sender.send([:], Self.fastTimeout)
            slowest = max(slowest, (ContinuousClock.now - started).milliseconds / 1000)
            if let failure {
                failures += 1
                first = first ?? String(failure.prefix(120))
            }
        }
        return (failures, slowest, first)
    }

    private static func format(_ seconds: Double?) -> String {
        seconds.map { String(format: "%.3f", $0) } ?? "–"
    }
}
