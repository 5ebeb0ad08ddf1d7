import ResonanceKit
import MockServer
import ResonanceKitTesting

extension MockHTTPServer {
    /// Sends entries' `"webhooks"` through `transport` (`URLSessionTransport.shared` by default),
    /// as `mockserver` sends them with its own client; an in-process server sends none until
    /// told how (each is listed `failed`, saying so).
    ///
    /// ```swift
    /// let server = try MockHTTPServer(root: FixtureRoot.path("Mocks"))
    /// server.sendWebhooks()
    /// // … POST /api/orders answers, then its webhook reaches the app's callback URL …
    /// ```
    public func sendWebhooks(through transport: any HTTPTransport = URLSessionTransport.shared) {
        engine.setWebhookSender(TransportWebhookSender(transport: transport))
    }
}
