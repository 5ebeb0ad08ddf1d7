#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A cheap fingerprint of a fixture tree: relative paths and types of everything the loader
/// would look at, plus sizes, inodes and modification times of its files. Two signatures differ when a file
/// was added, removed, renamed, rewritten or replaced; reading no file content keeps it fast
/// (one `stat` per entry).
///
/// ```swift
/// let before = FixtureTreeSignature(root: "/srv/mocks")
/// // … someone edits api/people.json …
/// if FixtureTreeSignature(root: "/srv/mocks") != before { try server.reload() }
/// ```
///
/// Like the loader it skips hidden names (so editor swap files do not count) and follows
/// symlinks, at most ``maximumDepth`` folders deep, never into a folder it is already inside.
/// Signatures compare only within one process (the hash is seeded per process).
public struct FixtureTreeSignature: Sendable, Hashable {
    public static let maximumDepth = 64

    /// Files and folders seen, 0 when the root is missing.
    public private(set) var entryCount = 0
    /// Order-independent sum of one hash per entry (readdir order is not stable across edits).
    private var combined: UInt64 = 0
    /// False when the root folder is missing or unreadable.
    public private(set) var rootReadable = false

    /// Walks `root` now.
    public init(root: String) {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        rootReadable = true
        var rootStatus = stat()
        guard fstat(descriptor, &rootStatus) == 0 else {
            close(descriptor)
            return
        }
        walk(directory: descriptor, pathHash: 0, ancestors: [Self.identity(rootStatus)])
    }

    /// Reads `directory` (and closes it), then each folder below it.
    private mutating func walk(directory: Int32, pathHash: Int, ancestors: [FileIdentity]) {
        guard let stream = fdopendir(directory) else {
            close(directory)
            return
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let nameHash = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> Int? in
                let length = strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
                guard length > 0, raw[0] != UInt8(ascii: ".") else { return nil }
                var hasher = Hasher()
                hasher.combine(pathHash)
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[0..<length]))
                return hasher.finalize()
            }
            guard let nameHash else { continue }
            var status = stat()
            let found = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                // A dangling symlink still counts (as itself), so fixing it is noticed.
                return fstatat(dirfd(stream), name, &status, 0) == 0
                    || fstatat(dirfd(stream), name, &status, AT_SYMLINK_NOFOLLOW) == 0
            }
            guard found else { continue }
            add(nameHash: nameHash, status: status)
            let isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
            let identity = Self.identity(status)
            guard isDirectory, ancestors.count < Self.maximumDepth, !ancestors.contains(identity) else { continue }
            let child = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                openat(dirfd(stream), raw.baseAddress!.assumingMemoryBound(to: CChar.self), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            if child >= 0 {
                walk(directory: child, pathHash: nameHash, ancestors: ancestors + [identity])
            }
        }
    }

    private mutating func add(nameHash: Int, status: stat) {
        var hasher = Hasher()
        hasher.combine(nameHash)
        let type = status.st_mode & S_IFMT
        hasher.combine(UInt32(type))
        entryCount += 1
        // A folder's own size and time change with any entry, hidden ones (editor swap files)
        // included; the entries it holds are counted by themselves.
        guard type != S_IFDIR else {
            combined &+= UInt64(bitPattern: Int64(hasher.finalize()))
            return
        }
        hasher.combine(Int64(status.st_size))
        hasher.combine(UInt64(status.st_ino))
        #if canImport(Darwin)
        hasher.combine(Int64(status.st_mtimespec.tv_sec))
        hasher.combine(Int64(status.st_mtimespec.tv_nsec))
        #else
        hasher.combine(Int64(status.st_mtim.tv_sec))
        hasher.combine(Int64(status.st_mtim.tv_nsec))
        #endif
        combined &+= UInt64(bitPattern: Int64(hasher.finalize()))
    }

    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    private static func identity(_ status: stat) -> FileIdentity {
        FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
