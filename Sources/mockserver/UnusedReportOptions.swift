import ArgumentParser
import MockFixtures

/// `--report-unused`: serving's alone, since `record` forwards every request and no entry
/// answers any.
struct UnusedReportOptions: ParsableArguments {
    @Flag(name: .customLong("report-unused"),
          help: "When stopping, list on stderr the fixture entries that answered nothing (as GET /__admin/fixtures/unused does).")
    var reportUnused = false

    /// What `--report-unused` prints when the server stops.
    static func unusedReport(_ entries: [MockEngine.UnusedEntry]) -> String {
        guard !entries.isEmpty else { return "mockserver: every fixture entry answered at least one request\n" }
        var text = "mockserver: \(entries.count) fixture entr\(entries.count == 1 ? "y" : "ies") answered nothing:\n"
        for entry in entries {
            text += "  \(entry)\n"
        }
        return text
    }
}
