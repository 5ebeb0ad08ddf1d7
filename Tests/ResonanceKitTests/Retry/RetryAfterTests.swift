import Foundation
@testable import ResonanceKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Retry-After")
struct RetryAfterTests {
    private let now = Date(timeIntervalSince1970: 1_445_412_480)   // Wed, 21 Oct 2015 07:28:00 GMT

    @Test("delta seconds", arguments: [("0", 0.0), ("1", 1), (" 120 ", 120)] as [(String, TimeInterval)])
    func deltaSeconds(value: String, expected: TimeInterval) {
        #expect(RetryAfter.delay(from: value, now: now) == expected)
    }

    @Test("an IMF-fixdate is the time until then; a past date is 0")
    func httpDate() {
        #expect(RetryAfter.delay(from: "Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
        #expect(RetryAfter.delay(from: "Thu, 22 Oct 2015 07:28:00 GMT", now: now) == 86_400)
        #expect(RetryAfter.delay(from: "Wed, 21 Oct 2015 07:27:00 GMT", now: now) == 0)
        #expect(RetryAfter.imfFixdate("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(RetryAfter.imfFixdate("Tue, 29 Feb 2000 00:00:00 GMT") == Date(timeIntervalSince1970: 951_782_400))
    }

    @Test("malformed values are ignored", arguments: [
        "", "-5", "1.5", "soon", "Wed, 21 Oct 2015 07:28:00 UTC", "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994", "Wed, 21 Foo 2015 07:28:00 GMT", "Wed, 21 Oct 2015 25:28:00 GMT", "Wed, 1 Oct 2015 07:28:00 GMT",
    ])
    func malformed(value: String) {
        #expect(RetryAfter.delay(from: value, now: now) == nil)
    }
}
