#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Hasher {
    /// Adds what tells one version of a file from the next without reading it: size, inode
    /// (a file replaced by a rename), modification time to the nanosecond, and who may read it
    /// (permission bits, owner, group): a `chmod 644` that fixes the "cannot be opened
    /// (permission denied)" a fixture answers with changes no content, and must reload too.
    mutating func combineFileVersion(_ status: stat) {
        combine(Int64(status.st_size))
        combine(UInt64(status.st_ino))
        combine(UInt32(status.st_mode & 0o7777))
        combine(UInt32(status.st_uid))
        combine(UInt32(status.st_gid))
        #if canImport(Darwin)
        combine(Int64(status.st_mtimespec.tv_sec))
        combine(Int64(status.st_mtimespec.tv_nsec))
        #else
        combine(Int64(status.st_mtim.tv_sec))
        combine(Int64(status.st_mtim.tv_nsec))
        #endif
    }
}
