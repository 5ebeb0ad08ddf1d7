/// A key repeated in one object, at the position of the repetition that replaced the earlier one.
package struct JSONDuplicateKey: Sendable, Equatable {
    package let key: String
    package let position: JSONPosition
    package let firstPosition: JSONPosition
}
