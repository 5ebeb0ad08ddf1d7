import MockFixtures
import TestSupport

/// Swift `Regex` with ASCII character classes and simple word boundaries: LinearRegex's documented
/// semantics for `\d \w \s \b`, so random texts holding é, € or 𝄞 get the same answers from both.
func asciiOracle(_ pattern: String) throws -> Regex<AnyRegexOutput> {
    try Regex(pattern).asciiOnlyCharacterClasses().wordBoundaryKind(.simple)
}

/// What `LinearRegex(pattern)` did: compiled, or threw this error. Keeps `#expect` messages short.
enum LinearRegexOutcome: CustomStringConvertible {
    case compiled(LinearRegex)
    case refused(LinearRegexError)

    init(_ pattern: String) {
        do {
            self = .compiled(try LinearRegex(pattern))
        } catch {
            self = .refused(error)
        }
    }

    var error: LinearRegexError? {
        if case .refused(let error) = self { return error }
        return nil
    }

    var description: String {
        switch self {
        case .compiled(let regex): "compiled to \(regex.instructionCount) instructions"
        case .refused(let error): "refused: \(error)"
        }
    }
}

/// Random patterns from a small grammar over a small alphabet, so that matches happen, and random
/// texts over the same alphabet. The alphabet has é, É, €, 𝄞, `\n`, space, `-` and `_`, but no
/// combining marks and no `\r`: where LinearRegex (scalars) and Swift `Regex` (Characters) could
/// disagree by design, nothing is generated.
struct RegexPatternGenerator {
    var rng: SplitMix64

    static let literals: [String] = ["a", "b", "c", "a", "b", "A", "1", "-", " ", "\u{E9}", "\u{C9}", "\u{20AC}", "\u{1D11E}",
                                     "\\.", "\\n", "\\x41", "\\u{E9}", "\\-", "_"]
    static let classes: [String] = [
        "[ab]", "[^a]", "[a-c]", "[\\d]", "[\u{E9}\u{20AC}]", "[^\u{E9}]", "[a-c\u{E9}]", "[A-Z]", "[^\\s]", "[b-]",
        "[\\w\u{20AC}]", "[^ab1]", "[\\s-]", "[\\W]", "[^\\d\\s]", "[\\p{L}]", "\\p{Lu}", "\\P{L}", "[\u{C0}-\u{FF}]",
    ]
    static let escapes: [String] = ["\\d", "\\w", "\\s", "\\D", "\\W", "\\S"]
    static let anchors: [String] = ["^", "$", "\\b", "\\B", "\\A", "\\z", "\\Z"]
    static let textAlphabet: [String] = ["a", "b", "c", "a", "b", "A", "B", "C", "1", "2", " ", "\n", "-", "_", ".",
                                         "\u{E9}", "\u{C9}", "\u{20AC}", "\u{1D11E}"]

    init(seed: UInt64) {
        rng = SplitMix64(state: seed)
    }

    mutating func pick(_ choices: [String]) -> String { choices[Int.random(in: 0..<choices.count, using: &rng)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    mutating func pattern() -> String {
        var prefix = ""
        if chance(0.1) { prefix = "(?i)" } else if chance(0.05) { prefix = "(?s)" } else if chance(0.05) { prefix = "(?m)" }
        return prefix + alternation(depth: 2)
    }

    mutating func text() -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...10, using: &rng) { text += pick(Self.textAlphabet) }
        return text
    }

    private mutating func alternation(depth: Int) -> String {
        var branches = [concatenation(depth: depth)]
        while branches.count < 3 && chance(0.25) { branches.append(concatenation(depth: depth)) }
        return branches.joined(separator: "|")
    }

    private mutating func concatenation(depth: Int) -> String {
        var pattern = ""
        for _ in 0..<Int.random(in: 0...4, using: &rng) { pattern += quantified(depth: depth) }
        return pattern
    }

    private mutating func quantified(depth: Int) -> String {
        let roll = Int.random(in: 0..<100, using: &rng)
        if roll < 8 { return pick(Self.anchors) }
        var atom: String
        switch roll {
        case 8..<50: atom = pick(Self.literals)
        case 50..<58: atom = "."
        case 58..<72: atom = pick(Self.classes)
        case 72..<80: atom = pick(Self.escapes)
        default:
            if depth == 0 {
                atom = pick(Self.literals)
            } else {
                atom = pick(["(", "(", "(?:", "(?i:", "(?<g>"]) + alternation(depth: depth - 1) + ")"
            }
        }
        if chance(0.35) {
            var quantifier = pick(["*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}", "{0}", "{2,}"])
            if chance(0.2) { quantifier += "?" }
            atom += quantifier
        }
        return atom
    }
}
