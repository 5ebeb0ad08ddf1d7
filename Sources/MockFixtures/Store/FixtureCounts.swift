/// How much a load produced, worded the same at start-up, on reload and by `validate`.
///
/// ```swift
/// let store = try FixtureStore.load(root: "Mocks")
/// print(store.counts)         // 22 fixture files, 49 entries, 3 static files, 0 problems
/// print(store.counts.files)   // 22 fixture files, 49 entries, 3 static files
/// ```
package struct FixtureCounts: Sendable, Equatable, CustomStringConvertible {
    /// `.json` fixture files that loaded without error.
    package let fixtureFiles: Int
    /// Entries in those files.
    package let entries: Int
    package let staticFiles: Int
    /// Errors and warnings found while loading.
    package let problems: Int
    /// Resources files declare (`{"$resource": …}`).
    package let declaredResources: Int

    package init(fixtureFiles: Int, entries: Int, staticFiles: Int, problems: Int, declaredResources: Int = 0) {
        self.fixtureFiles = fixtureFiles
        self.entries = entries
        self.staticFiles = staticFiles
        self.problems = problems
        self.declaredResources = declaredResources
    }

    /// `22 fixture files, 49 entries, 3 static files` (`, 1 declared resource` when there are some)
    package var files: String {
        var text = "\(counting: fixtureFiles, "fixture file"), \(counting: entries, "entry", "entries"), \(counting: staticFiles, "static file")"
        if declaredResources > 0 { text += ", \(counting: declaredResources, "declared resource")" }
        return text
    }

    /// `22 fixture files, 49 entries, 3 static files, 0 problems`
    package var description: String {
        "\(files), \(counting: problems, "problem")"
    }
}

extension FixtureStore {
    /// The counts of this load, for start-up and summary lines.
    package var counts: FixtureCounts {
        FixtureCounts(fixtureFiles: fixtureFileCount, entries: entryCount, staticFiles: staticFileCount, problems: problems.count,
                      declaredResources: declaredResources.count)
    }
}

extension String.StringInterpolation {
    fileprivate mutating func appendInterpolation(counting count: Int, _ singular: String, _ plural: String? = nil) {
        appendLiteral("\(count) \(count == 1 ? singular : plural ?? singular + "s")")
    }
}
