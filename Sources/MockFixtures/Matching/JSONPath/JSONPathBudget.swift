/// Bounds the work of one evaluation. A query is linear in the body unless a filter scans the
/// body for each element it looks at (`$.items[?$..sku]`, `[?count($..x) > 0]`): that is
/// quadratic, and a 10,000-item body held a worker for a minute and SIGTERM with it (audit JP
/// #2). Every value a segment, selector or filter visits costs a step, and comparisons with a
/// list and regex searches cost by their size; when the steps run out the evaluation stops and
/// the query selects nothing it can vouch for (``isExhausted``).
///
/// Not `Sendable`: one evaluation, on one thread, owns it.
final class JSONPathBudget {
    /// Steps every evaluation may take, whatever the body's size: about 0.1–0.3 s here.
    static let baseSteps = 2_000_000
    /// Steps added per byte of the body, so a linear query (`$..*`, which visits every value)
    /// always fits: a value takes at least two bytes of JSON text.
    static let stepsPerBodyByte = 2

    private(set) var remaining: Int
    let limit: Int
    /// Patterns taken from the body (`match(@.a, $.pattern)`), compiled once per evaluation
    /// (audit JP2 #1: compiled again for each element, a 1 MB pattern held a worker for minutes);
    /// `nil` for one that does not compile.
    private var compiledPatterns: [String: CompiledRegex?] = [:]

    init(steps: Int) {
        limit = steps
        remaining = steps
    }

    /// The budget of an evaluation over a body of `bodyBytes` bytes.
    static func forBody(bytes bodyBytes: Int) -> JSONPathBudget {
        JSONPathBudget(steps: baseSteps + stepsPerBodyByte * max(0, bodyBytes))
    }

    /// No limit: for queries over values a test or the loader holds.
    static var unlimited: JSONPathBudget { JSONPathBudget(steps: .max) }

    var isExhausted: Bool { remaining <= 0 }

    /// `pattern` compiled (whole-text for `match`), from this evaluation's cache; compiling costs
    /// a step per byte of the pattern, once.
    func compiled(_ pattern: String, wholeText: Bool) -> CompiledRegex? {
        let key = (wholeText ? "1" : "0") + pattern
        if let cached = compiledPatterns[key] { return cached }
        guard spend(pattern.utf8.count + 1) else { return nil }
        let compiled = try? CompiledRegex(wholeText ? "\\A(?:" + pattern + ")\\z" : pattern)
        compiledPatterns[key] = compiled
        return compiled
    }

    /// Takes the steps of a regex search of `text`: the Pike VM's work is at most the text's
    /// scalars times the pattern's instructions; a sixteenth of that keeps an ordinary pattern
    /// over short values at a step or two (audit JP2 #1: a 0.2 MB body took 37 s).
    func spendSearching(_ text: String, with regex: CompiledRegex) -> Bool {
        spend(1 + text.unicodeScalars.count * regex.regex.instructionCount / 16)
    }

    /// Takes `count` steps; false once none are left.
    @inline(__always)
    func spend(_ count: Int = 1) -> Bool {
        remaining &-= count
        return remaining > 0
    }
}
