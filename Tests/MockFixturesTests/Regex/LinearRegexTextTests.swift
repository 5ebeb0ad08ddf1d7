import MockFixtures
import Testing

/// The texts `matches(in:)` is given: substrings (the substring is the whole text, as in Swift `Regex`),
/// empty texts, a large body, 4-byte scalars.
@Suite struct LinearRegexTextTests {
    @Test func anchorsApplyToTheSubstringNotToTheStringAroundIt() throws {
        let regex = try LinearRegex("^id=\\d+$")
        let text = "xx id=42 yy"
        #expect(regex.matches(in: text.dropFirst(3).dropLast(3)))
        #expect(!regex.matches(in: text))
    }

    /// At a substring's start `\b` sees no previous scalar, as Swift `Regex` does.
    @Test func wordBoundariesDoNotLookOutsideTheSubstring() throws {
        let regex = try LinearRegex("\\bid\\b")
        #expect(regex.matches(in: "xid id".dropFirst(1)))
        #expect(regex.matches(in: "xid".dropFirst(1)))
    }

    @Test func emptyTextsMatchOnlyPatternsThatMatchNothing() throws {
        #expect(try LinearRegex("").matches(in: ""))
        #expect(try LinearRegex("^$").matches(in: ""))
        #expect(!(try LinearRegex("a").matches(in: "")))
    }

    /// A 2 MB JSON-ish body with the needle at its very end (the benchmark runs 10 MB in the -O build).
    @Test func findsTheNeedleAtTheEndOfALargeBody() throws {
        let body = String(repeating: "{\"k\":\"v\"}, ", count: 200_000) + "\"needle\": 123"
        #expect(try LinearRegex("\"needle\":\\s*\\d+").matches(in: body))
        #expect(!(try LinearRegex("\"needle\":\\s*[a-z]").matches(in: body)))
    }

    @Test func multiByteScalarsAndCategoriesMatchOverNonASCIIText() throws {
        let text = String(repeating: "\u{65E5}\u{672C}\u{8A9E}\u{1D11E}\u{E9}", count: 1000) + "END"
        #expect(try LinearRegex("\u{1D11E}\u{E9}END$").matches(in: text))
        #expect(try LinearRegex("^(\\P{Lu}{5})+END$").matches(in: text))
        #expect(!(try LinearRegex("^(\\P{Lu}{5})+ND$").matches(in: text)))
    }
}
