import MockFixtures
import Testing

/// Accepted syntax, with answers fixed by the README rather than by Swift `Regex`: case folding
/// (Kelvin sign, σ/ς), newline scalars, `\R`, `\h`, `\Q..\E`, group and property spellings, `(?m)` with CR LF.
@Suite struct LinearRegexSyntaxTests {
    /// A pattern `LinearRegex` must accept, and its answer on one text.
    struct Example: Sendable, CustomTestStringConvertible {
        let pattern: String
        let text: String
        let expected: Bool

        var testDescription: String { "\(pattern.debugDescription) on \(text.debugDescription)" }
    }

    static let examples: [Example] = exampleTable.map { Example(pattern: $0.0, text: $0.1, expected: $0.2) }

    private static let exampleTable: [(String, String, Bool)] = [
        ("(?i)A", "a", true),
        ("(?)a", "a", true),                    // empty flag group: no-op, as in Swift Regex
        ("(?i:k)", "\u{212A}", true),          // KELVIN SIGN folds to k
        ("(?i)\u{3C3}", "\u{3A3}", true),      // σ ~ Σ
        ("(?i)\u{3C3}", "\u{3C2}", true),      // σ ~ ς (simple fold)
        ("(?i)[a-z]", "\u{212A}", true),
        ("(?i)[^a-z]", "K", false),
        ("(?s).", "\n", true),
        (".", "\n", false),
        (".", "\u{2028}", false),               // Swift's `.` excludes every newline scalar
        ("^.$", "\r", false),
        ("\\R", "\r\n", true),
        ("^\\R$", "\u{2029}", true),
        ("\\h", "\u{A0}", true),
        ("\\H", " ", false),
        ("\\V", "\n", false),
        ("(?P<name>x)", "x", true),
        ("(?'name'x)", "x", true),
        ("(?|a|b)", "b", true),
        ("(?#a comment)x", "x", true),
        ("a\\Eb", "ab", true),
        ("\\Q(a+)\\E", "(a+)", true),
        ("\\Q(a+)", "x(a+)y", true),
        ("\\Qa.b*c\\E+", "a.b*cc", true),     // quantifier applies to the last quoted scalar (PCRE)
        ("^\\Qa.b*c\\E+$", "a.b*ca.b*c", false),
        ("\\012", "\n", true),
        ("\\x9", "\t", true),
        ("\\U0001F600", "\u{1F600}", true),
        ("[\\b]", "\u{8}", true),
        ("\\p{^L}", "1", true),
        ("\\P{^L}", "a", true),
        ("\\p{Letter}", "x", true),
        ("\\p{Any}", "\u{1F600}", true),
        ("\\p{L&}", "a", true),
        ("[\\P{L}]", "a", false),
        ("\\p{Zs}", "\u{3000}", true),
        ("a{,2}b", "ab", true),
        ("(?m)a$", "a\r\nb", true),
        ("(?m)\\r$", "a\r\nb", false),          // no position inside CR LF
        ("\\r\\Z", "a\r\n", false),
        ("a\\Z", "a\r\n", true),
        ("a\\Z", "a\u{2028}", true),
        ("\\bb", "\u{E9}b", true),              // ASCII \w: é is not a word scalar
        ("x{1,}?y", "xxy", true),
    ]

    @Test(arguments: examples)
    func acceptedSyntaxAnswersAsDocumented(_ example: Example) throws {
        #expect(try LinearRegex(example.pattern).matches(in: example.text) == example.expected)
    }

    /// A class listing 50,000 CJK scalars one by one compiles to one set and matches one of them.
    @Test func aClassListingFiftyThousandScalarsMatchesOneOfThem() throws {
        let scalars = (0x4E00..<0x4E00 + 50_000).compactMap(Unicode.Scalar.init)
        let regex = try LinearRegex("[" + String(String.UnicodeScalarView(scalars)) + "]")
        #expect(regex.matches(in: "\u{9000}"))
        #expect(!regex.matches(in: "a"))
    }
}
