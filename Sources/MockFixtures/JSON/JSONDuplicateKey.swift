/// A key repeated in one object, at the position of the repetition that replaced the earlier one.
public struct JSONDuplicateKey: Sendable, Equatable {
    public let key: String
    public let position: JSONPosition
    public let firstPosition: JSONPosition
}
