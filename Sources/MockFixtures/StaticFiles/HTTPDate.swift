/// HTTP dates (RFC 9110 §5.6.7) as whole seconds since 1970, UTC: written in the preferred
/// IMF-fixdate form, read in all three forms recipients must accept. Computed from the civil
/// calendar directly, so no formatter, locale or time zone database is involved.
///
/// ```swift
/// HTTPDate.format(784_111_777)                          // "Sun, 06 Nov 1994 08:49:37 GMT"
/// HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT")      // 784111777
/// HTTPDate.parse("Sun Nov  6 08:49:37 1994")            // 784111777
/// ```
package enum HTTPDate {
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]   // 1970-01-01 was a Thursday
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    package static func format(_ secondsSince1970: Int64) -> String {
        let (days, daySeconds) = CivilDate.floorDivision(secondsSince1970, 86_400)
        let (year, month, day) = CivilDate.from(daysSince1970: days)
        let weekday = weekdays[Int(CivilDate.floorDivision(days, 7).1)]
        return "\(weekday), \(pad(day)) \(months[Int(month) - 1]) \(year) \(pad(daySeconds / 3_600)):\(pad(daySeconds / 60 % 60)):\(pad(daySeconds % 60)) GMT"
    }

    /// Seconds since 1970 for an IMF-fixdate, an RFC 850 date (two-digit years are read as the
    /// nearest year not more than 50 years ahead, RFC 9110 §5.6.7) or an asctime date; `nil` for
    /// anything else. The weekday is not checked against the date.
    package static func parse(_ text: String) -> Int64? {
        let fields = text.split(whereSeparator: { (character: Character) in character == " " || character == "\t" }).map(String.init)
        switch fields.count {
        case 6 where fields[0].hasSuffix(","):
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            guard fields[5] == "GMT", fields[1].count == 2, fields[3].count == 4,
                  let day = Int64(fields[1]), let month = monthNumber(fields[2]), let year = Int64(fields[3]) else { return nil }
            return seconds(year: year, month: month, day: day, time: fields[4])
        case 4 where fields[0].hasSuffix(","):
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
            let date = fields[1].split(separator: "-", omittingEmptySubsequences: false)
            guard fields[3] == "GMT", date.count == 3, date[0].count == 2, date[2].count == 2,
                  let day = Int64(date[0]), let month = monthNumber(String(date[1])), let shortYear = Int64(date[2]) else { return nil }
            return seconds(year: fullYear(fromTwoDigits: shortYear), month: month, day: day, time: fields[2])
        case 5:
            // asctime: Sun Nov  6 08:49:37 1994
            guard (1...2).contains(fields[2].count), fields[4].count == 4,
                  let month = monthNumber(fields[1]), let day = Int64(fields[2]), let year = Int64(fields[4]) else { return nil }
            return seconds(year: year, month: month, day: day, time: fields[3])
        default:
            return nil
        }
    }

    private static func monthNumber(_ name: String) -> Int64? {
        months.firstIndex(of: name).map { Int64($0) + 1 }
    }

    private static func fullYear(fromTwoDigits shortYear: Int64) -> Int64 {
        let currentYear = CivilDate.from(daysSince1970: WallClock.millisecondsSince1970() / 86_400_000).year
        var year = currentYear - currentYear % 100 + shortYear
        if year > currentYear + 50 { year -= 100 }
        return year
    }

    /// `hh:mm:ss` on a valid date, as seconds since 1970.
    private static func seconds(year: Int64, month: Int64, day: Int64, time: String) -> Int64? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
              let hours = Int64(parts[0]), let minutes = Int64(parts[1]), let seconds = Int64(parts[2]),
              (0...23).contains(hours), (0...59).contains(minutes), (0...60).contains(seconds),   // 60: a leap second
              (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day), (1...9999).contains(year) else { return nil }
        return CivilDate.daysSince1970(year: year, month: month, day: day) * 86_400 + hours * 3_600 + minutes * 60 + min(seconds, 59)
    }

    private static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
