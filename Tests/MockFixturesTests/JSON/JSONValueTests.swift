import Testing
@testable import MockFixtures

@Suite("JSON values: equality and serialization")
struct JSONValueTests {
    private func value(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text).root.value
    }

    @Test(arguments: [
        ("1", "1.0"), ("1e2", "100"), ("100", "1E+2"), ("0.1", "1e-1"), ("-0", "0"), ("0.0", "0e10"),
        ("12.3400", "1234e-2"), ("123456789012345678901234567890", "1.2345678901234567890123456789e29"),
    ])
    func numbersCompareByExactDecimalValue(lhs: String, rhs: String) {
        #expect(JSONNumber(literal: lhs) == JSONNumber(literal: rhs))
        #expect(JSONNumber(literal: lhs).hashValue == JSONNumber(literal: rhs).hashValue)
    }

    @Test(arguments: [
        ("1", "2"), ("1", "-1"), ("0.1", "0.10000000000000001"), ("12345678901234567890", "12345678901234567891"),
        ("1e2", "1e3"), ("9007199254740993", "9007199254740992"),
    ])
    func differentNumbersAreNotEqual(lhs: String, rhs: String) {
        #expect(JSONNumber(literal: lhs) != JSONNumber(literal: rhs))
    }

    @Test func hugeExponentsDoNotCrash() {
        #expect(JSONNumber(literal: "1e999999999999999999999") != JSONNumber(literal: "1"))
        #expect(JSONNumber(parsing: "2.0") == JSONNumber(2))
        #expect(JSONNumber(parsing: "2.") == nil)
        #expect(JSONNumber(parsing: "two") == nil)
    }

    @Test func objectKeyOrderIsIgnored() throws {
        #expect(try value(#"{"a": 1, "b": [1e2, {"c": null}]}"#) == value(#"{"b": [100, {"c": null}], "a": 1.0}"#))
        #expect(try value(#"{"a": 1}"#) != value(#"{"a": 1, "b": 2}"#))
        #expect(try value("[1, 2]") != value("[2, 1]"))
        #expect(try value(#""1""#) != value("1"))
        #expect(try value("true") != value("1"))
    }

    @Test func describesTheFirstDifferenceWithAPath() throws {
        let expected = try value(#"{"person": {"name": "Rey", "tags": [1, 2, 3]}, "odd key": true}"#)
        #expect(expected.firstDifference(from: try value(#"{"person": {"name": "Finn", "tags": [1, 2, 3]}, "odd key": true}"#))
                == #"at $.person.name: expected "Rey", got "Finn""#)
        #expect(expected.firstDifference(from: try value(#"{"person": {"name": "Rey", "tags": [1, 2]}, "odd key": true}"#))
                == "at $.person.tags: expected 3 elements, got 2")
        #expect(expected.firstDifference(from: try value(#"{"person": {"tags": [1, 2, 3]}, "odd key": true}"#))
                == #"at $.person: missing key "name" (expected "Rey")"#)
        #expect(expected.firstDifference(from: try value(#"{"person": {"name": "Rey", "tags": [1, 2, 3], "x": 0}, "odd key": true}"#))
                == #"at $.person: unexpected key "x""#)
        #expect(expected.firstDifference(from: try value(#"{"person": {"name": "Rey", "tags": [1, 2, 3]}, "odd key": 1}"#))
                == #"at $["odd key"]: expected boolean true, got number 1"#)
        #expect(expected.firstDifference(from: try value(#"{"odd key": true, "person": {"tags": [1, 2, 3.0], "name": "Rey"}}"#)) == nil)
    }

    @Test func serializesCompactlyInSourceOrderWithLiteralsAsWritten() throws {
        let text = "{ \"z\": 1.50, \"a\": [ true, null, 1E+2 ], \"s\": \"q\\\"\\\\\\n\\t\\u0001é😀\", \"e\": {}, \"l\": [] , }"
        let serialized = String(decoding: try value(text).serializedBytes(), as: UTF8.self)
        #expect(serialized == #"{"z":1.50,"a":[true,null,1E+2],"s":"q\"\\\n\t\u0001é😀","e":{},"l":[]}"#)
    }

    @Test func serializationRoundTrips() throws {
        let original = try value(#"{"name": "Luke \"Red Five\" Skywalker\n", "n": [0, -1.25e-3, 12345678901234567890], "nested": {"deep": [[[]]], "u": "\u2028\ud83d\ude00"}}"#)
        let compact = try JSONParser.parse(original.serializedBytes()).root.value
        let pretty = try JSONParser.parse(original.prettyPrintedBytes()).root.value
        #expect(compact == original)
        #expect(pretty == original)
        #expect(compact.serializedBytes() == original.serializedBytes())
    }

    @Test func prettyPrintingPutsOneMemberPerLine() throws {
        let pretty = String(decoding: try value(#"{"a":1,"b":[true]}"#).prettyPrintedBytes(), as: UTF8.self)
        #expect(pretty == "{\n  \"a\": 1,\n  \"b\": [\n    true\n  ]\n}\n")
    }
}
