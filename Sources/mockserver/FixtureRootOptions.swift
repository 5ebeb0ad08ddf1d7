import ArgumentParser
import MockFixtures
import MockServer

/// The `--root` option shared by the server and `validate`.
struct FixtureRootOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The fixture folder (required).", valueName: "dir"))
    var root: String?

    @Flag(name: .customLong("template-all"), help: "Fill in {{placeholders}} in every entry that holds some, as if each had \"template\": true (WireMock's global response templating); \"template\": false still sends an entry as written.")
    var templateAll = false

    /// `--root` as given; a missing or empty one is refused with a sentence saying what it is for
    /// (`purpose`, e.g. "the fixture folder to serve, e.g. --root Mocks").
    func requiredRoot(_ purpose: String) throws -> String {
        guard let root else {
            throw ValidationError("Missing --root: give \(purpose).")
        }
        guard !root.isEmpty else {
            // An empty path would quietly mean the current folder.
            throw ValidationError("--root is empty: give \(purpose) (--root . for the current folder).")
        }
        return root
    }

    /// Loads the store, turning a missing or unusable root into a sentence naming `--root` and
    /// what it is for (`purpose`).
    func loadStore(_ purpose: String = "the fixture folder to serve, e.g. --root Mocks") throws -> FixtureStore {
        let root = try requiredRoot(purpose)
        do {
            var options = MockHTTPServer.loadOptions
            options.templateAll = templateAll
            return try FixtureStore.load(root: root, options: options)
        } catch .missing {
            throw ValidationError("--root \(root) does not exist; give the path of an existing fixture folder.")
        } catch .notADirectory {
            throw ValidationError("--root \(root) is a file, not a folder; give the folder that contains the fixtures.")
        } catch {
            throw CommandFailure("--root \(root): \(error)")
        }
    }
}
