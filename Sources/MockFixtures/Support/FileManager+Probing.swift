#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// FoundationEssentials (what the server links, keeping the static binary small) and Foundation on
// Apple platforms spell these probes differently; the tree walker only sees this one shape.
extension FileManager {
    /// `true` for a folder, `false` for anything else, `nil` when nothing is at `path`.
    func directoryFlag(atPath path: String) -> Bool? {
        #if canImport(FoundationEssentials)
        var isDirectory = false
        guard fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory
        #else
        var isDirectory: ObjCBool = false
        guard fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue
        #endif
    }

    /// The kind and byte size of the item at `path` (symlinks not followed), or `nil` if unreadable.
    func typeAndSize(atPath path: String) -> (type: FileAttributeType, size: Int)? {
        guard let attributes = try? attributesOfItem(atPath: path),
              let type = attributes[.type] as? FileAttributeType
        else { return nil }
        let rawSize = attributes[.size]
        let size = (rawSize as? Int) ?? (rawSize as? UInt).map { Int(clamping: $0) }
            ?? (rawSize as? UInt64).map { Int(clamping: $0) } ?? 0
        return (type, size)
    }

    /// A short reason for a failed file-system call, for problem messages.
    static func reason(for error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file or folder"
            default: break
            }
        }
        return String(describing: error)
    }
}
