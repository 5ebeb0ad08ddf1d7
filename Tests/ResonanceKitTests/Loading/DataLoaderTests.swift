import Foundation
import ResonanceKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("DataLoader", .timeLimit(.minutes(1)))
struct DataLoaderTests {
    private let url = URL(string: "http://images.test/luke.png")!
    private let bytes = Data((0..<4096).map { UInt8($0 % 251) })

    /// Answers at once with the given statuses in order, repeating the last one.
    private func immediateTransport(statuses: [Int] = [200]) -> CountingTransport {
        let bytes = bytes
        let counter = StatusSequence(statuses)
        return CountingTransport(RecordingTransport { _ in
            let status = counter.next()
            return .init(status: status, headers: ["Content-Type": "image/png"], body: status == 200 ? bytes : Data("nope".utf8))
        })
    }

    /// Holds every download until the test opens its gate, then answers with the image.
    private func gatedTransport() -> GatedTransport {
        GatedTransport(reply: .init(status: 200, headers: ["Content-Type": "image/png"], body: bytes))
    }

    @Test("fifty concurrent requests for one URL share one download")
    func deduplication() async throws {
        let transport = gatedTransport()
        let loader = DataLoader(transport: transport)
        let callers = Callers(50, loader: loader, url: url)
        // All fifty wait for the one download, held at the gate, before it may answer.
        try #require(await eventually { await loader.waiterCount(for: url) == 50 }, "not all 50 callers joined the download")
        try #require(await eventually { transport.arrivals.value == 1 }, "the download never reached the transport")
        transport.gate.open()
        let results = try #require(await callers.results(), "a caller never returned")
        #expect(results.count == 50)
        #expect(results.allSatisfy { (try? $0.get()) == bytes })
        #expect(transport.arrivals.value == 1)
    }

    @Test("repeats are served from the cache")
    func cachedRepeats() async throws {
        let transport = immediateTransport()
        let loader = DataLoader(transport: transport)
        for _ in 0..<5 {
            #expect(try await loader.data(from: url) == bytes)
        }
        #expect(transport.count == 1)
        #expect(loader.cache.totalCost == bytes.count)
        let other = URL(string: "http://images.test/leia.png")!
        _ = try await loader.data(from: other)
        #expect(transport.count == 2)
    }

