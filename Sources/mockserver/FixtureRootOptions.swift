import ArgumentParser
import Foundation
import MockFixtures

/// The `--root` option shared by the server and `validate`.
struct FixtureRootOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The fixture folder (required).", valueName: "dir"))
    var root: String?

    /// Loads the store, turning a missing or unusable root into a sentence naming `--root`.
    func loadStore() throws -> FixtureStore {
        guard let root else {
            throw ValidationError("Missing --root: give the fixture folder to serve, e.g. --root Mocks.")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw ValidationError("--root \(root) does not exist; give the path of an existing fixture folder.")
        }
        guard isDirectory.boolValue else {
            throw ValidationError("--root \(root) is a file, not a folder; give the folder that contains the fixtures.")
        }
        do {
            return try FixtureStore.load(root: root)
        } catch {
            throw CommandFailure("--root \(root): \(error)")
        }
    }
}
