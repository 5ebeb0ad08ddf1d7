/// Something wrong (error) or suspicious (warning) in the fixture tree, found at load time.
///
/// An error makes its whole file broken (it answers 500); a warning does not.
///
/// ```swift
/// for problem in store.problems where problem.severity == .error {
///     print(problem)   // "api/people.json:12:5: error: status 700 is out of range. use an integer between 200 and 599"
/// }
/// ```
public struct FixtureProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    public let severity: Severity
    /// Relative to the root, "/"-separated.
    public let file: String
    public let line: Int?, column: Int?
    /// What is wrong.
    public let message: String
    /// What to do about it.
    public let hint: String

    public init(severity: Severity, file: String, line: Int? = nil, column: Int? = nil, message: String, hint: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    init(_ severity: Severity, _ file: String, at position: JSONPosition?, _ message: String, hint: String) {
        self.init(severity: severity, file: file, line: position?.line, column: position?.column, message: message, hint: hint)
    }

    /// `line:column: message. hint` (or without the position when there is none).
    public var locatedMessage: String {
        positionPrefix + message + hintSentence
    }

    /// `3:14: error: message. Hint`: for problems in a posted body, which has no file name.
    package var positionedDescription: String {
        positionPrefix + "\(severity.rawValue): \(message)" + hintSentence
    }

    /// `3:14: message`, without severity or hint: for an answer that gives the hint apart.
    package var positionedMessage: String {
        positionPrefix + message
    }

    /// `12:5: `, `12: ` or nothing.
    private var positionPrefix: String {
        guard let line else { return "" }
        return column.map { "\(line):\($0): " } ?? "\(line): "
    }

    public var description: String {
        // One problem, one line: a file name holding a line break is written escaped.
        var text = file.escapingControlCharacters()
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text + ": \(severity.rawValue): \(message)" + hintSentence
    }

    /// The hint as its own sentence after the message: `. Use an integer between 200 and 599`.
    private var hintSentence: String {
        guard let first = hint.first else { return "" }
        return ". " + first.uppercased() + hint.dropFirst()
    }

    /// Ordering used for ``FixtureStore/problems``: by file, then position (file-level problems first).
    static func isOrderedBefore(_ lhs: FixtureProblem, _ rhs: FixtureProblem) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        let left = (lhs.line ?? 0, lhs.column ?? 0)
        let right = (rhs.line ?? 0, rhs.column ?? 0)
        if left != right { return left < right }
        return lhs.severity == .error && rhs.severity == .warning
    }
}
