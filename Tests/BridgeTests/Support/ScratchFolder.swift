import Foundation

/// A folder under the temporary directory for one test, deleted when released.
final class ScratchFolder: @unchecked Sendable {
    let url: URL

    init(_ label: String = "bridge") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    /// Writes `contents` at `relativePath`, creating folders.
    @discardableResult
    func put(_ relativePath: String, _ contents: String) throws -> String {
        try put(relativePath, bytes: Array(contents.utf8))
    }

    @discardableResult
    func put(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relativePath), encoding: .utf8)
    }

    func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(relativePath)))
    }

    func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relativePath).path)
    }

    /// Every regular file below the folder, relative, sorted.
    func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + next, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(next)
            }
        }
        return found.sorted()
    }
}
