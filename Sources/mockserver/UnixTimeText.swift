#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dates for messages, without Foundation's formatters (the binary links only FoundationEssentials).
enum UnixTimeText {
    /// `2027-03-01 12:00 UTC`. Maps to `gmtime_r` and `strftime`.
    static func utcDate(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "\(seconds) s after 1970" }
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
