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
        let fileManager = FileManager.default
        let absolute = root.hasPrefix("/") ? root : fileManager.currentDirectoryPath + "/" + root
        guard let isDirectory = fileManager.directoryFlag(atPath: absolute) else { throw .missing(root) }
        guard isDirectory else { throw .notADirectory(root) }
        let configured = URL(fileURLWithPath: absolute).standardizedFileURL
        let rootPath = configured.resolvingSymlinksInPath().path

        var walker = FixtureTreeWalker(rootPath: rootPath)
        try walker.walk()
        var builder = FixtureStoreBuilder(rootPath: rootPath, options: options, problems: walker.problems)
        builder.configuredRoot = configured.path
        builder.add(walker.files)
        return builder.build()
    }
}
