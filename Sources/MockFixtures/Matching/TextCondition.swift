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

    /// ``expectation``, and for a `$regex` search of `text` that stopped before it could tell,
    /// why: the pattern is too large for so long a text.
    func expectation(for text: some StringProtocol) -> String {
        guard case .regex(let compiled) = kind, compiled.regex.verdict(in: text) == .tooCostly else { return expectation }
        return expectation + ", but the search stopped after \(compiled.regex.stepLimit(forTextBytes: text.utf8.count)) steps: the pattern's "
            + "\(compiled.regex.instructionCount) instructions over \(text.unicodeScalars.count) characters are too much work "
            + "(a counted repetition such as {4000} is written out in full); use a shorter pattern, or match a field of a JSON body instead"
    }

    /// The matcher as written in a fixture: `{"$regex": "^A"}`, `{"$contains": "Rey"}`.
    var json: String {
        let key = if case .regex = kind { "$regex" } else { "$contains" }
        return String(decoding: JSONValue.makeObject([(key, .string(operand))]).serializedBytes(), as: UTF8.self)
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

    init(_ pattern: String, maximumSteps: Int = LinearRegex.maximumSteps) throws(LinearRegexError) {
        regex = try LinearRegex(pattern, maximumSteps: maximumSteps)
    }
}
