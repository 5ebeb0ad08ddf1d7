import Foundation
import ResonanceKit

/// Library cost without sockets: `JSONRequest.perform` against ``CannedTransport`` next to a bare
/// `JSONDecoder` decode of the same body, one request at a time, in interleaved rounds. The
/// difference per request is what ResonanceKit's pipeline adds on top of decoding.
///
/// ```swift
/// let exitCode = await InMemoryBenchmark(iterations: 20_000, rounds: 5).run()
/// ```
struct InMemoryBenchmark: Sendable {
    let iterations: Int
    let rounds: Int

    func run() async -> Int32 {
        let body = BenchPage.body(targetBytes: 1024)
        let baseURL = URL(string: "http://bench.invalid")!
        let transport = CannedTransport(body: body, url: baseURL.appendingPathComponent("bench/small"))
        let session = JSONSession(baseURL: baseURL, transport: transport)
        let request = JSONRequest<PeoplePage, ServerErrorBody>(method: .get, path: "bench/small", session: session)

        let expected: PeoplePage
        do {
            expected = try JSONDecoder().decode(PeoplePage.self, from: body)
            guard try await request.perform() == expected else {
                StandardError.write("error: JSONRequest.perform decoded a different page from the canned body; the comparison would be meaningless")
                return 1
            }
        } catch {
            StandardError.write("error: the canned page could not be fetched or decoded: \(error)")
            return 1
        }

        // Warm-up: first calls pay for metadata, lazy globals and allocator growth.
        _ = await measurePerform(request, iterations: max(1, iterations / 10))
        _ = measureDecode(body, iterations: max(1, iterations / 10))

        var performNanoseconds: [Double] = []
        var decodeNanoseconds: [Double] = []
        for round in 1...rounds {
            let perform = await measurePerform(request, iterations: iterations)
            let decode = measureDecode(body, iterations: iterations)
            guard let perform, let decode else {
                StandardError.write("error: a request or decode failed during round \(round)")
                return 1
            }
            performNanoseconds.append(perform)
            decodeNanoseconds.append(decode)
            StandardError.write("round \(round): perform \(Int(perform)) ns/request, JSONDecoder \(Int(decode)) ns/decode")
        }

        let performMedian = performNanoseconds.median
        let decodeMedian = decodeNanoseconds.median
        print("""
            ## In-memory client benchmark

            - `JSONRequest.perform` against a transport returning a canned \(body.count) B page at once, \
            one request at a time; \(rounds) round(s) of \(iterations) requests
            - baseline: `JSONDecoder().decode(PeoplePage.self, from:)` of the same bytes

            | Path | ns/request median | min | max |
            |---|---:|---:|---:|
            | `JSONDecoder` decode only | \(Int(decodeMedian)) | \(Int(decodeNanoseconds.min() ?? 0)) | \(Int(decodeNanoseconds.max() ?? 0)) |
            | ResonanceKit `JSONRequest.perform` | \(Int(performMedian)) | \(Int(performNanoseconds.min() ?? 0)) | \(Int(performNanoseconds.max() ?? 0)) |
            | pipeline overhead (difference) | \(Int(performMedian - decodeMedian)) | | |
            """)
        return 0
    }

    /// Mean nanoseconds per `perform`, or `nil` if one failed.
    private func measurePerform(_ request: JSONRequest<PeoplePage, ServerErrorBody>, iterations: Int) async -> Double? {
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<iterations {
            do {
                _ = try await request.perform()
            } catch {
                return nil
            }
        }
        return (clock.now - started).nanoseconds / Double(iterations)
    }

    /// Mean nanoseconds per decode with a fresh decoder, as the hand-written baselines do.
    private func measureDecode(_ body: Data, iterations: Int) -> Double? {
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<iterations {
            do {
                _ = try JSONDecoder().decode(PeoplePage.self, from: body)
            } catch {
                return nil
            }
        }
        return (clock.now - started).nanoseconds / Double(iterations)
    }
}
