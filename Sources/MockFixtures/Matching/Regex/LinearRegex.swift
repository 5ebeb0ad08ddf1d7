// LinearRegex — a regular-expression matcher whose running time is linear in the text.
//
// Pure Swift, standard library only. The pattern is parsed to an AST (RegexParser.swift),
// compiled to a Thompson-NFA program (RegexProgram.swift) and simulated Pike-VM style over the
// Unicode scalars of the text (RegexProgram+Matching.swift): every position is visited once and, at each
// position, every program instruction at most once, so `matches(in:)` takes
// O(text.unicodeScalars.count × program size) time and O(program size) memory.
//
// Semantics are those of Swift `Regex` (`text.contains(regex)`) with these deliberate
// differences (README, "Matchers"): matching is over Unicode scalars, not Characters;
// \d \w \s \b are ASCII; case-insensitive matching uses simple one-scalar case mappings.

/// A regular expression compiled to a program that answers `matches(in:)` in time linear in the text.
///
/// Fixtures' `$regex` matchers use it: a backtracking engine (Swift `Regex`) took 18 s for
/// `abc.*xyz` against a 30 KB request body, and any client could send one.
///
/// ```swift
/// let regex = try LinearRegex("^Bearer [A-Za-z0-9._-]+$")
/// regex.matches(in: "Bearer abc.def")   // true
/// ```
package struct LinearRegex: Sendable {
    /// The largest program `init` accepts. Counted repetitions are expanded (`x{3}` is three
    /// copies of `x`), so this also bounds `(a{1000}){1000}`-style patterns.
    package static let maxInstructions = 10_000
    /// The largest number allowed in `{n}`, `{n,}`, `{n,m}`.
    static let maxRepetitionCount = 10_000
    /// The deepest group nesting allowed (keeps the recursive parser and compiler shallow).
    static let maxNestingDepth = 200

    /// The pattern this regex was compiled from.
    package let pattern: String
    let program: RegexProgram

    /// Compiles `pattern`. Throws when the pattern is malformed, uses a construct that cannot
    /// be matched in linear time (backreferences, lookaround, atomic groups, possessive
    /// quantifiers, recursion, conditionals), uses unsupported syntax, or would compile to more
    /// than `maxInstructions` instructions.
    package init(_ pattern: String, maximumSteps: Int = LinearRegex.maximumSteps) throws(LinearRegexError) {
        var parser = RegexParser(pattern)
        let ast = try parser.parse()
        self.pattern = pattern
        self.program = RegexCompiler.compile(ast)
        self.leastStepLimit = maximumSteps
    }

    /// ``maximumSteps`` but for tests, which reach it with short texts.
    let leastStepLimit: Int

    /// True when some substring of `text` matches (an unanchored search unless the pattern
    /// anchors itself with `^`, `$`, `\A`, `\z`, `\Z`), like `text.contains(regex)`.
    package func matches(in text: some StringProtocol) -> Bool {
        verdict(in: text) == .match
    }

    /// What a search of `text` found: a match, none, or nothing in time — a large program over
    /// a long text (`[a-z]{4000}X` against a 1 MB body took 32 s) stops after
    /// ``maximumSteps`` thread steps, about a second, and counts as no match.
    package func verdict(in text: some StringProtocol) -> Verdict {
        let utf8 = text.utf8
        let limit = stepLimit(forTextBytes: utf8.count)
        if let answer = utf8.withContiguousStorageIfAvailable({ program.run($0, maximumSteps: limit) }) {
            return answer
        }
        let bytes = Array(utf8)
        return bytes.withUnsafeBufferPointer { program.run($0, maximumSteps: limit) }
    }

    package enum Verdict: Sendable, Equatable {
        case match
        case noMatch
        /// The search stopped after ``LinearRegex/maximumSteps`` steps.
        case tooCostly
    }

    /// Thread steps one search may take at least: the program's live instructions summed over the
    /// text's positions.
    package static let maximumSteps = 100_000_000
    /// Live instructions a search may average over a long text: 64 per byte, so a pattern of a few
    /// dozen instructions gets through a 10 MiB body (`[a-z]{12}X` there needs 12 per byte).
    package static let stepsPerByte = 64

    /// The steps a search of `count` bytes may take: ``maximumSteps``, or 64 a byte for a text
    /// over about 1.5 MB.
    package func stepLimit(forTextBytes count: Int) -> Int {
        max(leastStepLimit, count.multipliedReportingOverflow(by: Self.stepsPerByte).partialValue)
    }

    /// Number of instructions in the compiled program (for diagnostics and tests).
    package var instructionCount: Int { program.instructions.count }
}

/// Why a pattern was refused. `message` says what is wrong in plain words; `offset` is where,
/// counted in Unicode scalars from the start of the pattern.
package struct LinearRegexError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package let offset: Int

    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    package var description: String { "invalid regular expression at offset \(offset): \(message)" }
}
