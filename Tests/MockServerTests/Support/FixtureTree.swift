import Foundation

/// A throwaway fixture folder under the system temp directory, removed on `deinit`.
final class FixtureTree: Sendable {
    let root: URL

    init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("mockserver-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            try write(path, Data(text.utf8))
        }
    }

    /// Writes atomically (a hidden temporary file, then a rename), so that a watcher polling the
    /// tree never sees the file empty or half-written, and reloads once per edit, not twice.
    func write(_ relativePath: String, _ data: Data) throws {
        let file = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
    }

    var path: String { root.path }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}
