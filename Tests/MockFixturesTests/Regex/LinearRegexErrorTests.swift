import MockFixtures
import Testing

/// Refused patterns name the construct and the reason, at the right offset (in Unicode scalars).
@Suite struct LinearRegexErrorTests {
    /// A pattern `LinearRegex` must refuse, with its exact message and offset.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let pattern: String
        let message: String
        let offset: Int

        var testDescription: String { pattern.debugDescription }
    }

    static let linear = "matching must take time linear in the text"

    /// Malformed patterns, constructs that cannot run in linear time or would change the answer, and
    /// patterns over the program-size cap.
    static let refusals: [Refusal] = refusalTable.map { Refusal(pattern: $0.0, message: $0.1, offset: $0.2) }

    private static let refusalTable: [(String, String, Int)] = [
        // Malformed
        ("(abc", "unbalanced parenthesis: missing ) to close the group", 0),
        ("ab(c", "unbalanced parenthesis: missing ) to close the group", 2),
        ("abc)", "unbalanced parenthesis: ) has no matching (", 3),
        ("a(b))c", "unbalanced parenthesis: ) has no matching (", 4),
        ("*abc", "nothing to repeat: quantifier * has no preceding expression", 0),
        ("a|+b", "nothing to repeat: quantifier + has no preceding expression", 2),
        ("(?:?)", "nothing to repeat: quantifier ? has no preceding expression", 3),
        ("{2}", "nothing to repeat: quantifier {2} has no preceding expression", 0),
        ("a**", "quantifier * follows another quantifier; wrap the repeated expression in (?:...) to repeat it again", 2),
        ("a{2}{3}", "quantifier {3} follows another quantifier; wrap the repeated expression in (?:...) to repeat it again", 4),
        ("^*", "quantifier * cannot be applied to an anchor or word boundary", 1),
        ("\\b+", "quantifier + cannot be applied to an anchor or word boundary", 2),
        ("a{3,2}", "invalid repetition range {3,2}: the minimum exceeds the maximum", 1),
        ("a{100000}", "repetition count 100000 is too large (the limit is 10000)", 1),
        ("[z-a]", "invalid range z-a in character class: z comes after a", 1),
        ("abc[0-9z-a]", "invalid range z-a in character class: z comes after a", 7),
        ("[\\d-z]", "invalid range: a class like \\d cannot be a range bound", 1),
        ("[a-\\w]", "invalid range: a class like \\d cannot be a range bound", 3),
        ("[abc", "unterminated character class: missing ]", 0),
        ("x[]", "empty character class: to match ] write \\]", 1),
        ("[[:alpha:]]", "nested character classes and POSIX classes like [:alpha:] are not supported; write a literal [ as \\[", 1),
        ("[a&&b]", "character class set operations (&&, --, ~~) are not supported; write a literal - as \\-", 2),
        ("[a--b]", "character class set operations (&&, --, ~~) are not supported; write a literal - as \\-", 2),
        ("\\q", "unknown escape \\q", 0),
        ("ab\\q", "unknown escape \\q", 2),
        ("\\y", "unknown escape \\y", 0),
        ("[\\B]", "unknown escape \\B", 1),
        ("\\\u{E9}", "unknown escape \\\u{E9}", 0),
        ("abc\\", "pattern ends with a lone backslash", 3),
        ("\\xZZ", "\\x must be followed by one or two hex digits or {hex}", 0),
        ("\\u12", "\\u must be followed by 4 hex digits or {hex}", 0),
        ("\\u{110000}", "\\u{110000} is not a valid Unicode scalar value", 0),
        ("\\uD800", "\\u escape is not a valid Unicode scalar value", 0),
        ("\\cA", "control escapes \\cX are not supported; write \\xHH instead", 0),
        ("\\p{Greek}", "unsupported Unicode property \\p{Greek}: only general categories are supported, e.g. \\p{L}, \\p{Lu}, \\p{Nd}, \\p{P}", 0),
        ("\\pL", "\\p must be followed by {property}, e.g. \\p{L}", 0),
        ("(?x)a b", "inline flag x is not supported (supported flags: i, m, s)", 2),
        ("(?i-U:a)", "inline flag U is not supported (supported flags: i, m, s)", 4),
        ("(?<a-b>x)", "invalid character - in group name", 4),
        ("(?#unterminated", "unterminated comment (?#...: missing )", 0),
        // Refused because they cannot run in linear time or change the answer
        ("(a)\\1", "backreferences (\\1) are not supported: \(linear); match the value itself or use $contains", 3),
        ("(a)(b)\\12", "backreferences (\\12) are not supported: \(linear); match the value itself or use $contains", 6),
        ("(?<n>a)\\k<n>", "backreferences (\\k<name>) are not supported: \(linear); match the value itself or use $contains", 7),
        ("(?P<n>a)(?P=n)", "backreferences ((?P=name)) are not supported: \(linear); match the value itself or use $contains", 8),
        ("(a)\\g{1}", "backreferences and subroutine calls (\\g) are not supported: \(linear); match the value itself or use $contains", 3),
        ("a(?=b)", "lookahead assertions (?=...) are not supported: \(linear); match the text directly or use a separate matcher", 1),
        ("a(?!b)", "negative lookahead assertions (?!...) are not supported: \(linear); match the text directly or use a separate matcher", 1),
        ("(?<=a)b", "lookbehind assertions (?<=...) are not supported: \(linear); match the text directly or use a separate matcher", 0),
        ("(?<!a)b", "negative lookbehind assertions (?<!...) are not supported: \(linear); match the text directly or use a separate matcher", 0),
        ("(?>a+)b", "atomic groups (?>...) are not supported: they change which texts match and need backtracking; use a plain group (?:...)", 0),
        ("a*+b", "possessive quantifiers (*+) are not supported: they change which texts match and need backtracking; use * instead", 2),
        ("a++", "possessive quantifiers (++) are not supported: they change which texts match and need backtracking; use + instead", 2),
        ("a?+", "possessive quantifiers (?+) are not supported: they change which texts match and need backtracking; use ? instead", 2),
        ("a{1,3}+", "possessive quantifiers ({1,3}+) are not supported: they change which texts match and need backtracking; use {1,3} instead", 6),
        ("(?R)", "recursion and subroutine calls ((?R), (?1), (?&name)) are not supported: \(linear)", 0),
        ("(a)(?1)", "recursion and subroutine calls ((?R), (?1), (?&name)) are not supported: \(linear)", 3),
        ("(?&n)", "recursion and subroutine calls ((?R), (?1), (?&name)) are not supported: \(linear)", 0),
        ("(?(1)a|b)", "conditionals (?(...)...) are not supported: \(linear)", 0),
        ("(*FAIL)", "backtracking control verbs (*...) are not supported: they only make sense for a backtracking matcher", 0),
        ("\\G", "\\G anchors are not supported: they refer to the end of a previous match, which a contains-test does not have", 0),
        ("a\\Kb", "match-start resets (\\K) are not supported: they only affect match ranges", 1),
        ("\\X", "grapheme cluster escapes (\\X) are not supported: this matcher works on Unicode scalars", 0),
        // Program-size cap
        ("(a{1000}){1000}", "repetition {1000} makes the pattern too large: counted repetitions are expanded and the compiled program is limited to 10000 instructions", 9),
        ("a{10000}", "repetition {10000} makes the pattern too large: counted repetitions are expanded and the compiled program is limited to 10000 instructions", 1),
        ("(?:(?:(?:ab){30}){30}){30}", "repetition {30} makes the pattern too large: counted repetitions are expanded and the compiled program is limited to 10000 instructions", 22),
    ]

    @Test(arguments: refusals)
    func refusesWithItsExactMessageAndOffset(_ refusal: Refusal) {
        let outcome = LinearRegexOutcome(refusal.pattern)
        #expect(outcome.error?.message == refusal.message, "\(outcome)")
        #expect(outcome.error?.offset == refusal.offset, "\(outcome)")
    }

    @Test func descriptionStatesTheOffsetThenTheReason() {
        #expect(LinearRegexOutcome("abc)").error?.description
                == "invalid regular expression at offset 3: unbalanced parenthesis: ) has no matching (")
    }
}
