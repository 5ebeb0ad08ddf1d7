import Foundation
import Logging

/// Collects every log message so tests can inspect what a session logged.
// Unchecked: every mutable property is read and written only while holding `lock`.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(level: Logger.Level, message: String)] = []

    var messages: [String] {
        lock.withLock { recorded.map(\.message) }
    }

    func append(_ level: Logger.Level, _ message: String) {
        lock.withLock { recorded.append((level, message)) }
    }

    func makeLogger() -> Logger {
        Logger(label: "ResonanceKit.test") { _ in CapturingLogHandler(recorder: self) }
    }
}

struct CapturingLogHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorder.append(event.level, "\(event.message)")
    }
}
