import Foundation
import MockServer
import Testing

/// The cheap tree fingerprint `--watch` compares between polls.
@Suite struct FixtureTreeSignatureTests {
    @Test func changesWhenAFileIsAddedModifiedOrRemovedOnly() throws {
        let tree = try FixtureTree(["api/people.json": "[]", "api/v1/deep.json": "{}"])
        let start = FixtureTreeSignature(root: tree.path)
        #expect(start.rootReadable)
        #expect(start.entryCount == 4)   // api, api/people.json, api/v1, api/v1/deep.json
        #expect(FixtureTreeSignature(root: tree.path) == start)

        try tree.write("api/v1/deep.json", Data(#"{"response": 1}"#.utf8))
        let modified = FixtureTreeSignature(root: tree.path)
        #expect(modified != start)

        try tree.write("api/v1/new.json", Data("[]".utf8))
        let added = FixtureTreeSignature(root: tree.path)
        #expect(added != modified)
        #expect(added.entryCount == 5)

        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("api/v1/new.json"))
        let removed = FixtureTreeSignature(root: tree.path)
        #expect(removed != added)
        #expect(removed.entryCount == 4)
    }

    @Test func ignoresHiddenFilesLikeTheLoader() throws {
        let tree = try FixtureTree(["api/people.json": "[]"])
        let start = FixtureTreeSignature(root: tree.path)
        try tree.write("api/.people.json.swp", Data("editor state".utf8))
        try tree.write(".git/HEAD", Data("ref".utf8))
        #expect(FixtureTreeSignature(root: tree.path) == start)
    }

    @Test func aMissingRootIsUnreadableAndDiffersFromAnEmptyOne() throws {
        let tree = try FixtureTree()
        let empty = FixtureTreeSignature(root: tree.path)
        #expect(empty.rootReadable)
        let missing = FixtureTreeSignature(root: tree.path + "/nowhere")
        #expect(!missing.rootReadable)
        #expect(missing.entryCount == 0)
        #expect(missing != empty)
    }

    @Test func survivesASymlinkLoop() throws {
        let tree = try FixtureTree(["api/people.json": "[]"])
        try FileManager.default.createSymbolicLink(
            atPath: tree.root.appendingPathComponent("api/loop").path, withDestinationPath: tree.root.appendingPathComponent("api").path)
        let signature = FixtureTreeSignature(root: tree.path)
        #expect(signature.entryCount == 3)   // api, api/people.json, api/loop (not entered)
        #expect(FixtureTreeSignature(root: tree.path) == signature)
    }
}
