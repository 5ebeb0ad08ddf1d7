import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MockFixtures

/// A fixture folder in the temporary directory, removed when the value goes away.
final class TemporaryFixtureTree {
    let root: String

    init() throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath().path
        root = base + "/MockFixturesTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relativePath: String) -> String {
        root + "/" + relativePath
    }

    func write(_ relativePath: String, _ contents: String) throws {
        try write(relativePath, bytes: Array(contents.utf8))
    }

    func write(_ relativePath: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path(relativePath))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Writes a file in an existing folder with plain `open`/`write`/`close`: Foundation's
    /// `Data.write` syncs every file to disk, which for a tree of thousands of files holds a
    /// cooperative thread for seconds that other tests in the process need.
    func writeWithoutSync(_ relativePath: String, _ contents: String) throws {
        let descriptor = open(path(relativePath), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path(relativePath)]) }
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        let written = bytes.withUnsafeBytes { writeBytes(descriptor, $0) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path(relativePath)]) }
    }

    func makeDirectory(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: path(relativePath), withIntermediateDirectories: true)
    }

    func symlink(_ relativePath: String, to destination: String) throws {
        let url = URL(fileURLWithPath: path(relativePath))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    func load(options: FixtureLoadOptions = .init()) throws -> FixtureStore {
        try FixtureStore.load(root: root, options: options)
    }
}

/// `write(2)` under a name the fixture tree's own `write` methods do not shadow.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    write(descriptor, buffer.baseAddress, buffer.count)
}
