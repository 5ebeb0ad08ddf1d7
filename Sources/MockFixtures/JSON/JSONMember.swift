/// One `"key": value` pair of a JSON object, with the position of its key.
///
/// ```swift
/// let member = JSONMember(key: "status", value: JSONNode(.number(JSONNumber(200))))
/// ```
public struct JSONMember: Sendable {
    public var key: String
    public var keyPosition: JSONPosition
    public var value: JSONNode

    public init(key: String, keyPosition: JSONPosition = JSONPosition(line: 1, column: 1), value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
