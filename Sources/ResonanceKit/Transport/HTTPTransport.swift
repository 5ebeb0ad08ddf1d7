import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request and returns the complete response.
///
/// ``URLSessionTransport`` is the default; `AsyncHTTPClientTransport` (ResonanceKitAsyncHTTPClient)
/// serves server-side Swift; tests substitute fakes or `FixtureTransport` (ResonanceKitTesting).
///
/// What ``JSONSession`` expects of a transport:
/// - Return promptly with an error when the calling task is cancelled. The session's timeout and
///   cancellation cancel `send` and end the request at once, whether or not `send` reacts: a
///   transport that ignores cancellation (or never answers) cannot hold a request past its
///   deadline, but its work goes on in the background until it ends, and its answer is dropped.
/// - Return 3xx responses as they are, without following them: the session follows redirects
///   itself, by its ``RedirectPolicy``, so the rules are the same with every transport.
/// - Report network failures as `URLError`s (`.cannotConnectToHost`, `.networkConnectionLost`,
///   …), so ``RetryPolicy`` retries them and ``TransportFailure`` says what happened.
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
