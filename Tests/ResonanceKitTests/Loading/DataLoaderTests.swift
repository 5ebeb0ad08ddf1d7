import Foundation
import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("DataLoader", .timeLimit(.minutes(1)))
struct DataLoaderTests {
    private let url = URL(string: "http://images.test/luke.png")!
    private let bytes = Data((0..<4096).map { UInt8($0 % 251) })

    private func slowTransport(delay: Duration = .milliseconds(200), statuses: [Int] = [200]) -> CountingTransport {
        let bytes = bytes
        let counter = StatusSequence(statuses)
        return CountingTransport(RecordingTransport { _ in
            try await Task.sleep(for: delay)
            let status = counter.next()
            return .init(status: status, headers: ["Content-Type": "image/png"], body: status == 200 ? bytes : Data("nope".utf8))
        })
    }

    @Test("fifty concurrent requests for one URL share one download")
    func deduplication() async throws {
        let transport = slowTransport()
        let loader = DataLoader(transport: transport)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<50 {
                group.addTask { try await loader.data(from: url) }
            }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0 == bytes })
        #expect(transport.count == 1)
    }

    @Test("repeats are served from the cache")
    func cachedRepeats() async throws {
        let transport = slowTransport(delay: .zero)
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
        let transport = slowTransport(delay: .zero, statuses: [500, 200])
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
        let transport = slowTransport(delay: .milliseconds(400))
        let loader = DataLoader(transport: transport)
        let url = url
        let survivors = (0..<3).map { _ in Task { try await loader.data(from: url) } }
        let cancelled = Task { () -> DataLoaderError? in
            do throws(DataLoaderError) {
                _ = try await loader.data(from: url)
                return nil
            } catch {
                return error
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        cancelled.cancel()
        let cancellationError = await cancelled.value
        #expect(clock.now - cancelledAt < .seconds(60), "a hang guard: .cancelled below is the check")
        guard case .cancelled = cancellationError else {
            Issue.record("expected .cancelled, got \(String(describing: cancellationError))")
            return
        }
        for survivor in survivors {
            #expect(try await survivor.value == bytes)
        }
        #expect(transport.count == 1)
        #expect(loader.cache.count == 1)
    }

    @Test("when every waiter cancels, the download itself is cancelled; the next caller starts afresh")
    func lastWaiterCancelsTheDownload() async throws {
        let probe = DownloadProbe()
        let bytes = bytes
        let transport = CountingTransport(RecordingTransport { _ in
            if await probe.startDownload() == 1 {
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    await probe.recordCancellation()
                    throw error
                }
            }
            return .init(status: 200, headers: ["Content-Type": "image/png"], body: bytes)
        })
        let loader = DataLoader(transport: transport)
        let url = url
        let waiters = (0..<2).map { _ in Task { try await loader.data(from: url) } }
        while await probe.started == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        for waiter in waiters {
            waiter.cancel()
        }
        for waiter in waiters {
            await #expect(throws: DataLoaderError.self) { try await waiter.value }
        }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while await !probe.cancelled, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await probe.cancelled, "the abandoned download kept running")
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

/// Counts downloads a test transport starts and remembers whether one was cancelled.
private actor DownloadProbe {
    private(set) var started = 0
    private(set) var cancelled = false

    func startDownload() -> Int {
        started += 1
        return started
    }

    func recordCancellation() {
        cancelled = true
    }
}
