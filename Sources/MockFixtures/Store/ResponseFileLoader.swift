#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files that entries name with `"responseFile"`: relative to the fixture root, inside
/// it once symlinks are resolved, regular files within the size limit, read without blocking —
/// each file once per load however many entries name it.
final class ResponseFileLoader {
    /// What `load` found wrong, worded for a problem.
    struct Failure: Error {
        let message: String
        let hint: String
    }

    /// Absolute, symlinks resolved.
    let rootPath: String
    /// The root as `realpath(3)` has it (Foundation may spell it differently, e.g. without
    /// macOS's `/private`).
    private let realRootPath: String
    let limit: Int
    private var cache: [String: Result<[UInt8], Failure>] = [:]
    private var identities: [String: FileStatus.Identity] = [:]
    /// Which file (relative path of the fixture file) named which file.
    private(set) var references: [(referrer: String, file: FileStatus.Identity)] = []

    init(rootPath: String, limit: Int) {
        self.rootPath = rootPath
        realRootPath = Self.realPath(rootPath) ?? rootPath
        self.limit = limit
    }

    /// Every file under the root, as the loader's walk listed it (relative paths); walked here
    /// when first asked for outside a load (a runtime fixture's templated `responseFile`).
    var knownFiles: [String]?

    /// The most files a templated `responseFile` may choose among (each is read at load).
    static let maximumChoices = 10_000

    /// The files a templated `responseFile` (`files/{{path.id}}.json`) may name: those whose
    /// path fits `pattern` (literal pieces, and one or more characters other than `/` where a
    /// placeholder stands), in path order.
    func candidates(matching pattern: [TemplateText.Piece]) -> [String] {
        if knownFiles == nil {
            var walker = FixtureTreeWalker(rootPath: rootPath)
            try? walker.walk()
            knownFiles = walker.files.map(\.relativePath)
        }
        return (knownFiles ?? []).filter { Self.path($0, fits: pattern[...]) }.sorted()
    }

    private static func path(_ path: String, fits pattern: ArraySlice<TemplateText.Piece>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .text(let text):
            guard path.hasPrefix(text) else { return false }
            return Self.path(String(path.dropFirst(text.count)), fits: pattern.dropFirst())
        case .placeholder:
            // One or more characters of one segment, as a value that names a file can hold.
            var end = path.startIndex
            while end < path.endIndex, path[end] != "/" {
                end = path.index(after: end)
                if Self.path(String(path[end...]), fits: pattern.dropFirst()) { return true }
            }
            return false
        }
    }

    /// The bytes of `relativePath`, named by the fixture file `referrer`.
    func load(_ relativePath: String, referrer: String) -> Result<[UInt8], Failure> {
        let result = cache[relativePath] ?? read(relativePath)
        cache[relativePath] = result
        if case .success = result, let identity = identities[relativePath] {
            references.append((referrer, identity))
        }
        return result
    }

    /// What makes a path no file under the root, whatever the files: absolute, an empty, `.` or
    /// `..` segment, a hidden name. A templated path is held to it with its placeholders filled
    /// in (audit F3: `/etc/{{query.f}}` only got a warning advising to add `/etc/7`).
    static func shapeProblem(_ relativePath: String, shown: String) -> Failure? {
        guard !relativePath.hasPrefix("/") else {
            return Failure(message: "responseFile \(shown) is absolute; it must be relative to the fixture root",
                           hint: #"write it from the root, such as "files/report.pdf""#)
        }
        for segment in relativePath.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty || segment == "." || segment == ".." {
                return Failure(message: "responseFile \(shown) has an empty, '.' or '..' segment, which could leave the fixture root",
                               hint: #"write the plain path from the root, such as "files/report.pdf""#)
            }
            if HiddenName.isHidden(segment) {
                return Failure(message: "responseFile \(shown) is hidden (a name starts with '.'); hidden files are skipped when loading and by --watch (only .well-known is not)",
                               hint: "move it to a visible folder such as files/")
            }
        }
        return nil
    }

    private func read(_ relativePath: String) -> Result<[UInt8], Failure> {
        let shown = JSONValue.excerpt(.string(relativePath))
        guard !relativePath.isEmpty else {
            return .failure(Failure(message: "responseFile is empty", hint: #"name a file under the fixture root, such as "files/report.pdf""#))
        }
        if let problem = Self.shapeProblem(relativePath, shown: shown) { return .failure(problem) }
        guard let resolved = Self.realPath(rootPath + "/" + relativePath) else {
            return .failure(Failure(message: "responseFile \(shown) does not exist (or a symlink on the way dangles)",
                                    hint: "create it under the fixture root \(rootPath), or fix the path"))
        }
        guard [rootPath, realRootPath].contains(where: { $0 == "/" || resolved.hasPrefix($0 + "/") }) else {
            return .failure(Failure(message: "responseFile \(shown) leads to \(resolved), outside the fixture root",
                                    hint: "copy the file into the fixture root, or point the symlink inside it"))
        }
        switch RegularFileReader.read(resolved, limit: limit) {
        case .success(let bytes):
            identities[relativePath] = FileStatus(path: resolved)?.identity
            return .success(bytes)
        case .failure(let failure):
            return .failure(Failure(message: "responseFile \(shown) \(FixtureStoreBuilder.describe(failure))",
                                    hint: FixtureStoreBuilder.hint(for: failure, limitName: "maxStaticFileBytes")))
        }
    }

    /// `realpath(3)`: absolute, every symlink resolved; `nil` when something on the way is missing.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
