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
        let url = url
        let callers = (0..<50).map { _ in Task { try await loader.data(from: url) } }
        // All fifty wait for the one download, held at the gate, before it may answer.
        #expect(await eventually { await loader.waiterCount(for: url) == 50 }, "not all 50 callers joined the download")
        #expect(await eventually { transport.arrivals.value == 1 }, "the download never reached the transport")
        transport.gate.open()
        var results: [Data] = []
        for caller in callers {
            results.append(try await caller.value)
        }
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0 == bytes })
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
        // All four wait for the one download, held at the gate, before one of them cancels.
        #expect(await eventually { await loader.waiterCount(for: url) == 4 }, "not all 4 callers joined the download")
        #expect(await eventually { transport.arrivals.value == 1 }, "the download never reached the transport")
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        cancelled.cancel()
        let cancellationError = await cancelled.value
        #expect(clock.now - cancelledAt < .seconds(60), "a hang guard: .cancelled below is the check")
        guard case .cancelled = cancellationError else {
            Issue.record("expected .cancelled, got \(String(describing: cancellationError))")
            transport.gate.open()
            return
        }
        #expect(await loader.waiterCount(for: url) == 3, "the others still wait for the download")
        // The download was held until now: a cancelled one would fail here, not answer.
        transport.gate.open()
        for survivor in survivors {
            #expect(try await survivor.value == bytes)
        }
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
        let url = url
        let waiters = (0..<2).map { _ in Task { try await loader.data(from: url) } }
        // Both wait for the download, which has reached the transport, before they cancel.
        #expect(await eventually { await loader.waiterCount(for: url) == 2 }, "not both callers joined the download")
        #expect(await eventually { started.value == 1 }, "the download never reached the transport")
        for waiter in waiters {
            waiter.cancel()
        }
        for waiter in waiters {
            await #expect(throws: DataLoaderError.self) { try await waiter.value }
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
