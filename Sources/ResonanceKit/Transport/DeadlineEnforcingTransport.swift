import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that enforces a deadline itself, with a timer on the request it already tracks,
/// and may report when the first byte of the response arrived.
///
/// The generic ``withDeadline(seconds:operation:)`` needs a task for the send and a timer per
/// attempt. A transport that owns its in-flight request can do the same with one timer.
///
/// Contract, the same as `withDeadline`: when `seconds` pass first, the request is cancelled and
/// `DeadlineExceeded` is thrown at once; cancelling the calling task ends the call at once. The deadline
/// is exact: no timer of the underlying library may end the request earlier (Linux URLSession
/// cuts `URLRequest.timeoutInterval` to whole seconds, so it must not be the one timing out).
///
/// ```swift
/// let exchange = try await URLSessionTransport.shared.exchange(request, deadlineSeconds: 0.5)
/// ```
package protocol DeadlineEnforcingTransport: HTTPTransport {
    func exchange(_ request: URLRequest, deadlineSeconds: TimeInterval) async throws -> TransportResponse
}

extension HTTPTransport {
    /// Sends `request`, throwing `DeadlineExceeded` if it takes longer than `seconds`: with the
    /// transport's own timer when it has one, otherwise with ``withDeadline(seconds:operation:)``.
    package func exchange(_ request: URLRequest, deadlineSeconds seconds: TimeInterval) async throws -> TransportResponse {
        if let enforcing = self as? any DeadlineEnforcingTransport {
            return try await enforcing.exchange(request, deadlineSeconds: seconds)
        }
        let (body, head) = try await withDeadline(seconds: seconds) {
            try await self.send(request)
        }
        return TransportResponse(body: body, head: head)
    }
}
