import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request and returns the complete response.
///
/// ``URLSessionTransport`` is the default; tests substitute fakes or `FixtureTransport`
/// (ResonanceKitTesting). Implementations must return promptly with an error when the calling
/// task is cancelled: the session's timeout and cancellation both work by cancelling `send`.
///
/// ```swift
/// struct CountingTransport: HTTPTransport {
///     let base: any HTTPTransport
///     let counter: RequestCounter
///     func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
///         await counter.increment()
///         return try await base.send(request)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response body and head, whatever the status code.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}
