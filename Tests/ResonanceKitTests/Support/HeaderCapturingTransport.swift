import Foundation
import ResonanceKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Wraps a transport and keeps the headers of every request that reaches it.
// Unchecked: every mutable property is read and written only while holding `lock`.
final class HeaderCapturingTransport: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var captured: [[String: String]] = []

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    var headers: [[String: String]] {
        lock.withLock { captured }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { captured.append(request.allHTTPHeaderFields ?? [:]) }
        return try await base.send(request)
    }
}

extension LockedBox where Value == HeaderCapturingTransport? {
    /// For `withSession(wrapping:)`: wraps the backend's transport and keeps the wrapper here.
    @Sendable func capturingHeaders(_ base: any HTTPTransport) -> any HTTPTransport {
        let transport = HeaderCapturingTransport(base)
        set(transport)
        return transport
    }
}
