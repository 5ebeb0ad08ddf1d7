/// One value for a header the request sent on several lines, as a recipient may combine them
/// (RFC 9110 §5.3): the values in order, each without the spaces around it, joined by `", "`,
/// or by `"; "` for `Cookie`, whose pairs a comma would not separate (RFC 9113 §8.2.3). A header
/// sent once keeps its value as sent (``IncomingRequest`` trims it where it is matched).
///
/// The journal, `requestHeaders`, `{{header.NAME}}` and verification patterns all read a
/// repeated header through this, so the value a test sees in the journal is the one it matches.
///
/// ```swift
/// var combined = CombinedHeaderValue(lowercasedName: "x-tag")
/// combined.append("a ")
/// combined.append("b")
/// combined.value   // "a, b"
/// ```
package struct CombinedHeaderValue {
    private let separator: String
    /// Nil until the first value.
    package private(set) var value: String?
    private var lines = 0

    package init(lowercasedName: String) {
        separator = lowercasedName == "cookie" ? "; " : ", "
    }

    package mutating func append(_ next: some StringProtocol) {
        lines += 1
        guard let value else {
            value = String(next)
            return
        }
        let first = lines == 2 ? String(value.trimmingSpaces()) : value
        self.value = first + separator + next.trimmingSpaces()
    }
}
