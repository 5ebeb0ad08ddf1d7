import Logging
@testable import MockServer
import MockFixtures
import Testing

/// Headers libmicrohttpd refuses are never dropped silently.
@Suite struct MHDResponseTests {
    @Test func aRefusedHeaderIsReportedAndTheOthersAreKept() throws {
        var refused: [(Int, String, String)] = []
        let table = try #require(MHDResponseTable.build([
            (headers: [(name: "X-Fine", value: "1"), (name: "X-Empty", value: "")], body: Array("{}".utf8)),
            (headers: [(name: "Connection", value: "keep-alive"), (name: "Content-Length", value: "9")], body: []),
        ]) { index, name, value in refused.append((index, name, value)) })
        #expect(table.responses.count == 2)
        #expect(refused.map { "\($0.0) \($0.1): \($0.2)" } == ["0 X-Empty: ", "1 Connection: keep-alive", "1 Content-Length: 9"])
    }

    @Test func theDispatcherLogsARefusalNamingTheHeaderAndTheAnswer() {
        let captured = CapturedLog()
        let logger = Logger(label: "refusals") { _ in captured }
        let response = PreparedResponse(id: 0, status: 503, headers: [], body: [])
        RequestDispatcher.headerRefusalLogger(logger)(response, "Connection", "keep-alive")
        #expect(captured.messages == ["warning: libmicrohttpd refused the response header 'Connection: keep-alive' of a fixture's 503 answer; it is not sent"])
    }
}

/// A log handler keeping every message, for tests.
final class CapturedLog: LogHandler, @unchecked Sendable {
    // @unchecked: `lines` is only read and written under `lock`; the rest is set once by Logger.
    private let lock = Lock()
    private var lines: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.lock()
        lines.append("\(event.level): \(event.message)")
        lock.unlock()
    }

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
