/// A JSON value together with the position where it starts in its source text.
///
/// ```swift
/// let document = try JSONParser.parse(Array("\n  [1]".utf8))
/// print(document.root.position)   // "2:3"
/// ```
package struct JSONNode: Sendable {
    package var value: JSONValue
    package var position: JSONPosition

    package init(_ value: JSONValue, at position: JSONPosition = JSONPosition(line: 1, column: 1)) {
        self.value = value
        self.position = position
    }
}
