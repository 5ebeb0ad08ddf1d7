/// What ``FixtureRecorder/record(_:)`` did with one exchange, for the caller to log.
///
/// ```swift
/// let outcome = try recorder.record(exchange)
/// print(outcome)   // "GET /api/people?page=2 200 → api/people.json entry 1 (added)"
/// ```
public struct RecordOutcome: Sendable, Equatable, CustomStringConvertible {
    public enum Action: Sendable, Equatable {
        /// A new entry was appended to the file (created when missing).
        case added
        /// An entry with the same method and `request` was replaced.
        case replaced
        /// Nothing was written; ``RecordOutcome/reason`` says why.
        case skipped
    }

    public let action: Action
    /// The request line it is about, e.g. `GET /api/people?page=2 200`.
    public let exchange: String
    /// The fixture file, relative to the root (nil when skipped before a file was chosen).
    public let file: String?
    /// The entry's index in the file (0-based); nil when skipped.
    public let entry: Int?
    /// The file holding the response bytes (`responseFile`), relative to the root, if any.
    public let responseFile: String?
    /// Why it was skipped; nil otherwise.
    public let reason: String?
    /// Things the user should know about what was written, e.g. that a body could not become a
    /// `request` constraint.
    public let notes: [String]

    init(action: Action, exchange: String, file: String?, entry: Int?, responseFile: String? = nil, reason: String? = nil, notes: [String] = []) {
        self.action = action
        self.exchange = exchange
        self.file = file
        self.entry = entry
        self.responseFile = responseFile
        self.reason = reason
        self.notes = notes
    }

    static func skipped(_ exchange: String, file: String? = nil, _ reason: String) -> RecordOutcome {
        RecordOutcome(action: .skipped, exchange: exchange, file: file, entry: nil, reason: reason)
    }

    public var description: String {
        var text: String
        switch action {
        case .added, .replaced:
            text = "\(exchange) → \(file ?? "?") entry \(entry ?? 0) (\(action == .added ? "added" : "replaced"))"
            if let responseFile { text += ", body in \(responseFile)" }
        case .skipped:
            text = "\(exchange) not recorded: \(reason ?? "skipped")"
        }
        for note in notes { text += "; note: \(note)" }
        return text
    }
}
