/// One `"key": value` pair of a JSON object, with the position of its key.
///
/// ```swift
/// let member = JSONMember(key: "status", value: JSONNode(.number(JSONNumber(200))))
/// ```
package struct JSONMember: Sendable {
    package var key: String
    package var keyPosition: JSONPosition
    package var value: JSONNode

    package init(key: String, keyPosition: JSONPosition = JSONPosition(line: 1, column: 1), value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
