extension FixtureProblem {
    /// A report for a `validate` command: one line per problem, then a summary line.
    ///
    /// ```swift
    /// let store = try FixtureStore.load(root: "Mocks")
    /// print(FixtureProblem.report(store.problems, root: store.rootPath))
    /// // Mocks: no problems
    /// ```
    public static func report(_ problems: [FixtureProblem], root: String) -> String {
        guard !problems.isEmpty else { return "\(root): no problems\n" }
        let errors = problems.filter { $0.severity == .error }
        let warnings = problems.count - errors.count
        let brokenFiles = Set(errors.map(\.file)).count
        var lines = problems.map(\.description)
        var summary = "\(root): \(errors.count) error\(errors.count == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if brokenFiles > 0 {
            summary += "; \(brokenFiles) file\(brokenFiles == 1 ? "" : "s") will answer 500 until fixed"
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }
}
