import Foundation
import Logging
import MockFixtures
import MockProxy
import MockRecorder
import MockServer
import MockUpstream
import TestSupport

/// A mockserver in process that forwards what its fixtures do not answer to `upstream`:
/// `--proxy-unmatched` (fixtures in `root`, optionally recording into it), or `record` (no
/// fixtures; everything is forwarded and recorded into `root`).
final class ForwardingServer: @unchecked Sendable {
    enum Mode {
        case proxy(record: Bool)
        case record
    }

    let root: TemporaryFolder
    let server: MockHTTPServer
    let forwarder: UpstreamForwarder

    init(
        _ mode: Mode,
        upstream: String,
        fixtures: [String: String] = [:],
        redact: Set<String> = [],
        upstreamConfiguration: UpstreamConfiguration = UpstreamConfiguration(timeout: .seconds(10)),
        engineOptions: MockEngineOptions = MockEngineOptions(),
        threads: Int = 2,
        port: Int = 0
    ) throws {
        root = try TemporaryFolder(fixtures, label: "forwarding")
        let records: Bool
        let store: FixtureStore
        switch mode {
        case .proxy(let record):
            records = record
            store = try FixtureStore.load(root: root.path)
        case .record:
            records = true
            store = FixtureStore.empty(rootPath: root.path)
        }
        let recorder = records ? try FixtureRecorder(root: root.path, options: RecorderOptions(redactedKeys: redact)) : nil
        forwarder = UpstreamForwarder(target: try UpstreamTarget(parsing: upstream), client: try UpstreamClient(configuration: upstreamConfiguration),
                                      recorder: recorder, logger: Logger(label: "bridge-tests.forwarder"))
        var configuration = ServerConfiguration(port: port, logRequests: false)
        configuration.threadPoolSize = threads
        let servesFixtures: Bool
        if case .record = mode { servesFixtures = false } else { servesFixtures = true }
        server = try MockHTTPServer(engine: MockEngine(store: store, options: engineOptions), configuration: configuration,
                                    logger: Logger(label: "bridge-tests.forwarding"),
                                    forwarding: Forwarding(forwarder: forwarder, servesFixtures: servesFixtures))
    }

    deinit {
        server.stop()
        // The root is a throwaway folder: its recording lock file would otherwise stay in /tmp.
        if let recorder = forwarder.recorder { try? FileManager.default.removeItem(atPath: recorder.lockFilePath) }
    }

    var url: String { server.url.absoluteString }

    /// One request through a fresh client; returns the status, headers and body. The test
    /// suspends meanwhile rather than holding one of the few cooperative threads.
    func send(_ method: String = "GET", _ target: String, headers: [HTTPHeader] = [], body: String = "") async throws -> UpstreamResponse {
        try await UpstreamClient().forward(UpstreamRequest(method: method, url: url + target, headers: headers, body: Array(body.utf8)))
    }

    /// The journal's `outcome` of every request so far, oldest first.
    var outcomes: [String] {
        let journal = server.engine.respond(method: "GET", target: "/__admin/requests", headers: NoHeaders(), body: [])
        guard let object = try? JSONSerialization.jsonObject(with: Data(journal.body)) as? [String: Any],
              let requests = object["requests"] as? [[String: Any]] else { return [] }
        return requests.compactMap { $0["outcome"] as? String }
    }
}

/// How many requests the in-process upstream has received (its own journal).
extension LocalUpstream {
    var requestCount: Int {
        let journal = server.engine.respond(method: "GET", target: "/__admin/requests", headers: NoHeaders(), body: [])
        let object = try? JSONSerialization.jsonObject(with: Data(journal.body)) as? [String: Any]
        return (object?["requests"] as? [Any])?.count ?? -1
    }
}
