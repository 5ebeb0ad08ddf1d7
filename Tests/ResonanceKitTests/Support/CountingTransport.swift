import Foundation
import ResonanceKit
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Wraps a transport and counts the requests that reach it.
struct CountingTransport: HTTPTransport {
    private let base: any HTTPTransport
    let counter: LockedCounter

    init(_ base: any HTTPTransport, counter: LockedCounter = LockedCounter()) {
        self.base = base
        self.counter = counter
    }

    var count: Int {
        counter.value
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        counter.increment()
        return try await base.send(request)
    }
}

/// Wraps a transport and records when each request started and ended, so a test can
/// measure the client's own wait between attempts without the server's speed in it.
// Unchecked: every mutable property is read and written only while holding `lock`.
final class TimingTransport: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var recorded: [(start: ContinuousClock.Instant, end: ContinuousClock.Instant)] = []

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    var exchanges: [(start: ContinuousClock.Instant, end: ContinuousClock.Instant)] {
        lock.withLock { recorded }
    }

    /// The gaps between one request's end and the next one's start.
    var waits: [Duration] {
        let exchanges = exchanges
        return zip(exchanges, exchanges.dropFirst()).map { $1.start - $0.end }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let start = ContinuousClock.now
        defer {
            let end = ContinuousClock.now
            lock.withLock { recorded.append((start, end)) }
        }
        return try await base.send(request)
    }
}

/// A value set from a `@Sendable` closure and read afterwards.
// Unchecked: every mutable property is read and written only while holding `lock`.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        self.stored = value
    }

    var value: Value {
        lock.withLock { stored }
    }

    func set(_ value: Value) {
        lock.withLock { stored = value }
    }
}
