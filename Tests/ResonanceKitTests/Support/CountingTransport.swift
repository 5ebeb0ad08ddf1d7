import Foundation
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Wraps a transport and counts the requests that reach it.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var sent = 0

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    var count: Int {
        lock.withLock { sent }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { sent += 1 }
        return try await base.send(request)
    }
}
