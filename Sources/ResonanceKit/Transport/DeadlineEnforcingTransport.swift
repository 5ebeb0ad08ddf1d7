import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that enforces a deadline itself, with a timer on the request it already tracks.
///
/// The generic ``withDeadline(seconds:operation:)`` needs a task group with two child tasks per
/// attempt (the send and a sleeper), which costs two task creations and thread wake-ups per
/// request. A transport that owns its in-flight request can do the same with one timer.
///
/// Contract, the same as `withDeadline`: when `seconds` pass first, the request is cancelled and
/// `DeadlineExceeded` is thrown; cancelling the calling task ends the call at once.
///
/// ```swift
/// let (data, response) = try await URLSessionTransport.shared.send(request, deadlineSeconds: 30)
/// ```
protocol DeadlineEnforcingTransport: HTTPTransport {
    func send(_ request: URLRequest, deadlineSeconds: TimeInterval) async throws -> (Data, HTTPURLResponse)
}

extension HTTPTransport {
    /// Sends `request`, throwing `DeadlineExceeded` if it takes longer than `seconds`: with the
    /// transport's own timer when it has one, otherwise with ``withDeadline(seconds:operation:)``.
    func send(_ request: URLRequest, deadlineSeconds seconds: TimeInterval) async throws -> (Data, HTTPURLResponse) {
        if let enforcing = self as? any DeadlineEnforcingTransport {
            return try await enforcing.send(request, deadlineSeconds: seconds)
        }
        return try await withDeadline(seconds: seconds) {
            try await self.send(request)
        }
    }
}
