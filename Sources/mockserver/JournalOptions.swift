import ArgumentParser
import MockFixtures

/// The request journal's flags and `--report-unused`.
struct JournalOptions: ParsableArguments {
    @Option(name: .customLong("journal-size"),
            help: ArgumentHelp("Requests kept for GET /__admin/requests and verification; the oldest are dropped and counted. 0 turns recording off (default 1000).", valueName: "count"))
    var journalSize = MockEngineOptions.defaultJournalSize

    @Option(name: .customLong("journal-body-limit"),
            help: ArgumentHelp("Bytes of each request body the journal keeps; longer bodies are cut and marked bodyTruncated (default 65536).", valueName: "bytes"))
    var journalBodyLimit = MockEngineOptions.defaultJournalBodyLimit

    @Flag(name: .customLong("report-unused"),
          help: "When stopping, list on stderr the fixture entries that answered nothing (as GET /__admin/fixtures/unused does).")
    var reportUnused = false

    var engineOptions: MockEngineOptions {
        MockEngineOptions(journalSize: journalSize, journalBodyLimit: journalBodyLimit)
    }

    func validate() throws {
        guard journalSize >= 0 else {
            throw ValidationError("--journal-size \(journalSize) must be 0 (recording off) or a positive number of requests, e.g. --journal-size 1000.")
        }
        guard journalBodyLimit >= 0 else {
            throw ValidationError("--journal-body-limit \(journalBodyLimit) must be 0 (no bodies) or a positive number of bytes, e.g. --journal-body-limit 65536.")
        }
    }

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
