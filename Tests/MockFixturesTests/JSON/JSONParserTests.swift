import Testing
@testable import MockFixtures

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text).root.value
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}} "#)
        let members = try #require(value.objectMembers)
        #expect(members.map(\.key) == ["a", "b"])
        guard case .array(let elements) = members[0].value.value else {
            Issue.record("a is not an array")
            return
        }
        #expect(elements.count == 6)
        if case .number(let number) = elements[1].value { #expect(number.literal == "-2.5e3") } else { Issue.record("not a number") }
        if case .bool(let flag) = elements[2].value { #expect(flag) } else { Issue.record("not a bool") }
        if case .null = elements[4].value {} else { Issue.record("not null") }
        #expect(elements[5].value.stringValue == "x")
    }

    /// An editor that saved a fixture as UTF-16 gets told so, not "unexpected byte 0xFF".
    @Test(arguments: [[0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], [0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x5B]] as [[UInt8]])
    func aUTF16FileIsNamedAsSuch(bytes: [UInt8]) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
        do {
            _ = try JSONParser.parse(bytes)
        } catch {
            #expect(error.message == "the text is UTF-16 or UTF-32 (it starts with that byte order mark), not UTF-8; save the file as UTF-8")
        }
    }

    @Test func recordsPositionsInCharacters() throws {
        let document = try JSONParser.parse("{\n  \"é\": \"ü\", \"k\": [\n    7]}")
        let members = try #require(document.root.value.objectMembers)
        #expect(document.root.position == JSONPosition(line: 1, column: 1))
        #expect(members[0].keyPosition == JSONPosition(line: 2, column: 3))
        #expect(members[0].value.position == JSONPosition(line: 2, column: 8))
        #expect(members[1].keyPosition == JSONPosition(line: 2, column: 13))
        guard case .array(let elements) = members[1].value.value else {
            Issue.record("k is not an array")
            return
        }
        #expect(elements[0].position == JSONPosition(line: 3, column: 5))
    }

    @Test(arguments: [
        ("[1 2]", 1, 4, "expected ',' or ']' after array element"),
        ("{\"a\" 1}", 1, 6, "expected ':' after object key"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after object member"),
        ("{a: 1}", 1, 2, "expected a string key in double quotes"),
        ("[\n  tru]", 2, 3, "expected a value"),
        ("", 1, 1, "empty"),
        ("[1,\n2", 2, 2, "expected ',' or ']' after array element, but the text ended"),
        ("\"abc", 1, 1, "unterminated string"),
        ("\"a\nb\"", 1, 3, "line break"),
        ("\"\\x\"", 1, 2, "invalid escape"),
        ("\"\\u12G4\"", 1, 2, "4 hexadecimal digits"),
        ("01", 1, 2, "leading zeros"),
        ("-", 1, 2, "digit after '-'"),
        ("1.", 1, 3, "digit after '.'"),
        ("1e+", 1, 4, "exponent"),
        ("[1] [2]", 1, 5, "after the end of the JSON value"),
        ("[,]", 1, 2, "expected a value"),
        ("{\"a\":1,,}", 1, 8, "expected a string key"),
        ("[\"é\", x]", 1, 7, "expected a value"),
        ("[NaN]", 1, 2, "'NaN'"),
    ])
    func reportsSyntaxErrorsWithPosition(text: String, line: Int, column: Int, fragment: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test func acceptsTrailingCommasInArraysAndObjects() throws {
        let value = try parse("[1, {\"a\": 2,},\n]")
        guard case .array(let elements) = value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 2)
        #expect(elements[1].value.objectMembers?.count == 1)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#""q\"b\\s\/n\nt\tu\u00e9 \ud83d\ude00 \u0000""#)
        #expect(value.stringValue == "q\"b\\s/n\nt\tué 😀 \u{0}")
    }

    @Test(arguments: [#""\ud83d""#, #""\ud83dx""#, #""\ude00""#, #""\ud83d\u0041""#])
    func rejectsLoneSurrogates(text: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.message.contains("surrogate"), "\(error)")
    }

    @Test func rejectsInvalidUTF8InStrings() throws {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22]] {
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
        }
        let valid = try JSONParser.parse([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]).root.value
        #expect(valid.stringValue == "😀")
    }

    @Test func rejectsRawControlCharacters() throws {
        let error = try #require(syntaxError("\"a\u{1}b\""))
        #expect(error.message.contains("U+0001"))
    }

    @Test func skipsByteOrderMark() throws {
        let value = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[true]".utf8)).root.value
        guard case .array(let elements) = value, case .bool(true) = elements.first?.value else {
            Issue.record("BOM not skipped")
            return
        }
    }

    @Test func capsNestingDepthWithoutOverflowingTheStack() throws {
        let deepest = String(repeating: "[", count: JSONParser.defaultMaximumDepth) + String(repeating: "]", count: JSONParser.defaultMaximumDepth)
        #expect(throws: Never.self) { try JSONParser.parse(deepest) }
        let tooDeep = String(repeating: "[", count: 100_000)
        let error = try #require(syntaxError(tooDeep))
        #expect(error.message.contains("nested deeper than 512"))
        #expect(error.column == JSONParser.defaultMaximumDepth + 1)
        let objects = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(syntaxError(objects)?.message.contains("nested deeper") == true)
    }

    @Test func keepsTheLastOfDuplicateKeysAndReportsThem() throws {
        let document = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        let members = try #require(document.root.value.objectMembers)
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members[1].value.value == .number(JSONNumber(3)))
        #expect(document.duplicateKeys == [JSONDuplicateKey(key: "a", position: JSONPosition(line: 1, column: 18), firstPosition: JSONPosition(line: 1, column: 2))])
    }

    @Test func keepsNumberLiteralsExactly() throws {
        let value = try parse("[0, -0, 1.50, 1E+2, 123456789012345678901234567890]")
        guard case .array(let elements) = value else {
            Issue.record("not an array")
            return
        }
        let literals = elements.compactMap { node -> String? in
            if case .number(let number) = node.value { return number.literal }
            return nil
        }
        #expect(literals == ["0", "-0", "1.50", "1E+2", "123456789012345678901234567890"])
    }
}
