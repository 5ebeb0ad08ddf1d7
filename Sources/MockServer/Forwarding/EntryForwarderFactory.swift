import MockFixtures

/// Gives a server the forwarders of fixture entries with `"forward"` (one per API): the server
/// parks the connection and forwards through ``forwarder(to:)`` as it does for `--proxy-unmatched`.
/// `mockserver` passes `MockProxy.UpstreamForwarders`; a server without one answers such entries
/// `502`, saying so.
///
/// ```swift
/// struct Teapots: EntryForwarderFactory {
///     func forwarder(to target: UpstreamTarget) -> any RequestForwarder { Teapot() }
/// }
/// let server = try MockHTTPServer(engine: engine, configuration: configuration, logger: logger, entryForwarders: Teapots())
/// ```
public protocol EntryForwarderFactory: Sendable {
    /// The forwarder to `target`. Called for every forwarded request, from worker threads at
    /// once: keep one forwarder per target (so its connections, and its loop detection, last).
    func forwarder(to target: UpstreamTarget) -> any RequestForwarder
}