    @Test("failures are not cached: the next request downloads again")
    func failuresNotCached() async throws {
        let transport = immediateTransport(statuses: [500, 200])
        let loader = DataLoader(transport: transport)
        await #expect {
            try await loader.data(from: url)
        } throws: { error in
            guard case DataLoaderError.httpStatus(let failedURL, 500) = error else { return false }
            return failedURL == url
        }
        #expect(loader.cache.count == 0)
        #expect(try await loader.data(from: url) == bytes)
        #expect(transport.count == 2)
    }

    @Test("cancelling one waiter does not cancel the shared download for the others")
    func waiterCancellation() async throws {
        let transport = gatedTransport()
        let loader = DataLoader(transport: transport)
        let survivors = Callers(3, loader: loader, url: url)
        let cancelled = Callers(1, loader: loader, url: url)
        // All four wait for the one download, held at the gate, before one of them cancels.
        try #require(await eventually { await loader.waiterCount(for: url) == 4 }, "not all 4 callers joined the download")
        try #require(await eventually { transport.arrivals.value == 1 }, "the download never reached the transport")
        cancelled.cancel()
        let cancellation = try #require(await cancelled.results()?.first, "the cancelled caller never returned")
        guard case .failure(.cancelled) = cancellation else {
            Issue.record("expected .cancelled, got \(cancellation)")
            transport.gate.open()
            return
        }
        try #require(await loader.waiterCount(for: url) == 3, "the others no longer wait for the download")
        // The download was held until now: had it been cancelled, it would fail here, not answer.
        transport.gate.open()
        let results = try #require(await survivors.results(), "a remaining caller never returned")
        #expect(results.allSatisfy { (try? $0.get()) == bytes }, "\(results)")
        #expect(transport.arrivals.value == 1)
        #expect(loader.cache.count == 1)
    }

    @Test("when every waiter cancels, the download itself is cancelled; the next caller starts afresh")
    func lastWaiterCancelsTheDownload() async throws {
        let started = LockedCounter()
        let downloadCancelled = Latch()
        let bytes = bytes
        let transport = CountingTransport(RecordingTransport { _ in
            if started.increment() == 1 {
                // The first download never answers: only its cancellation ends it.
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    downloadCancelled.open()
                    throw error
                }
            }
            return .init(status: 200, headers: ["Content-Type": "image/png"], body: bytes)
        })
        let loader = DataLoader(transport: transport)
        let waiters = Callers(2, loader: loader, url: url)
        // Both wait for the download, which has reached the transport, before they cancel.
        try #require(await eventually { await loader.waiterCount(for: url) == 2 }, "not both callers joined the download")
        try #require(await eventually { started.value == 1 }, "the download never reached the transport")
        waiters.cancel()
        let results = try #require(await waiters.results(), "a cancelled caller never returned")
        for result in results {
            guard case .failure(.cancelled) = result else {
                Issue.record("expected .cancelled, got \(result)")
                continue
            }
        }
        #expect(await downloadCancelled.wait(within: 10), "the abandoned download kept running")
        #expect(await loader.waiterCount(for: url) == 0)
        #expect(try await loader.data(from: url) == bytes)
        #expect(transport.count == 2)
    }

    @Test("a download that never answers times out")
    func timeout() async {
        let loader = DataLoader(transport: SilentTransport(), timeout: 0.2)
        await #expect {
            try await loader.data(from: url)
        } throws: { error in
            if case DataLoaderError.timeout(_, 0.2) = error { return true }
            return false
        }
    }

    @Test("a status error's advice fits the status")
    func statusAdvice() {
        func text(_ status: Int) -> String { DataLoaderError.httpStatus(url, status).description }
        #expect(text(404) == "loading http://images.test/luke.png failed with status 404; check that the URL exists on the server")
        #expect(text(410).contains("check that the URL exists"))
        for status in [401, 403] {
            #expect(text(status).contains("credentials"), "\(text(status))")
            #expect(!text(status).contains("exists"), "\(text(status))")
        }
        for status in [500, 503] {
            #expect(text(status).contains("the server failed to answer"), "\(text(status))")
            #expect(!text(status).contains("exists"), "\(text(status))")
        }
        #expect(!text(400).contains("exists"))
        #expect(!text(429).contains("exists"))
    }

    @Test("a transport failure is said in words, without claiming no response arrived")
    func transportFailureInWords() async {
        let cut = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "transfer closed with 14 bytes remaining to read"])
        let loader = DataLoader(transport: FailingTransport(error: cut))
        do {
            _ = try await loader.data(from: url)
            Issue.record("expected a failure")
        } catch {
            #expect(error.description == "loading http://images.test/luke.png failed: the connection to images.test:80 was lost before the response was complete — the server closed it, crashed or restarted")
        }
    }

    @Test("a transport that ignores cancellation cannot hold a download past the loader's timeout")
    func timeoutWithStubbornTransport() async {
        let transport = CancellationIgnoringTransport()
        let loader = DataLoader(transport: transport, timeout: 0.2)
        await #expect {
            try await loader.data(from: url)
        } throws: { error in
            if case DataLoaderError.timeout(_, 0.2) = error { return true }
            return false
        }
        #expect(!transport.answered.isOpen, "the download waited for the transport's answer")
        transport.gate.open()
        #expect(await transport.answered.wait(within: 20), "the transport never finished in the background")
        #expect(loader.cache.value(forKey: url) == nil, "a late answer after the timeout must not be cached")
    }
}

/// Hands out the given statuses in order, repeating the last one.
// Unchecked: `statuses` is read and written only while holding `lock`.
private final class StatusSequence: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int]

    init(_ statuses: [Int]) {
        self.statuses = statuses
    }

    func next() -> Int {
        lock.withLock {
            statuses.count > 1 ? statuses.removeFirst() : statuses[0]
        }
    }
}

/// Callers of `loader.data(from:)`, each in a task of its own and counted as it returns, so that a
/// test waits for them with a hang guard: a caller the loader lost track of never returns.
private struct Callers {
    private let tasks: [Task<Result<Data, DataLoaderError>, Never>]
    private let returned = LockedCounter()

    init(_ count: Int, loader: DataLoader, url: URL) {
        let returned = returned
        tasks = (0..<count).map { _ in
            Task {
                defer { returned.increment() }
                do throws(DataLoaderError) {
                    return .success(try await loader.data(from: url))
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    func cancel() {
        for task in tasks {
            task.cancel()
        }
    }

    /// What every caller got, once all have returned; nil when they have not after `seconds`.
    func results(within seconds: Double = 10) async -> [Result<Data, DataLoaderError>]? {
        guard await eventually(within: seconds, { returned.value == tasks.count }) else { return nil }
        var results: [Result<Data, DataLoaderError>] = []
        for task in tasks {
            results.append(await task.value)
        }
        return results
    }
}
