#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock, for journal timestamps, and its RFC 3339 form.
enum WallClock {
    /// Milliseconds since 1970-01-01T00:00:00Z (`clock_gettime(CLOCK_REALTIME)`).
    static func millisecondsSince1970() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// `2026-11-23T13:37:28.123Z`: RFC 3339, UTC, milliseconds. Computed from the civil calendar
    /// directly (Howard Hinnant's days-to-date algorithm), so no formatter or locale is involved.
    static func rfc3339(milliseconds: Int64) -> String {
        let (days, dayMilliseconds) = CivilDate.floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = CivilDate.from(daysSince1970: days)
        let hours = dayMilliseconds / 3_600_000
        let minutes = dayMilliseconds / 60_000 % 60
        let seconds = dayMilliseconds / 1_000 % 60
        let millis = dayMilliseconds % 1_000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(millis, 3))Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
