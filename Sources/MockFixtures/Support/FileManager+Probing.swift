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

    /// A short reason for a failed file-system call, for problem messages: the system's own
    /// words for the `errno` underneath (`not a directory`) when there is one, never
    /// Foundation's error dump.
    package static func reason(for error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file or folder"
            default: break
            }
        }
        if let posix = (error as? CocoaError)?.underlying as? POSIXError ?? error as? POSIXError {
            return String(cString: strerror(posix.code.rawValue)).lowercased()
        }
        return String(describing: error)
    }
}
