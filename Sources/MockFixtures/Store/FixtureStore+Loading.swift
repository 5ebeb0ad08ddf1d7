#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FixtureStore {
    /// Loads every fixture under `root`. Broken fixture files do not throw: they are recorded in
    /// `problems` and answer 500. Throws only when the root itself is unusable.
    ///
    /// ```swift
    /// let store = try FixtureStore.load(root: "Mocks")
    /// if store.hasErrors { print(FixtureProblem.report(store.problems, root: store.rootPath)) }
    /// ```
    public static func load(root: String, options: FixtureLoadOptions = .init()) throws(FixtureRootError) -> FixtureStore {
        try load(root: root, options: options, isCancelled: { false })
    }

    /// ``load(root:options:)`` that asks `isCancelled` before each folder and each fixture file,
    /// and throws ``FixtureRootError/cancelled(_:)`` once it says true: a server that stops while
    /// a reload reads a large tree (seconds for hundreds of thousands of entries) stops at once.
    ///
    /// ```swift
    /// let store = try FixtureStore.load(root: "Mocks", options: .init(), isCancelled: { stopping.load(ordering: .relaxed) })
    /// ```
    package static func load(root: String, options: FixtureLoadOptions, isCancelled: @escaping () -> Bool) throws(FixtureRootError) -> FixtureStore {
        let fileManager = FileManager.default
        let absolute = root.hasPrefix("/") ? root : fileManager.currentDirectoryPath + "/" + root
        guard let isDirectory = fileManager.directoryFlag(atPath: absolute) else { throw .missing(root) }
        guard isDirectory else { throw .notADirectory(root) }
        let configured = URL(fileURLWithPath: absolute).standardizedFileURL
        let rootPath = configured.resolvingSymlinksInPath().path

        var walker = FixtureTreeWalker(rootPath: rootPath, isCancelled: isCancelled)
        try walker.walk()
        guard !walker.wasCancelled else { throw .cancelled(root) }
        var builder = FixtureStoreBuilder(rootPath: rootPath, options: options, problems: walker.problems)
        builder.configuredRoot = configured.path
        builder.isCancelled = isCancelled
        builder.add(walker.files)
        guard !builder.wasCancelled else { throw .cancelled(root) }
        return builder.build()
    }
}
