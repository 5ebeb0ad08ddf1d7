/// A 1-based line and column in a JSON text; the column counts characters, not bytes.
///
/// ```swift
/// let position = JSONPosition(line: 3, column: 7)
/// print(position)   // "3:7"
/// ```
package struct JSONPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let line: Int
    package let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    package var description: String { "\(line):\(column)" }
}
