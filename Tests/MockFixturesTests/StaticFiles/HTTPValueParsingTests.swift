import Foundation
@testable import MockFixtures
import Testing

@Suite("HTTP dates, entity tags and byte ranges")
struct HTTPValueParsingTests {
    @Test func datesAreWrittenAsIMFFixdateAndReadInAllThreeForms() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.format(-1) == "Wed, 31 Dec 1969 23:59:59 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 00:00:00 GMT") == 951_782_400)
    }

    @Test func formattingAndParsingAgreeOverCenturies() {
        var seconds: Int64 = -2_208_988_800   // 1900
        while seconds < 7_258_118_400 {       // 2200
            #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds, "\(seconds)")
            seconds += 86_400 * 97 + 3_671
        }
    }

    @Test(arguments: [
        "", "yesterday", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 29 Feb 1900 00:00:00 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun Nov  6 08:49:37 94", "1994-11-06T08:49:37Z",
    ])
    func invalidDatesAreNil(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func twoDigitYearsAreTheNearestNotMoreThanFiftyYearsAhead() throws {
        let currentYear = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year!
        let ahead = (currentYear + 49) % 100, behind = (currentYear + 51) % 100
        let aheadDate = try #require(HTTPDate.parse(String(format: "Monday, 01-Jan-%02d 00:00:00 GMT", ahead)))
        let behindDate = try #require(HTTPDate.parse(String(format: "Monday, 01-Jan-%02d 00:00:00 GMT", behind)))
        #expect(HTTPDate.format(aheadDate).contains(" \(currentYear + 49) "))
        #expect(HTTPDate.format(behindDate).contains(" \(currentYear + 51 - 100) "))
    }

    @Test func entityTagListsCompareWeaklyOrStrongly() {
        let tag = #""5-abc""#
        #expect(EntityTagList(#""5-abc""#).containsWeakMatch(for: tag))
        #expect(EntityTagList(#"W/"5-abc""#).containsWeakMatch(for: tag))
        #expect(!EntityTagList(#"W/"5-abc""#).containsStrongMatch(for: tag))
        #expect(EntityTagList(#""x", "5-abc""#).containsStrongMatch(for: tag))
        #expect(EntityTagList(#""a,b",W/"5-abc""#).containsWeakMatch(for: tag), "a comma inside quotes does not split")
        #expect(!EntityTagList(#""a,b""#).containsWeakMatch(for: #""a""#))
        #expect(EntityTagList(" * ").containsStrongMatch(for: tag))
        #expect(!EntityTagList(#""5-abd""#).containsWeakMatch(for: tag))
        #expect(!EntityTagList("").containsWeakMatch(for: tag))
    }

    @Test func byteRangesAreParsedClippedAndMerged() throws {
        func ranges(_ header: String, size: Int) -> [ClosedRange<Int>]? {
            ByteRangeRequest(parsing: header)?.satisfiableRanges(inSize: size)
        }
        #expect(ranges("bytes=0-9", size: 100) == [0...9])
        #expect(ranges("bytes=90-", size: 100) == [90...99])
        #expect(ranges("bytes=-10", size: 100) == [90...99])
        #expect(ranges("bytes=-1000", size: 100) == [0...99])
        #expect(ranges("bytes=50-1000", size: 100) == [50...99])
        #expect(ranges("Bytes = 0-0 , 99-99", size: 100) == [0...0, 99...99])
        #expect(ranges("bytes=20-29,0-9", size: 100) == [0...9, 20...29], "sorted")
        #expect(ranges("bytes=0-9,5-19,20-29", size: 100) == [0...29], "overlapping and adjacent ranges merge")
        #expect(ranges("bytes=0-9,,", size: 100) == [0...9], "empty list elements are allowed")
        #expect(ranges("bytes=100-", size: 100) == [], "starts past the end: unsatisfiable")
        #expect(ranges("bytes=-0", size: 100) == [])
        #expect(ranges("bytes=100-200,-0", size: 100) == [])
        #expect(ranges("bytes=99999999999999999999999-", size: 100) == [], "overlong numbers are beyond any file")
        #expect(ranges("bytes=0-99999999999999999999999", size: 100) == [0...99])
        #expect(ranges("bytes=100-200,0-0", size: 100) == [0...0], "satisfiable ones are kept")
    }

    @Test(arguments: ["items=0-9", "bytes 0-9", "bytes=", "bytes=9-0", "bytes=a-b", "bytes=0-9;x", "bytes=--5", "bytes=+1-2", "bytes=0x1-2", "0-9"])
    func byteRangeHeadersThatAreNotUnderstoodAreIgnored(header: String) {
        #expect(ByteRangeRequest(parsing: header) == nil)
    }

    @Test func moreThanTheMaximumNumberOfRangesIsIgnored() {
        let many = (0..<ByteRangeRequest.maximumRanges).map { "\($0 * 2)-\($0 * 2)" }
        #expect(ByteRangeRequest(parsing: "bytes=" + many.joined(separator: ",")) != nil)
        #expect(ByteRangeRequest(parsing: "bytes=" + (many + ["999-999"]).joined(separator: ",")) == nil)
    }
}
