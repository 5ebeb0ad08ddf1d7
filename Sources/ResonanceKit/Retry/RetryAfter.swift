import Foundation

/// Parses `Retry-After` (RFC 9110 §10.2.3): delta-seconds (`120`) or an IMF-fixdate
/// (`Wed, 21 Oct 2015 07:28:00 GMT`). Parsed by hand, so no locale or formatter state is
/// involved; the obsolete RFC 850 and asctime forms are not accepted.
enum RetryAfter {
    /// Seconds to wait from `now`; a date in the past is 0; unparseable is `nil`.
    static func delay(from value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingWhitespace
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Absurd numbers are clamped rather than rejected; the retry budget caps them anyway.
            return TimeInterval(text.prefix(12))
        }
        guard let date = imfFixdate(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, exactly.
    static func imfFixdate(_ text: String) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6,
              fields[0].count == 4, fields[0].hasSuffix(","), weekdays.contains(String(fields[0].dropLast())),
              fields[1].count == 2, let day = Int(fields[1]),
              let monthIndex = months.firstIndex(of: fields[2]),
              fields[3].count == 4, let year = Int(fields[3]),
              fields[5] == "GMT"
        else { return nil }
        let time = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard fields[4].count == 8, time.count == 3,
              let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
              (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSince1970(year: year, month: monthIndex + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
