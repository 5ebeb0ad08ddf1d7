@testable import MockFixtures
import Testing

/// Patterns that take exponential (or high polynomial) time in backtracking engines answer at once:
/// the Pike VM visits each scalar once, with each instruction at most once per scalar, so a match costs
/// at most scalars × instructions steps (about a million at most here). No timing is asserted;
/// `scripts/bench-regex.sh` prints the times, next to Swift `Regex`'s.
@Suite struct LinearRegexPathologicalTests {
    /// A backtracking killer: pattern, text and the right answer.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let pattern: String
        let text: String
        let expected: Bool

        var testDescription: String { name }
    }

    static let cases: [Case] = caseTable.map { Case(name: $0.0, pattern: $0.1, text: $0.2, expected: $0.3) }

    private static let caseTable: [(String, String, String, Bool)] = [
        ("abc.*xyz on 100 KB", "abc.*xyz", "abc" + String(repeating: "a", count: 100_000), false),
        ("unanchored abc.*xyz on 100 KB of abc", "abc.*xyz", String(repeating: "abc", count: 34_000), false),
        ("^(a+)+$ on 30 a + b", "^(a+)+$", String(repeating: "a", count: 30) + "b", false),
        ("^(a+)+$ on 10 KB a + b", "^(a+)+$", String(repeating: "a", count: 10_000) + "b", false),
        ("(a|a)*b on 10 KB", "(a|a)*b", String(repeating: "a", count: 10_000), false),
        ("(a*)*b on 10 KB", "(a*)*b", String(repeating: "a", count: 10_000), false),
        ("(.*){20}x on 10 KB", "(.*){20}x", String(repeating: "a", count: 10_000), false),
        ("(x+x+)+y on 10 KB", "(x+x+)+y", String(repeating: "x", count: 10_000), false),
        ("(?:a?){30}a{30} on 30 a", "^(?:a?){30}a{30}$", String(repeating: "a", count: 30), true),
        ("(\\w+\\s?)+$ on 10 KB + !", "^(\\w+\\s?)+$", String(repeating: "word ", count: 2_000) + "!", false),
        ("(.*a){12} on 10 KB", "(.*a){12}", String(repeating: "b", count: 10_000), false),
        ("([a-z]+)*[0-9] on 100 KB", "([a-z]+)*[0-9]", String(repeating: "abcdefghij", count: 10_000), false),
    ]

    @Test(arguments: cases)
    func backtrackingKillersGetTheirAnswer(_ pathological: Case) throws {
        #expect(try LinearRegex(pathological.pattern).matches(in: pathological.text) == pathological.expected)
    }
}

/// A large program over a long text stops after its step budget (audit F2: `[a-z]{4000}X` over a
/// 1 MB body held a worker for 32 s), and the miss says why.
@Suite struct LinearRegexStepBudgetTests {
    @Test func aSearchStopsAfterItsStepsAndSaysSo() throws {
        let text = String(repeating: "a", count: 2_000)
        let large = try LinearRegex("[a-z]{400}X", maximumSteps: 100_000)
        #expect(large.verdict(in: text) == .tooCostly, "400 live threads over 2,000 characters: 800,000 steps, over 64 a byte")
        #expect(large.stepLimit(forTextBytes: 2_000) == 128_000 && large.stepLimit(forTextBytes: 10) == 100_000)
        #expect(!large.matches(in: text))
        #expect(try LinearRegex("[a-z]{400}X", maximumSteps: 1_000_000).verdict(in: text) == .noMatch)
        #expect(try LinearRegex("[a-z]{400}", maximumSteps: 100_000).verdict(in: text) == .match, "a match found in time is a match")
        let small = try LinearRegex("abc.*xyz", maximumSteps: 100_000)
        #expect(small.verdict(in: String(repeating: "b", count: 50_000)) == .noMatch, "few live threads: far within the budget")
        #expect(LinearRegex.maximumSteps == 100_000_000)

        let condition = TextCondition(kind: .regex(try CompiledRegex("[a-z]{400}X", maximumSteps: 100_000)), operand: "[a-z]{400}X")
        #expect(condition.expectation(for: text)
            == "to match [a-z]{400}X, but the search stopped after 128000 steps: the pattern's \(large.instructionCount) instructions over 2000 characters are too much work (a counted repetition such as {4000} is written out in full); use a shorter pattern, or match a field of a JSON body instead")
        #expect(condition.expectation(for: "short") == "to match [a-z]{400}X")
    }
}
