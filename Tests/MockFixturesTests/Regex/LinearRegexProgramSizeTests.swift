@testable import MockFixtures
import Testing

/// The program-size cap, `LinearRegex.maxInstructions`: counted repetitions are expanded into copies,
/// so the cap bounds compile time and per-match memory. The parser predicts the size before compiling.
@Suite struct LinearRegexProgramSizeTests {
    /// `a{9999}` is 9,999 scalar instructions plus `match`: exactly at the cap, and accepted.
    @Test func aRepetitionReachingExactlyTheCapCompiles() throws {
        let regex = try LinearRegex("a{9999}")
        #expect(regex.instructionCount == LinearRegex.maxInstructions)
        #expect(!regex.matches(in: "b"))
    }

    @Test func aCountedRepetitionMatchesExactlyThatManyScalars() throws {
        let regex = try LinearRegex("^a{500}$")
        #expect(regex.matches(in: String(repeating: "a", count: 500)))
        #expect(!regex.matches(in: String(repeating: "a", count: 499)))
    }

    /// Long literals count too; the error points at the start of the pattern.
    @Test func aLiteralOfTenThousandScalarsIsRefused() {
        let outcome = LinearRegexOutcome(String(repeating: "a", count: 10_000))
        #expect(outcome.error == LinearRegexError("pattern is too large: it would compile to more than 10000 instructions", at: 0))
    }

    @Test func repeatingAnEmptyGroupCostsNoInstructions() throws {
        #expect(try LinearRegex("(?:(?:){5000}){5000}x").matches(in: "x"))
    }

    /// The size the parser checks against the cap is exactly the size the compiler then emits.
    @Test(arguments: ["a{3,7}", "(ab|cd){2,}", "(a|b|c)*", "x(?:y{2}z?){3}", "(a+)+", "[a-z]{0,5}\\b$"])
    func thePredictedSizeIsTheEmittedSize(pattern: String) throws {
        var parser = RegexParser(pattern)
        let predicted = try parser.parse().instructionCount(cap: 1_000_000) + 1
        #expect(predicted == (try LinearRegex(pattern)).instructionCount)
    }

    /// Nesting deeper than 200 groups is refused, rather than overflowing the recursive parser's stack.
    @Test func groupsNestedTooDeeplyAreRefused() {
        let outcome = LinearRegexOutcome(String(repeating: "(", count: 5000) + String(repeating: ")", count: 5000))
        #expect(outcome.error == LinearRegexError("groups are nested too deeply (the limit is 200)", at: 200))
    }
}
