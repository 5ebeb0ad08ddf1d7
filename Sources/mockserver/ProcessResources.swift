#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process-wide settings the command line makes for the server it runs; the MockServer library
/// never changes them itself, since they affect the whole process it is embedded in.
enum ProcessResources {
    /// Raises the soft open-file limit to the hard one, so that the server can hold as many
    /// connections as `--max-connections` asks (each is a socket; the usual soft limit of 1024
    /// would allow about 900). Returns the soft limit in force afterwards.
    ///
    /// Maps to `getrlimit(RLIMIT_NOFILE)` and `setrlimit(RLIMIT_NOFILE)`.
    @discardableResult
    static func raiseOpenFileLimit() -> rlim_t {
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0 else { return 0 }
        guard limit.rlim_cur < limit.rlim_max else { return limit.rlim_cur }
        // An unlimited hard limit is not accepted as a soft one everywhere (macOS caps it).
        for candidate in [limit.rlim_max, 1 << 20, 1 << 16] where candidate > limit.rlim_cur && candidate <= limit.rlim_max {
            var raised = limit
            raised.rlim_cur = candidate
            if setrlimit(openFiles, &raised) == 0 { return candidate }
        }
        return limit.rlim_cur
    }

    /// Returns heap that start-up or reload work (parsing fixtures) freed to the operating
    /// system, so a long-running mock stays small; a no-op where the C library cannot.
    ///
    /// Maps to glibc's `malloc_trim(0)`, looked up with `dlsym` because Swift's Glibc module
    /// does not export `<malloc.h>`.
    static func releaseFreeHeap() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    #if canImport(Glibc)
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let openFiles = RLIMIT_NOFILE
    #endif
}
