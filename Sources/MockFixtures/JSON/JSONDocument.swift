/// The result of parsing one JSON text: the root value plus the duplicate keys that were dropped.
///
/// ```swift
/// let document = try JSONParser.parse(Array(#"{"a": 1, "a": 2}"#.utf8))
/// document.root.value["a"]           // .number(2): the last one wins
/// document.duplicateKeys.first?.key  // "a"
/// ```
package struct JSONDocument: Sendable {
    package let root: JSONNode
    /// Keys that appeared more than once in the same object; the earlier values were discarded.
    package let duplicateKeys: [JSONDuplicateKey]
    /// Whether an array or object ended with a comma before its `]` or `}`: accepted for
    /// hand-written fixtures, but not JSON an API may be said to have sent.
    package let hasTrailingCommas: Bool
}
