extension FixtureStore {
    /// ``FixtureProblem/report(_:root:)`` for this store: what a `validate` command prints.
    ///
    /// ```swift
    /// let store = try FixtureStore.load(root: "Mocks")
    /// print(store.problemReport, terminator: "")
    /// exit(store.hasErrors ? 1 : 0)
    /// ```
    public var problemReport: String {
        FixtureProblem.report(problems, root: rootPath)
    }
}
