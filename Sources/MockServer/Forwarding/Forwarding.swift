/// How a server forwards requests no fixture answers: `mockserver --proxy-unmatched URL`, or
/// `mockserver record`, which serves no fixture and so forwards every request but the admin API.
///
/// ```swift
/// let proxy = Forwarding(forwarder: forwarder)                                   // fixtures first, the rest upstream
/// let recording = Forwarding(forwarder: forwarder, servesFixtures: false)        // with MockEngine(store: .empty(rootPath:))
/// let server = try MockHTTPServer(engine: engine, configuration: configuration, logger: logger, forwarding: proxy)
/// ```
public struct Forwarding: Sendable {
    public var forwarder: any RequestForwarder
    /// False for `mockserver record`: the engine's store is empty on purpose, and
    /// `POST /__admin/reload` is refused (409) instead of loading the folder being recorded into.
    public var servesFixtures: Bool

    public init(forwarder: any RequestForwarder, servesFixtures: Bool = true) {
        self.forwarder = forwarder
        self.servesFixtures = servesFixtures
    }
}
