#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Hasher {
    /// Adds what tells one version of a file from the next without reading it: size, inode
    /// (a file replaced by a rename) and modification time to the nanosecond.
    mutating func combineFileVersion(_ status: stat) {
        combine(Int64(status.st_size))
        combine(UInt64(status.st_ino))
        #if canImport(Darwin)
        combine(Int64(status.st_mtimespec.tv_sec))
        combine(Int64(status.st_mtimespec.tv_nsec))
        #else
        combine(Int64(status.st_mtim.tv_sec))
        combine(Int64(status.st_mtim.tv_nsec))
        #endif
    }
}
