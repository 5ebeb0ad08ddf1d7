#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Lists the files of a fixture tree, following symlinks only while they stay inside the root.
///
/// Hidden names (``HiddenName``: starting with `.`, but for `.well-known`) are skipped. Symlinks that leave the root, dangle or loop are
/// reported as warnings and skipped; directory loops are cut by refusing to enter a directory
/// that is already being walked.
package struct FixtureTreeWalker {
    package struct FoundFile {
        /// Relative to the root, "/"-separated.
        package let relativePath: String
        /// Where to read it (symlinks resolved).
        package let readPath: String
        /// Byte size when the tree was walked.
        package let size: Int
        /// Device and inode, to recognise the files entries name with `responseFile`.
        package let identity: FileStatus.Identity
    }

    static let maximumDepth = 64

    let rootPath: String
    package private(set) var files: [FoundFile] = []
    private(set) var problems: [FixtureProblem] = []
    private let fileManager = FileManager.default

    /// Asked before each folder: true abandons the walk (``wasCancelled``).
    private let isCancelled: () -> Bool
    /// Whether ``isCancelled`` stopped the walk before it listed every file.
    package private(set) var wasCancelled = false

    package init(rootPath: String, isCancelled: @escaping () -> Bool = { false }) {
        self.rootPath = rootPath
        self.isCancelled = isCancelled
    }

    package mutating func walk() throws(FixtureRootError) {
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: rootPath)
        } catch {
            throw .unreadable(rootPath, reason: FileManager.reason(for: error))
        }
        walk(directory: rootPath, relativeDirectory: "", names: names, ancestors: [rootPath])
    }

    private mutating func walk(directory: String, relativeDirectory: String, names: [String], ancestors: [String]) {
        guard !wasCancelled else { return }
        if isCancelled() {
            wasCancelled = true
            return
        }
        for name in names.sorted() where !HiddenName.isHidden(name) {
            let absolutePath = (directory == "/" ? "" : directory) + "/" + name
            let relativePath = relativeDirectory.isEmpty ? name : relativeDirectory + "/" + name
            // Cheap probes first: a full attributesOfItem costs ~15 µs per file, which matters at
            // 10,000 files. Only static files (which need their size) pay for it.
            var realPath = absolutePath
            if let destination = try? fileManager.destinationOfSymbolicLink(atPath: absolutePath) {
                let resolved = URL(fileURLWithPath: absolutePath).resolvingSymlinksInPath().path
                guard resolved != absolutePath, fileManager.fileExists(atPath: resolved) else {
                    warn(relativePath, "is a symlink to \(destination) that points nowhere or loops back on itself; it is not served",
                         hint: "fix or remove the symlink")
                    continue
                }
                guard isInsideRoot(resolved) else {
                    warn(relativePath, "is a symlink to \(resolved), outside the fixture root; it is not served",
                         hint: "copy the file into the fixture root or point the symlink inside it")
                    continue
                }
                realPath = resolved
            }
            // One stat for every entry: fixture files too, so a named pipe called `x.json` is
            // reported here and never opened.
            guard let status = FileStatus(path: realPath) else {
                if name.unicodeScalars.contains("\u{FFFD}") {
                    // The listing turned bytes that are not UTF-8 into U+FFFD, so the path no
                    // longer names the file; no URL could name it either.
                    warn(relativePath, "has a name that is not valid UTF-8, so it cannot be read or served (request paths are UTF-8)",
                         hint: "rename it with UTF-8 characters only")
                } else {
                    warn(relativePath, "disappeared or cannot be read while loading", hint: "check its permissions")
                }
                continue
            }
            switch status.kind {
            case .directory:
                if ancestors.contains(realPath) {
                    warn(relativePath, "leads back into a folder that contains it (a symlink loop); it is not walked again",
                         hint: "remove the symlink")
                    continue
                }
                if ancestors.count >= Self.maximumDepth {
                    warn(relativePath, "is nested more than \(Self.maximumDepth) folders deep; it is not walked",
                         hint: "flatten the fixture tree")
                    continue
                }
                guard let childNames = try? fileManager.contentsOfDirectory(atPath: realPath) else {
                    warn(relativePath, "is a folder that cannot be read", hint: "check its permissions")
                    continue
                }
                walk(directory: realPath, relativeDirectory: relativePath, names: childNames, ancestors: ancestors + [realPath])
            case .regular:
                files.append(FoundFile(relativePath: relativePath, readPath: realPath, size: status.size, identity: status.identity))
            default:
                warn(relativePath, "is \(status.kind.description), not a regular file or folder; it is not served", hint: "remove it from the fixture root")
            }
        }
    }

    private func isInsideRoot(_ path: String) -> Bool {
        rootPath == "/" || path == rootPath || path.hasPrefix(rootPath + "/")
    }

    private mutating func warn(_ relativePath: String, _ message: String, hint: String) {
        problems.append(FixtureProblem(.warning, relativePath, at: nil, message, hint: hint))
    }
}
