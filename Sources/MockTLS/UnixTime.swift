#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds since 1970 now. Maps to `time(NULL)`.
func currentUnixTime() -> Int {
    Int(time(nil))
}
