import Foundation
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A thread-safe counter shared between transports and tests.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.withLock { count }
    }

    func increment() {
        lock.withLock { count += 1 }
    }
}

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
