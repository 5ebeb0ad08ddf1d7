#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`), which bounds the connections the server can
/// hold: each one is a socket.
enum OpenFileLimit {
    /// Descriptors kept free for everything that is not a client socket: the listening socket,
    /// each worker's epoll and wake-up descriptors, standard streams, fixture files and the
    /// watcher's folders while a tree is read, Dispatch's own.
    static func reserved(threads: Int) -> Int {
        128 + 4 * threads
    }

    /// `wanted`, or fewer when the soft limit leaves room for fewer; with the soft limit read.
    ///
    /// Maps to `getrlimit(RLIMIT_NOFILE)`.
    static func connections(wanted: Int, threads: Int) -> (limit: Int, openFiles: Int) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return (wanted, -1) }
        // RLIM_INFINITY is all ones; Swift cannot import its C definition (-1 cast to unsigned).
        guard limit.rlim_cur != rlim_t.max else { return (wanted, Int.max) }
        let openFiles = Int(clamping: limit.rlim_cur)
        return (connections(wanted: wanted, threads: threads, openFiles: openFiles), openFiles)
    }

    /// `wanted`, or what `openFiles` descriptors leave room for (at least 1).
    static func connections(wanted: Int, threads: Int, openFiles: Int) -> Int {
        max(1, min(wanted, openFiles - reserved(threads: threads)))
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
