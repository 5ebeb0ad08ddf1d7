import Testing
@testable import MockFixtures

/// `{{random.…}}` draws from a generator the system seeds per value (audit F3: a system call per
/// character made 41 MB of `random.hex` take 17 s): the values still cover the alphabet evenly
/// and differ from one value to the next.
@Suite struct SeededRandomTests {
    @Test func charactersCoverTheAlphabetEvenly() throws {
        let random = try TemplateRandom.parse("alphanumeric(4096)", shown: "{{random.alphanumeric(4096)}}").get()
        var text = ""
        while text.count < 62_000 {
            guard case .text(let value) = random.value() else {
                Issue.record("not text")
                return
            }
            text += value
        }
        var counts: [Character: Int] = [:]
        for character in text.prefix(62_000) { counts[character, default: 0] += 1 }
        #expect(counts.count == 62, "every letter and digit appears")
        // 1,000 expected each; a fair source stays within ±20 % with overwhelming probability.
        #expect(counts.values.allSatisfy { (800...1_200).contains($0) }, "\(counts.values.sorted())")
        guard case .text(let other) = random.value() else { return }
        #expect(other != text, "each value is seeded anew")
    }
}
