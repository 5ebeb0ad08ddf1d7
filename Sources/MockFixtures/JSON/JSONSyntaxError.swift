/// Why a text is not valid JSON, and where: 1-based line and column (in characters).
///
/// ```swift
/// do { _ = try JSONParser.parse(Array("[1 2]".utf8)) }
/// catch { print(error) }   // "line 1, column 4: expected ',' or ']' after array element, found '2'"
/// ```
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// A sentence saying what was expected and what was found.
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var position: JSONPosition { JSONPosition(line: line, column: column) }

    public var description: String { "line \(line), column \(column): \(message)" }
}
