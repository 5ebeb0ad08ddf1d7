/// A condition on a value's text, written in a fixture as a matcher object: `{"$regex": "^A[0-9]+$"}`
/// or `{"$contains": "Rey"}`. Compiled once at load; checked on every request that reaches it.
struct TextCondition: Sendable {
    enum Kind: Sendable {
        /// Searches the text (unanchored: `^…$` matches the whole value).
        case regex(CompiledRegex)
        case contains
    }

    let kind: Kind
    /// The pattern or the text, as written.
    let operand: String

    func matches(_ text: some StringProtocol) -> Bool {
        switch kind {
        case .regex(let compiled): compiled.regex.matches(in: text)
        case .contains: text.contains(operand)
        }
    }

    /// `to match ^A[0-9]+$`, `to contain "Rey"`: the end of "… is "B7", expected to match …".
    var expectation: String {
        switch kind {
        case .regex: "to match \(operand)"
        case .contains: "to contain \(EntryMatcher.quoted(operand))"
        }
    }

    /// `a value matching ^A[0-9]+$`, `a value containing "Rey"`: for "missing … (expected …)".
    var expectedValue: String {
        switch kind {
        case .regex: "a value matching \(operand)"
        case .contains: "a value containing \(EntryMatcher.quoted(operand))"
        }
    }
}

/// A `$regex` pattern compiled at load, only ever used to test whether a text contains a match,
/// in time linear in the text (``LinearRegex``).
struct CompiledRegex: Sendable {
    let regex: LinearRegex

    init(_ pattern: String) throws(LinearRegexError) {
        regex = try LinearRegex(pattern)
    }
}
