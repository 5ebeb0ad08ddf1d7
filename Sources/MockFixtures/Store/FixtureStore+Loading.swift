import Foundation

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
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: absolute, isDirectory: &isDirectory) else { throw .missing(root) }
        guard isDirectory.boolValue else { throw .notADirectory(root) }
        let rootPath = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path

        var walker = FixtureTreeWalker(rootPath: rootPath)
        try walker.walk()
        var builder = FixtureStoreBuilder(rootPath: rootPath, options: options, problems: walker.problems)
        builder.add(walker.files)
        return builder.build()
    }
}
