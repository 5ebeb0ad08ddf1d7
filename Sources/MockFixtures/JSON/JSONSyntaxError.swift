/// Why a text is not valid JSON, and where: 1-based line and column (in characters).
///
/// ```swift
/// do { _ = try JSONParser.parse(Array("[1 2]".utf8)) }
/// catch { print(error) }   // "line 1, column 4: expected ',' or ']' after array element, found '2'"
/// ```
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    /// A sentence saying what was expected and what was found.
    package let message: String

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    package var position: JSONPosition { JSONPosition(line: line, column: column) }

    package var description: String { "line \(line), column \(column): \(message)" }
}
