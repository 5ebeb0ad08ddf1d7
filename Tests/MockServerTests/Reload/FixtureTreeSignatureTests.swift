import Foundation
import MockFixtures
import MockServer
import TestSupport
import Testing

/// The cheap tree fingerprint `--watch` compares between polls: it changes exactly when what the
/// loader would serve changes.
@Suite struct FixtureTreeSignatureTests {
    @Test func changesWhenAFileIsAddedModifiedOrRemovedOnly() throws {
        let tree = try TemporaryFolder(["api/people.json": "[]", "api/v1/deep.json": "{}"])
        let start = FixtureTreeSignature(root: tree.path)
        #expect(start.rootReadable)
        #expect(start.fileCount == 2)
        #expect(FixtureTreeSignature(root: tree.path) == start)

        try tree.write("api/v1/deep.json", #"{"response": 1}"#)
        let modified = FixtureTreeSignature(root: tree.path)
        #expect(modified != start)

        try tree.write("api/v1/new.json", "[]")
        let added = FixtureTreeSignature(root: tree.path)
        #expect(added != modified)
        #expect(added.fileCount == 3)

        try FileManager.default.removeItem(at: tree.url.appendingPathComponent("api/v1/new.json"))
        let removed = FixtureTreeSignature(root: tree.path)
        #expect(removed != added)
        #expect(removed.fileCount == 2)
    }

    @Test func ignoresHiddenFilesLikeTheLoader() throws {
        let tree = try TemporaryFolder(["api/people.json": "[]"])
        let start = FixtureTreeSignature(root: tree.path)
        try tree.write("api/.people.json.swp", "editor state")
        try tree.write(".git/HEAD", "ref")
        #expect(FixtureTreeSignature(root: tree.path) == start)
        // The loader serves .well-known, so it counts.
        try tree.write(".well-known/jwks.json", "{}")
        #expect(FixtureTreeSignature(root: tree.path) != start)
    }

    @Test func ignoresWhatTheLoaderDoesNotServe() throws {
        let tree = try TemporaryFolder(["api/people.json": "[]", "logo.png": "png"])
        let outside = try TemporaryFolder(["secret.json": "{}"])
        var options = FixtureLoadOptions()
        options.maxStaticFileBytes = 8
        let start = FixtureTreeSignature(root: tree.path, options: options)
        #expect(start.fileCount == 2)

        // Each of these gives the loader a warning at most, never something new to serve.
        try tree.write("__admin/health.json", "{}")
        try FileManager.default.createSymbolicLink(
            atPath: tree.url.appendingPathComponent("api/outside.json").path,
            withDestinationPath: outside.url.appendingPathComponent("secret.json").path)
        try FileManager.default.createSymbolicLink(
            atPath: tree.url.appendingPathComponent("api/dangling.json").path, withDestinationPath: "/nowhere/at/all.json")
        try tree.write("big.bin", bytes: [UInt8](repeating: 7, count: 64))
        try FileManager.default.createDirectory(at: tree.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        #expect(FixtureTreeSignature(root: tree.path, options: options) == start)

        // An oversize static file that grows again is still not served; one that shrinks is.
        try tree.write("big.bin", bytes: [UInt8](repeating: 7, count: 128))
        #expect(FixtureTreeSignature(root: tree.path, options: options) == start)
        try tree.write("big.bin", bytes: [UInt8](repeating: 7, count: 4))
        #expect(FixtureTreeSignature(root: tree.path, options: options).fileCount == 3)
        // The signature agrees with the loader about the same tree.
        let store = try FixtureStore.load(root: tree.path, options: options)
        #expect(store.fixtureFileCount + store.staticFileCount == 3)
    }

    @Test func aMissingRootIsUnreadableAndDiffersFromAnEmptyOne() throws {
        let tree = try TemporaryFolder()
        let empty = FixtureTreeSignature(root: tree.path)
        #expect(empty.rootReadable)
        let missing = FixtureTreeSignature(root: tree.path + "/nowhere")
        #expect(!missing.rootReadable)
        #expect(missing.fileCount == 0)
        #expect(missing != empty)
    }

    @Test func survivesASymlinkLoop() throws {
        let tree = try TemporaryFolder(["api/people.json": "[]"])
        try FileManager.default.createSymbolicLink(
            atPath: tree.url.appendingPathComponent("api/loop").path, withDestinationPath: tree.url.appendingPathComponent("api").path)
        let signature = FixtureTreeSignature(root: tree.path)
        #expect(signature.fileCount == 1)   // api/people.json; the loop is not entered
        #expect(FixtureTreeSignature(root: tree.path) == signature)
    }
}
