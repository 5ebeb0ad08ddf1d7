import ArgumentParser
import MockFixtures

/// The request journal's flags, which serving and `record` share.
struct JournalOptions: ParsableArguments {
    @Option(name: .customLong("journal-size"), parsing: .unconditional,
            help: ArgumentHelp("Requests kept for GET /__admin/requests and verification; the oldest are dropped and counted. 0 turns recording off.", valueName: "count"))
    var journalSize = MockEngineOptions.defaultJournalSize

    @Option(name: .customLong("journal-body-limit"), parsing: .unconditional,
            help: ArgumentHelp("Bytes of each body the journal keeps, the request's and the answer's; longer ones are cut and marked bodyTruncated.", valueName: "bytes"))
    var journalBodyLimit = MockEngineOptions.defaultJournalBodyLimit

    var engineOptions: MockEngineOptions {
        MockEngineOptions(journalSize: journalSize, journalBodyLimit: journalBodyLimit)
    }

    func validate() throws {
        guard journalSize >= 0, journalSize <= MockEngineOptions.maximumJournalSize else {
            throw ValidationError("--journal-size \(journalSize) must be 0 (recording off) or a number of requests up to \(MockEngineOptions.maximumJournalSize), e.g. --journal-size 1000.")
        }
        guard journalBodyLimit >= 0 else {
            throw ValidationError("--journal-body-limit \(journalBodyLimit) must be 0 (no bodies) or a positive number of bytes, e.g. --journal-body-limit 65536.")
        }
    }
}
