import MockFixtures
import Testing

/// Text that goes into one log or report line keeps to one line.
@Suite struct ControlEscapeTests {
    @Test func controlCharactersAreWrittenAsEscapes() {
        #expect("plain text, ünïcode ✓".escapingControlCharacters() == "plain text, ünïcode ✓")
        #expect("a\nb\rc\td".escapingControlCharacters() == #"a\nb\rc\td"#)
        #expect("\u{1B}[31mred\u{7F}\u{85}".escapingControlCharacters() == #"\u{1B}[31mred\u{7F}\u{85}"#)
    }

    @Test func aProblemInAFileWhoseNameHoldsALineBreakIsOneLine() {
        let problem = FixtureProblem(severity: .error, file: "api/evil\nname.json", line: 1, column: 2, message: "broken", hint: "fix it")
        #expect(problem.description == #"api/evil\nname.json:1:2: error: broken. Fix it"#)
    }
}
