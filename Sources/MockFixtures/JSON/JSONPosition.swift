/// A 1-based line and column in a JSON text; the column counts characters, not bytes.
///
/// ```swift
/// let position = JSONPosition(line: 3, column: 7)
/// print(position)   // "3:7"
/// ```
public struct JSONPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
