import Foundation
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
