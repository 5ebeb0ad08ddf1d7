import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of its own under the temporary directory for one test (a fixture tree, files to
/// record into, certificates), removed by ``remove()`` or when the value goes away.
///
/// Its path has symbolic links resolved (`/var` is `/private/var` on macOS), as the fixture
/// loader and the server report paths.
package final class TemporaryFolder: Sendable {
    package let url: URL
    package let path: String

    /// A new folder holding `files` (relative path: text); `label` starts its name.
    package init(_ files: [String: String] = [:], label: String = "tests") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
        url = base.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        path = url.path
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (relativePath, text) in files {
            try write(relativePath, text)
        }
    }

    deinit {
        remove()
    }

    /// Removes the folder now (a test that must be sure it is gone, or that keeps it to its end).
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// The absolute path of `relativePath` in the folder.
    package func path(_ relativePath: String) -> String {
        path + "/" + relativePath
    }

    /// Writes `text` at `relativePath`, creating folders; returns the file's path.
    @discardableResult
    package func write(_ relativePath: String, _ text: String) throws -> String {
        try write(relativePath, bytes: Array(text.utf8))
    }

    /// Writes `bytes` at `relativePath`, creating folders; returns the file's path.
    ///
    /// Writes atomically (a hidden temporary file, then a rename), so that a watcher polling the
    /// tree never sees the file empty or half-written, and reloads once per edit, not twice.
    @discardableResult
    package func write(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file, options: .atomic)
        return file.path
    }

    /// Writes a file in an existing folder with plain `open`/`write`/`close`: Foundation's
    /// `Data.write` syncs every file to disk, which for a tree of thousands of files holds a
    /// cooperative thread for seconds that other tests in the process need.
    package func writeWithoutSync(_ relativePath: String, _ text: String) throws {
        let descriptor = open(path(relativePath), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path(relativePath)]) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { writeBytes(descriptor, $0) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path(relativePath)]) }
    }

    package func makeDirectory(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: path(relativePath), withIntermediateDirectories: true)
    }

    /// A symbolic link at `relativePath` to `destination` (as given: relative or absolute).
    package func symlink(_ relativePath: String, to destination: String) throws {
        let link = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
    }

    package func text(_ relativePath: String) throws -> String {
        try String(contentsOfFile: path(relativePath), encoding: .utf8)
    }

    package func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(relativePath)))
    }

    package func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relativePath))
    }

    /// Every regular file below the folder, relative, sorted.
    package func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path(next), isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(next)
            }
        }
        return found.sorted()
    }
}

/// `write(2)` under a name the folder's own `write` methods do not shadow.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    write(descriptor, buffer.baseAddress, buffer.count)
}
