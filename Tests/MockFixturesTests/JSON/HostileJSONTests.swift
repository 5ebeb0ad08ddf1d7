import Dispatch
import Testing
@testable import MockFixtures

@Suite("Hostile JSON")
struct HostileJSONTests {
    /// `{"k0":0,"k1":0,…,"k0":1,"k0":1,…}`: `count` distinct keys, then `count` repeats of the
    /// first. Before the fix, each repeat shifted the whole member array and renumbered every
    /// other key (O(n²)); a 10 MiB body of them held a worker for hours.
    static func repeatedKeys(_ count: Int) -> [UInt8] {
        var text = "{"
        text.reserveCapacity(count * 16)
        for index in 0..<count {
            text += #""k\#(index)":0,"#
        }
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #""k0":1"#
        }
        return Array((text + "}").utf8)
    }

    @Test func repeatedKeysParseInLinearTime() throws {
        // A linear parse of 8x the input takes ~8x the time; the quadratic one took 64x. The ratio of
        // two sizes' best-of-three times, with a 3x margin, holds on a busy machine too.
        func bestTime(_ bytes: [UInt8]) throws -> UInt64 {
            var best = UInt64.max
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                let document = try JSONParser.parse(bytes)
                best = min(best, DispatchTime.now().uptimeNanoseconds - start)
                #expect(document.root.value["k0"] == .number(JSONNumber(1)))
            }
            return best
        }
        let small = try bestTime(Self.repeatedKeys(5_000))
        let large = try bestTime(Self.repeatedKeys(40_000))
        #expect(Double(large) / Double(max(small, 1)) < 24, "8x the keys took \(Double(large) / Double(max(small, 1)))x the time")
    }

    @Test func theLastOfRepeatedKeysWinsInItsOwnPlace() throws {
        let document = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3, "c": 4, "b": 5}"#)
        #expect(document.root.value.objectMembers?.map(\.key) == ["a", "c", "b"])
        #expect(document.root.value["a"] == .number(JSONNumber(3)))
        #expect(document.duplicateKeys.map(\.key) == ["a", "b"])
    }

    @Test func equalityTreatsRepeatedKeysAsParsingDoes() {
        let repeated = JSONValue.makeObject([("a", .number(JSONNumber(1))), ("a", .number(JSONNumber(1)))])
        let other = JSONValue.makeObject([("a", .number(JSONNumber(1))), ("b", .number(JSONNumber(2)))])
        #expect(repeated != other, "same count, but {a} is not {a, b}")
        #expect(other != repeated)
        #expect(repeated == JSONValue.makeObject([("a", .number(JSONNumber(1)))]))
        let lastWins = JSONValue.makeObject([("a", .number(JSONNumber(0))), ("a", .number(JSONNumber(1)))])
        #expect(lastWins == JSONValue.makeObject([("a", .number(JSONNumber(1)))]))
        #expect(lastWins != JSONValue.makeObject([("a", .number(JSONNumber(0)))]))
        let many = (0..<20).map { ("k\($0)", JSONValue.number(JSONNumber($0))) }
        #expect(JSONValue.makeObject(many + [("k0", .number(JSONNumber(0)))]) == JSONValue.makeObject(many))
        #expect(JSONValue.makeObject(many + [("k0", .number(JSONNumber(0)))]) != JSONValue.makeObject(Array(many.dropFirst()) + [("x", .null), ("k0", .number(JSONNumber(0)))]))
        #expect(lastWins.firstDifference(from: JSONValue.makeObject([("a", .number(JSONNumber(1)))])) == nil)
    }

    @Test func numbersFollowOneGrammar() {
        for valid in ["0", "-0", "1.5", "1e5", "1E+5", "-1.25e-3"] {
            #expect(JSONNumber(parsing: valid) != nil, "\(valid)")
            #expect((try? JSONParser.parse(valid)) != nil, "\(valid)")
        }
        for invalid in ["01", "1.", ".5", "-", "1e", "+1", "1.5.5", ""] {
            #expect(JSONNumber(parsing: invalid) == nil, "\(invalid)")
        }
    }
}
