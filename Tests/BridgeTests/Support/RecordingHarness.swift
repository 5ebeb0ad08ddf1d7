import Foundation
import Logging
import MockFixtures
import MockRecorder
import MockServer
import MockUpstream
import TestSupport
import Testing

/// A fixture root to record into, and the means to replay it: load it as the server does, serve
/// it, and fetch from it.
final class RecordingHarness: @unchecked Sendable {
    let root: TemporaryFolder
    let recorder: FixtureRecorder

    init(options: RecorderOptions = RecorderOptions(), existing files: [String: String] = [:]) throws {
        root = try TemporaryFolder(files, label: "recorded")
        recorder = try FixtureRecorder(root: root.path, options: options)
    }

    deinit {
        // The root is a throwaway folder: its lock file would otherwise stay in /tmp for good.
        try? FileManager.default.removeItem(atPath: recorder.lockFilePath)
    }

    /// Records one exchange. With `json`, that text is the body and `headers` default to
    /// `Content-Type: application/json`; otherwise `body` is sent with `headers` (default none).
    @discardableResult
    func record(
        _ method: String,
        _ target: String,
        requestHeaders: [String: String] = [:],
        requestBody: String = "",
        status: Int = 200,
        headers: [String: String]? = nil,
        json: String? = nil,
        body: [UInt8] = []
    ) throws -> RecordOutcome {
        let responseHeaders = headers ?? (json == nil ? [:] : ["Content-Type": "application/json"])
        return try recorder.record(RecordedExchange(
            method: method, target: target,
            requestHeaders: requestHeaders.map { HTTPHeader(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name },
            requestBody: Array(requestBody.utf8), status: status,
            responseHeaders: responseHeaders.map { HTTPHeader(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name },
            responseBody: json.map { Array($0.utf8) } ?? body))
    }

    /// The recorded tree as `mockserver` loads it; every problem fails the test.
    func loadCleanly(sourceLocation: SourceLocation = #_sourceLocation) throws -> FixtureStore {
        let store = try FixtureStore.load(root: root.path)
        #expect(store.problems.isEmpty, "recorded fixtures have problems: \(store.problems.map(\.description))", sourceLocation: sourceLocation)
        return store
    }

    /// Serves the recorded tree and runs `body` with a client and the server's URL.
    func replay<Result>(_ body: (UpstreamClient, String) throws -> Result) throws -> Result {
        let server = try MockHTTPServer(store: try loadCleanly(), configuration: ServerConfiguration(port: 0, logRequests: false),
                                        logger: Logger(label: "bridge-tests.replay"))
        defer { server.stop() }
        return try body(try UpstreamClient(), server.url.absoluteString)
    }

    /// The parsed entries of a recorded file.
    func entries(_ file: String) throws -> [JSONValue] {
        let root = try JSONParser.parse(try self.root.bytes(file)).root.value
        guard case .array(let elements) = root else { return [root] }
        return elements.map(\.value)
    }
}

/// Semantic JSON equality of two bodies.
func sameJSON(_ left: [UInt8], _ right: String) -> Bool {
    guard let a = try? JSONParser.parse(left).root.value, let b = try? JSONParser.parse(right).root.value else { return false }
    return a == b
}
