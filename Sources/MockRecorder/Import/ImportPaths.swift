#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockFixtures

/// Path text helpers (FoundationEssentials has no `NSString` path methods).
enum ImportPaths {
    /// `a/b/c` → `c`.
    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `path` relative to `folder`, `.` and `..` resolved as text (`./data/x.json`,
    /// `a/../b.json`, an absolute path inside it), or nil when it leads outside.
    static func relative(_ path: String, to folder: String) -> String? {
        func normalized(_ text: String) -> [Substring]? {
            var parts: [Substring] = []
            for part in text.split(separator: "/") {
                if part == "." { continue }
                if part == ".." {
                    guard !parts.isEmpty else { return nil }
                    parts.removeLast()
                } else {
                    parts.append(part)
                }
            }
            return parts
        }
        let absoluteFolder = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        let absolutePath = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard let base = normalized(absoluteFolder), let full = normalized(absolutePath),
              full.count > base.count, Array(full.prefix(base.count)) == base else { return nil }
        return full.dropFirst(base.count).joined(separator: "/")
    }

    /// `a/b/c` → `a/b`; `c` → `.`; `/c` → `/`.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension ImportPaths {
    /// The bytes of the regular file at `path` (symbolic links followed), or why there are none:
    /// a FIFO or device would block or never end, and a file over `limit` bytes is no body a
    /// fixture may send.
    static func regularFileBytes(_ path: String, limit: Int = FixtureLoadOptions().maxStaticFileBytes) -> Result<[UInt8], StubRefusal> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return .failure(StubRefusal("", "\(path) does not exist or cannot be read"))
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            return .failure(StubRefusal("", "\(path) is not a regular file"))
        }
        let size = (attributes[.size] as? Int) ?? Int((attributes[.size] as? UInt64) ?? 0)
        guard size <= limit else {
            return .failure(StubRefusal("", "\(path) is \(size) bytes, more than the \(limit) a body file may be"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(StubRefusal("", "\(path) cannot be read"))
        }
        return .success(Array(data))
    }
}
