#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MockFixtures

/// A raw fingerprint of a fixture root: every name (but hidden ones, which the loader never
/// reads), type, and every file's size, inode and modification time; one `stat` per entry and
/// no other rule about what is served.
/// Cheap (about 20 ms for 10,000 files, a third of ``FixtureTreeSignature``'s walk with the
/// loader's rules), so ``FixtureWatcher`` takes one each poll and walks with the loader's rules
/// only when it changed: when it is unchanged, nothing the loader reads has changed either.
///
/// Follows symlinks, at most ``maximumDepth`` folders deep, never into a folder it is already inside.
struct FixtureTreeStamp: Sendable, Equatable {
    static let maximumDepth = 64

    /// Files and folders seen, 0 when the root is missing.
    private(set) var entryCount = 0
    /// Order-independent sum of one hash per entry (readdir order is not stable across edits).
    private var combined: UInt64 = 0
    /// False when the root folder is missing or unreadable.
    private(set) var rootReadable = false

    /// Walks `root` now.
    init(root: String) {
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
                // Hidden names (`.git`, editor swap files) are never read by the loader.
                guard length > 0, !HiddenName.isHidden(bytes: UnsafeRawBufferPointer(rebasing: raw[0..<length])) else { return nil }
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
        hasher.combineFileVersion(status)
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
