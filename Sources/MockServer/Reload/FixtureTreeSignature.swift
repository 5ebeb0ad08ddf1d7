#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MockFixtures

/// A cheap fingerprint of what a fixture tree serves: the files the loader would read (walked
/// with the loader's own rules) with their sizes, inodes and modification times. Two signatures
/// differ when a served file was added, removed, renamed, rewritten or replaced; reading no file
/// content keeps it fast (the walk's probes plus one `stat` per file).
///
/// ```swift
/// let before = FixtureTreeSignature(root: "/srv/mocks")
/// // … someone edits api/people.json …
/// if FixtureTreeSignature(root: "/srv/mocks") != before { try server.reload() }
/// ```
///
/// What the loader ignores does not count: hidden names (editor swap files), symlinks leading
/// out of the root or nowhere, files under `__admin/`, static files over
/// `options.maxStaticFileBytes`, empty folders. Signatures compare only within one process (the
/// hash is seeded per process).
public struct FixtureTreeSignature: Sendable, Hashable {
    /// Files the loader would read; 0 when the root is missing.
    public private(set) var fileCount = 0
    /// Order-independent sum of one hash per file.
    private var combined: UInt64 = 0
    /// False when the root folder is missing or unreadable.
    public private(set) var rootReadable = false

    /// Walks `root` now, as `FixtureStore.load(root:options:)` would.
    public init(root: String, options: FixtureLoadOptions = .init()) {
        // The walker judges symlinks against the root's real path, as the loader does.
        guard let resolved = realpath(root, nil) else { return }
        let rootPath = String(cString: resolved)
        free(resolved)
        var walker = FixtureTreeWalker(rootPath: rootPath)
        do {
            try walker.walk()
        } catch {
            return
        }
        rootReadable = true
        for file in walker.files where file.isServed(options: options) {
            add(file)
        }
    }

    private mutating func add(_ file: FixtureTreeWalker.FoundFile) {
        var hasher = Hasher()
        hasher.combine(file.relativePath)
        var status = stat()
        if stat(file.readPath, &status) == 0 {
            hasher.combineFileVersion(status)
        }
        fileCount += 1
        combined &+= UInt64(bitPattern: Int64(hasher.finalize()))
    }
}
