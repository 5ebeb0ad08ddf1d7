import MockFixtures
import Testing
import TestSupport

/// Random strings of metacharacters, from a fixed seed: each compiles or throws an error that points
/// inside the pattern, and never crashes or hangs; what compiles runs on a few texts.
@Suite struct LinearRegexParserFuzzTests {
    static let pieces: [String] = ["(", ")", "[", "]", "{", "}", "?", "*", "+", "|", "\\", "^", "$", ".", "-", ",",
                                   "0", "1", "2", "9", "a", "b", "<", ">", "=", "!", ":", "P", "k", "p", "x", "u",
                                   "Q", "E", "#", "'", "&", "~", "i", "s", "m", "d", "w", "b", "B", "Z", "z", "\u{E9}"]
    static let texts = ["", "a", "ab1-", "aaaa\n", "{}[]()", "\u{E9}a9"]

    @Test func randomMetacharacterStringsCompileOrThrowAnErrorInsideThePattern() {
        var generator = SplitMix64(state: 0xF022)
        var compiled = 0
        var problems: [String] = []
        for _ in 0..<2_000 {
            var pattern = ""
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                pattern += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)]
            }
            do {
                let regex = try LinearRegex(pattern)
                compiled += 1
                for text in Self.texts { _ = regex.matches(in: text) }
            } catch {
                if error.offset < 0 || error.offset > pattern.unicodeScalars.count || error.message.isEmpty {
                    problems.append("\(pattern.debugDescription): \(error)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) bad errors, first: \(problems.prefix(10))")
        #expect(compiled > 500, "only \(compiled) of 2,000 random patterns compiled")
    }
}
