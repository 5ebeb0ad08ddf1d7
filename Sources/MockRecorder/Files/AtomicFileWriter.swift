import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files under the fixture root so that a reader (the server reloading, `--watch`, a
/// person's editor) sees either the old file or the new one, never half of one.
struct AtomicFileWriter {
    /// The root, absolute, symbolic links resolved.
    let root: String

    /// Creates the folders of `relativePath`, writes a hidden temporary file next to it and
    /// renames it over the target.
    ///
    /// Maps to `mkdir` (through FileManager), `realpath` (the folder must still be inside the
    /// root), `open(O_CREAT | O_EXCL)`, `write`, `fsync`, `close` and `rename`.
    func store(_ bytes: [UInt8], at relativePath: String) throws(RecordError) {
        let path = root + "/" + relativePath
        let slash = path.lastIndex(of: "/")!
        let folder = String(path[..<slash])
        let name = path[path.index(after: slash)...]
        if let failure = Self.makeFolders(folder) {
            // In the system's words (audit I2: FileManager's error printed as a CocoaError dump).
            throw .writeFailed(path: relativePath, reason: "its folder cannot be created: \(String(cString: strerror(failure)))")
        }
        let resolvedFolder: String
        switch Self.resolve(folder) {
        case .success(let resolved): resolvedFolder = resolved
        case .failure(let reason): throw .writeFailed(path: relativePath, reason: reason.text)
        }
        guard resolvedFolder == root || resolvedFolder.hasPrefix(root + "/") else {
            throw .outsideRoot(path: relativePath)
        }
        // Not named after the target: a target name near the file system's 255 bytes would
        // leave no room for a suffix.
        let temporary = "\(resolvedFolder)/.recording-\(getpid())-\(Self.nextSerial()).tmp"
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY, 0o644)
        guard descriptor >= 0 else {
            throw .writeFailed(path: relativePath, reason: String(cString: strerror(errno)))
        }
        var failure: Int32 = 0
        var offset = 0
        while offset < bytes.count, failure == 0 {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                offset += written
            } else if errno != EINTR {
                failure = errno
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, "\(resolvedFolder)/\(name)") != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw .writeFailed(path: relativePath, reason: String(cString: strerror(failure)))
        }
    }

    /// Creates `folder` and the folders above it that are missing; the `errno` of the first
    /// that cannot be, or nil. Maps to `mkdir(2)` per component.
    private static func makeFolders(_ folder: String) -> Int32? {
        var current = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0, errno != EEXIST { return errno }
        }
        var status = stat()
        guard stat(folder, &status) == 0 else { return errno }
        return (status.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR
    }

    /// `path` made absolute with every symbolic link resolved. Maps to `realpath(3)`.
    static func resolve(_ path: String) -> Result<String, SystemError> {
        guard let resolved = realpath(path, nil) else { return .failure(SystemError(errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// Removes a file the recorder wrote earlier and no entry uses any more; a missing file is fine.
    func remove(_ relativePath: String) {
        unlink(root + "/" + relativePath)
    }

    private static let serial = SerialNumbers()

    private static func nextSerial() -> Int {
        serial.next()
    }
}

/// An `errno` with its text.
struct SystemError: Error {
    let text: String

    init(_ code: Int32) {
        text = String(cString: strerror(code))
    }
}

/// Distinct numbers for temporary file names across threads.
///
/// `@unchecked Sendable` is safe because `last` is only read and written inside `queue.sync`.
private final class SerialNumbers: @unchecked Sendable {
    private let queue = DispatchQueue(label: "MockRecorder.serial")
    private var last = 0

    func next() -> Int {
        queue.sync {
            last += 1
            return last
        }
    }
}
