import ArgumentParser
import MockRecorder

/// `mockserver import --from wiremock SOURCE… --root DIR`: writes another tool's stubs as
/// fixtures.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write WireMock stub mappings, Mockoon environments, Hoverfly simulations or MockServer expectations into --root as fixtures.",
        discussion: """
            Each stub becomes an entry in the file that serves its path (urlPath \
            /api/users/1 → api/users/1.json; urlPathPattern /api/users/[0-9]+ → \
            api/users/{p2}.json with a pathParameters $regex; urlPathTemplate /users/{id} → \
            users/{id}.json), with its query, header, cookie and body matchers, status, \
            headers, body, delay, fault, scenario, priority, templates, webhooks and \
            proxyBaseUrl converted as README's "Coming from WireMock and others" maps them. \
            bodyFileName files are copied under __files/. Every entry is checked as the \
            loader checks it before anything is written; existing files are appended to, \
            and an entry already there is not added again. With --template-all, every stub \
            is read as if it had the response-template transformer (a project run with \
            WireMock's --global-response-templating).

            A stub with something that has no faithful equivalent (an XML \
            or binary matcher, another transformer) is not imported: its line names the key \
            and what to write instead. Close conversions are imported with a note. Exits 1 \
            when any stub was not imported, 0 when all were.

            --from mockoon reads Mockoon environment files: each route's responses become \
            entries in the file serving its endpoint (users/:id → users/{id}.json), their \
            rules request constraints (OR: an entry per rule; AND: one entry), the default \
            response the entry that answers what no rule took, file bodies responseFiles, \
            callbacks webhooks.

            --from hoverfly reads Hoverfly simulations (hoverctl export; schema v5, v3 and \
            v4): each pair becomes an entry in the file serving its path (exact, glob or \
            regex), its matchers request constraints, its state a scenario; pairs one \
            request could reach two of get priorities that keep Hoverfly's strongest match. \
            A relative bodyFile is read from --files (default: the simulation's folder).

            --from mockserver reads MockServer expectation files (its initializationJsonPath \
            file, or retrieved active expectations): each expectation becomes an entry in the \
            file serving its path (text, a pattern, or {name} with pathParameters), its \
            matchers request constraints, httpResponse the answer, httpForward a forward, \
            times times; expectations one request could reach two of get priorities that keep \
            MockServer's order (priority, then the order they were added).

            EXAMPLES
              mockserver import --from wiremock ./wiremock --root Mocks
              mockserver import --from wiremock wiremock/mappings/users.json --root Mocks --dry-run
              mockserver import --from mockoon mockoon/demo.json --root Mocks
              mockserver import --from hoverfly simulation.json --root Mocks
              mockserver import --from mockserver expectations.json --root Mocks
            """
    )

    @Option(help: ArgumentHelp("The tool the stubs come from: wiremock, mockoon, hoverfly or mockserver (required).", valueName: "tool"))
    var from: String

    @Argument(help: ArgumentHelp("WireMock folders (holding mappings/ and __files/), mappings folders or mapping files; Mockoon environment files; Hoverfly simulation files (or folders of them); MockServer expectation files.", valueName: "source"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("WireMock: where bodyFileName files are (default: the __files folder beside mappings/). Hoverfly: where relative bodyFile paths start (its -response-body-files-path; default: the simulation's folder).", valueName: "dir"))
    var files: String?

    @Flag(help: "Print what would be imported, and write nothing.")
    var dryRun = false

    /// `--root`: the folder imported into.
    @OptionGroup var fixtures: FixtureRootOptions

    static let rootPurpose = "the folder to import into, e.g. --root Mocks (created when missing)"

    func validate() throws {
        try RootOptions.refuseMisplaced(by: Self.self, takes: ["--root", "--template-all"], why: "only writes fixture files")
        guard ["wiremock", "mockoon", "hoverfly", "mockserver"].contains(from) else {
            throw ValidationError("--from \(from) cannot be imported: the tools are wiremock (mappings/ and __files/), mockoon (environment files), hoverfly (simulation files) and mockserver (expectation files).")
        }
        guard !sources.isEmpty else {
            switch from {
            case "mockoon": throw ValidationError("Name what to import: Mockoon environment files (.json).")
            case "hoverfly": throw ValidationError("Name what to import: Hoverfly simulation files (.json, as hoverctl export writes them), or folders of them.")
            case "mockserver": throw ValidationError("Name what to import: MockServer expectation files (.json: an array of expectations, as its initializationJsonPath file holds).")
            default: throw ValidationError("Name what to import: a WireMock folder (holding mappings/), a mappings folder or mapping files.")
            }
        }
        if from == "mockoon" || from == "mockserver", files != nil {
            throw ValidationError(from == "mockoon"
                ? "--files applies to WireMock's bodyFileName and Hoverfly's bodyFile; a Mockoon route's filePath is read relative to its environment file. Leave it out."
                : "--files applies to WireMock's bodyFileName and Hoverfly's bodyFile; MockServer expectations hold their bodies. Leave it out.")
        }
        if from != "wiremock", fixtures.templateAll {
            throw ValidationError([
                "mockoon": "--template-all stands for WireMock's --global-response-templating; Mockoon templates every response unless it says disableTemplating. Leave it out.",
                "hoverfly": "--template-all stands for WireMock's --global-response-templating; Hoverfly templates the responses that say \"templated\": true. Leave it out.",
            ][from] ?? "--template-all stands for WireMock's --global-response-templating; MockServer's httpResponse is sent as written. Leave it out.")
        }
        _ = try fixtures.requiredRoot(Self.rootPurpose)
    }

    func run() throws {
        let root = try fixtures.requiredRoot(Self.rootPurpose)
        let report: ImportReport
        do {
            switch from {
            case "mockoon": report = try MockoonImporter(root: root).importEnvironments(from: sources, dryRun: dryRun)
            case "hoverfly": report = try HoverflyImporter(root: root).importSimulations(from: sources, filesFolder: files, dryRun: dryRun)
            case "mockserver": report = try MockServerImporter(root: root).importExpectations(from: sources, dryRun: dryRun)
            default: report = try WireMockImporter(root: root).importStubs(from: sources, filesFolder: files, dryRun: dryRun, templateAll: fixtures.templateAll)
            }
        } catch {
            throw CommandFailure(error.description)
        }
        print(report)
        if !report.isComplete { throw ExitCode.failure }
    }
}
