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
        case .regex(let compiled): String(text).contains(compiled.regex)
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

/// A `Regex` compiled at load and only ever used to test whether a text contains a match.
///
/// `Regex<AnyRegexOutput>` is not `Sendable` because its match output can hold arbitrary
/// values; nothing here ever reads an output. The regex itself is an immutable value whose
/// matching program is built by ``init(_:)`` (one match on the loading thread), before the entry
/// holding it is published to other threads, so sharing it is safe.
struct CompiledRegex: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>

    init(_ pattern: String) throws {
        regex = try Regex(pattern)
        _ = "".contains(regex)
    }
}
