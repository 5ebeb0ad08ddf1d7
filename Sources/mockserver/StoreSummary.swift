import MockFixtures

/// The counts printed at start and by `validate`, with English plurals.
struct StoreSummary {
    let fixtureFiles: Int
    let entries: Int
    let staticFiles: Int
    let problems: Int

    init(_ store: FixtureStore) {
        fixtureFiles = store.fixtureFileCount
        entries = store.entryCount
        staticFiles = store.staticFileCount
        problems = store.problems.count
    }

    /// `12 fixture files, 30 entries, 2 static files, 1 problem`
    var listingCounts: String {
        "\(counting: fixtureFiles, "fixture file"), \(counting: entries, "entry", "entries"), "
            + "\(counting: staticFiles, "static file"), \(counting: problems, "problem")"
    }

    /// `12 fixture files, 30 entries, 2 static files`
    var fileCounts: String {
        "\(counting: fixtureFiles, "fixture file"), \(counting: entries, "entry", "entries"), \(counting: staticFiles, "static file")"
    }
}

extension String.StringInterpolation {
    fileprivate mutating func appendInterpolation(counting count: Int, _ singular: String, _ plural: String? = nil) {
        appendLiteral("\(count) \(count == 1 ? singular : plural ?? singular + "s")")
    }
}
