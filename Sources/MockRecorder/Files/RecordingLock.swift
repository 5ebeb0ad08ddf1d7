#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MockFixtures

/// An advisory lock shared by every recorder of one root on this machine, so two processes
/// recording into the same folder (`mockserver record` and a `--proxy-unmatched --record`) merge
/// one after the other instead of each writing over the other's entries. The lock file lives in
/// the temporary folder, named after the root: in the root, the loader would warn about it.
struct RecordingLock: Sendable {
    let path: String

    init(root: String) {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        path = folder + "/mockserver-record-" + FNV1a.hex(FNV1a.hash(Array(root.utf8)), digits: 16) + ".lock"
    }

    /// Runs `body` holding the lock. Each call opens the file anew: a lock belongs to an open
    /// file description, so two threads of one process exclude each other too. When the lock
    /// file cannot be opened, `body` runs unlocked (recording must not fail for it).
    ///
    /// Maps to `open(O_CREAT | O_RDWR | O_CLOEXEC)`, `flock(LOCK_EX)` and `close`.
    func withLock<Result>(_ body: () throws(RecordError) -> Result) throws(RecordError) -> Result {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        return try body()
    }
}
