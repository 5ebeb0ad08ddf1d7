import Logging
import MockFixtures
import MockServer
import MockUpstream

/// The forwarders of fixture entries with `"forward"`: one ``UpstreamForwarder`` per API, made
/// on first use and kept, all on one client (`--upstream-timeout`, `--cacert`, `--insecure`) and
/// with one name in `Via`, so a request that an entry forwards back to this same server answers
/// `508` instead of looping. Nothing is recorded.
///
/// ```swift
/// let forwarders = UpstreamForwarders(client: try UpstreamClient(), logger: logger)
/// let server = try MockHTTPServer(engine: engine, configuration: configuration, logger: logger, entryForwarders: forwarders)
/// ```
public final class UpstreamForwarders: EntryForwarderFactory {
    public let client: UpstreamClient
    private let logger: Logger
    private let pseudonym = UpstreamForwarder.newPseudonym()
    /// By ``UpstreamTarget/description`` (origin and base path). Entries name few APIs, so the
    /// table stays small; a runtime fixture naming a new one adds one.
    private let forwarders = LockedState<[String: UpstreamForwarder]>([:])

    public init(client: UpstreamClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    public func forwarder(to target: UpstreamTarget) -> any RequestForwarder {
        forwarders.withLock { forwarders in
            if let known = forwarders[target.description] { return known }
            let made = UpstreamForwarder(target: target, client: client, recorder: nil, logger: logger, pseudonym: pseudonym,
                                         configuredBy: "the entry's \"forward\"")
            forwarders[target.description] = made
            return made
        }
    }
}
