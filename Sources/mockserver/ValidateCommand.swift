import ArgumentParser
import MockFixtures

/// `mockserver validate --root DIR`: reports every fixture problem without serving.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a fixture folder and print every problem.",
        discussion: """
            Prints each problem as `file:line:col: severity: message. hint`, then a summary. \
            Exits 1 when there is any problem (error or warning) and 0 when the folder is clean.
            """
    )

    @OptionGroup var fixtures: FixtureRootOptions

    func validate() throws {
        try RootOptions.refuseMisplaced(by: Self.self, takes: ["--root", "--template-all"], why: "only reads the folder")
    }

    func run() throws {
        let store = try fixtures.loadStore("the fixture folder to check, e.g. --root Mocks")
        guard !store.problems.isEmpty else {
            print("ok: \(store.counts.files)")
            return
        }
        print(store.problemReport, terminator: "")
        throw ExitCode.failure
    }
}
