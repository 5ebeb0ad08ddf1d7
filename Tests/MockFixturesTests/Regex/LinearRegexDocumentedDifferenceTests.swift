import MockFixtures
import Testing

/// Where LinearRegex deliberately differs from Swift `Regex`'s defaults (README, "Matchers", and
/// docs/ARCHITECTURE.md): scalars rather than Characters, ASCII `\d \w \s`, simple word boundaries.
@Suite struct LinearRegexDocumentedDifferenceTests {
    /// A pattern and text where the two engines answer differently, and why.
    struct Difference: Sendable, CustomTestStringConvertible {
        let pattern: String
        let text: String
        /// LinearRegex's answer: the requirement.
        let ours: Bool
        /// What Swift `Regex` answered when this was written (Swift 6.3.1): a record, not a requirement.
        let swift: Bool
        let why: String

        var testDescription: String { "\(pattern.debugDescription) on \(text.debugDescription)" }
    }

    static let differences: [Difference] = differenceTable.map {
        Difference(pattern: $0.0, text: $0.1, ours: $0.2, swift: $0.3, why: $0.4)
    }

    private static let differenceTable: [(String, String, Bool, Bool, String)] = [
        ("^.$", "\u{1F1EB}\u{1F1F7}", false, true, "flag emoji is 2 scalars, 1 Character"),
        ("^..$", "\u{1F1EB}\u{1F1F7}", true, false, "flag emoji is 2 scalars, 1 Character"),
        ("\u{E9}", "e\u{301}", false, true, "Swift compares Characters by canonical equivalence"),
        ("e", "e\u{301}", true, false, "scalar e is a prefix of the Character e+U+0301"),
        ("\\d", "\u{663}", false, true, "\\d is ASCII [0-9]"),
        ("^\\w$", "\u{E9}", false, true, "\\w is ASCII [A-Za-z0-9_]"),
        ("\\s", "\u{A0}", false, true, "\\s is ASCII [\\t\\n\\v\\f\\r ]"),
        ("x\\b", "x\u{E9}", true, false, "\\b uses ASCII \\w"),
        ("n\\b", "can't", true, false, "\\b is a simple \\w/\\W boundary, not Unicode (UAX #29) word boundaries"),
        ("a\\b", "a.b", true, false, "\\b is a simple \\w/\\W boundary, not Unicode (UAX #29) word boundaries"),
        ("^\\s$", "\r\n", false, true, "CR LF is 2 scalars, 1 Character"),
        ("(?s)^.$", "\r\n", false, true, "CR LF is 2 scalars, 1 Character"),
        ("^\\b$", "", false, true, "Unicode word boundaries always break at the start and end of the text"),
        ("^\\b", " x", false, true, "Unicode word boundaries always break at the start and end of the text"),
    ]

    /// Our answer is asserted. Should Swift `Regex` ever answer otherwise than recorded, a warning (not
    /// a failure) says so: the difference, and the README's list, need another look.
    @Test(arguments: differences)
    func answersAsDocumentedWhereSwiftRegexDiffers(_ difference: Difference) throws {
        #expect(try LinearRegex(difference.pattern).matches(in: difference.text) == difference.ours, "\(difference.why)")
        let swiftAnswer = difference.text.contains(try Regex(difference.pattern))
        if swiftAnswer != difference.swift {
            Issue.record("Swift Regex now answers \(swiftAnswer), recorded \(difference.swift) (\(difference.why))", severity: .warning)
        }
    }
}
