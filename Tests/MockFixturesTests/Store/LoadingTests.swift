import Foundation
import TestSupport
import Testing
@testable import MockFixtures

@Suite("Loading fixture trees")
struct LoadingTests {
    @Test func rootErrors() throws {
        let tree = try TemporaryFolder()
        try tree.write("file.json", "[]")
        #expect(throws: FixtureRootError.missing(tree.path("nope"))) { try FixtureStore.load(root: tree.path("nope")) }
        #expect(throws: FixtureRootError.notADirectory(tree.path("file.json"))) { try FixtureStore.load(root: tree.path("file.json")) }
        #expect(FixtureRootError.missing("x").description.contains("does not exist"))
    }

    /// The loader asks before each folder and each fixture file whether to go on, and gives up
    /// with `.cancelled` when told (a stopping server's reload).
    @Test func aLoadGivesUpWhenAsked() throws {
        let tree = try TemporaryFolder(["a/1.json": "[]", "a/2.json": "[]", "b/3.json": "[]", "c.json": "[]"])
        for allowed in [0, 1, 2, 4, 6] {
            var asked = 0
            #expect(throws: FixtureRootError.cancelled(tree.path)) {
                try FixtureStore.load(root: tree.path, options: .init(), isCancelled: {
                    asked += 1
                    return asked > allowed
                })
            }
        }
        var asked = 0
        let store = try FixtureStore.load(root: tree.path, options: .init(), isCancelled: { asked += 1; return false })
        #expect(store.fixtureFileCount == 4)
        #expect(asked == 3 + 4, "three folders (the root, a, b) and four files")
    }

    @Test func rootSymlinksAreResolved() throws {
        let tree = try TemporaryFolder()
        try tree.write("real/a.json", #"{"response": 1}"#)
        try tree.symlink("link", to: tree.path("real"))
        let store = try FixtureStore.load(root: tree.path("link") + "/")
        #expect(store.rootPath == tree.path("real"))
        #expect(store.get("/a").status == 200)
    }

    @Test func hiddenFilesAreIgnored() throws {
        let tree = try TemporaryFolder()
        try tree.write(".hidden.json", "{}")
        try tree.write(".git/config.json", "{}")
        try tree.write("visible.json", "{}")
        let store = try tree.load()
        #expect(store.fixtureFileCount == 1)
        #expect(store.servedPaths == ["/visible"])
        #expect(store.problems.isEmpty)
        // The 404 says why the file it looked for is not served, instead of naming a file that
        // is there as missing.
        let miss = store.get("/.hidden")
        #expect(miss.status == 404)
        let text = String(decoding: miss.body, as: UTF8.self)
        #expect(text.contains("'.hidden' starts with '.', and hidden files and folders are never loaded (only .well-known is)"), "\(text)")
        #expect(!String(decoding: store.get("/visible/nothing").body, as: UTF8.self).contains("hidden"))
    }

    /// A name that is not UTF-8 cannot be named by a URL: the warning says so, instead of
    /// advising to check permissions.
    @Test func aFileNameThatIsNotUTF8IsNamedAsSuch() throws {
        let tree = try TemporaryFolder()
        try tree.write("visible.json", "{}")
        let path: [UInt8] = Array(tree.path.utf8) + Array("/a".utf8) + [0xFF] + Array("b.json".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        let store = try tree.load()
        #expect(store.problems.map(\.message) == ["has a name that is not valid UTF-8, so it cannot be read or served (request paths are UTF-8)"])
        #expect(store.servedPaths == ["/visible"])
    }

    /// RFC 8615's well-known URIs (OpenID discovery, Apple's app-site association) are what
    /// an app fetches first; their folder is the one dot-name that is loaded.
    @Test func theWellKnownFolderIsServed() throws {
        let tree = try TemporaryFolder()
        try tree.write(".well-known/openid-configuration.json", #"{"response": {"issuer": "https://id.test"}}"#)
        try tree.write(".well-known/apple-app-site-association", #"{"applinks": {}}"#)
        try tree.write(".well-known/.draft.json", "{}")
        let store = try tree.load()
        #expect(store.problems.isEmpty)
        let discovery = store.get("/.well-known/openid-configuration")
        #expect(discovery.status == 200)
        #expect(String(decoding: discovery.body, as: UTF8.self).contains("https://id.test"))
        #expect(store.get("/.well-known/apple-app-site-association").status == 200)
        #expect(store.get("/.well-known/.draft").status == 404, "other dot-names inside it stay hidden")
    }

    @Test func fileBeatsIndexWithAWarningNamingBoth() throws {
        let tree = try TemporaryFolder()
        try tree.write("api/people.json", #"{"response": "file"}"#)
        try tree.write("api/people/index.json", #"{"response": "index"}"#)
        let store = try tree.load()
        #expect(store.get("/api/people").text == #""file""#)
        let warning = try #require(store.problems.first)
        #expect(store.problems.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("api/people.json") && warning.message.contains("api/people/index.json"))
        #expect(store.fixtureFileCount == 1)
    }

    @Test func symlinksInsideTheRootAreServed() throws {
        let tree = try TemporaryFolder()
        try tree.write("data/luke.json", #"{"response": "luke"}"#)
        try tree.symlink("people/1.json", to: "../data/luke.json")
        try tree.symlink("mirror", to: "data")
        let store = try tree.load()
        #expect(store.problems.isEmpty, "\(store.problems)")
        #expect(store.get("/people/1").text == #""luke""#)
        #expect(store.get("/mirror/luke").text == #""luke""#)
    }

    @Test func symlinksLeavingTheRootAreNotServed() throws {
        let outside = try TemporaryFolder()
        try outside.write("secret.json", #"{"response": "secret"}"#)
        try outside.write("dir/secret.json", #"{"response": "secret"}"#)
        let tree = try TemporaryFolder()
        try tree.symlink("leak.json", to: outside.path("secret.json"))
        try tree.symlink("leakdir", to: outside.path("dir"))
        try tree.symlink("passwd", to: "/etc/passwd")
        try tree.symlink("up.json", to: "../" + outside.url.lastPathComponent + "/secret.json")
        let store = try tree.load()
        #expect(store.get("/leak").status == 404)
        #expect(store.get("/leakdir/secret").status == 404)
        #expect(store.get("/passwd").status == 404)
        #expect(store.get("/up").status == 404)
        let outsideWarnings = store.problems.filter { $0.severity == .warning && $0.message.contains("outside the fixture root") }
        #expect(Set(outsideWarnings.map(\.file)) == ["leak.json", "leakdir", "passwd", "up.json"])
        #expect(store.fixtureFileCount == 0)
    }

    @Test func symlinkLoopsDoNotHang() throws {
        let tree = try TemporaryFolder()
        try tree.write("a/x.json", "{}")
        try tree.symlink("a/self", to: ".")
        try tree.symlink("a/parent", to: "..")
        try tree.symlink("a/b/back", to: "../../a")
        try tree.symlink("selfloop.json", to: "selfloop.json")
        try tree.symlink("ping.json", to: "pong.json")
        try tree.symlink("pong.json", to: "ping.json")
        try tree.symlink("dangling.json", to: "nowhere.json")
        let store = try tree.load()
        #expect(store.get("/a/x").status == 200)
        let files = Set(store.problems.map(\.file))
        #expect(files.isSuperset(of: ["a/self", "a/parent", "a/b/back", "selfloop.json", "ping.json", "pong.json", "dangling.json"]), "\(store.problems)")
        #expect(store.problems.allSatisfy { $0.severity == .warning })
    }

    @Test func largeStaticFilesAreSkipped() throws {
        let tree = try TemporaryFolder()
        try tree.write("big.bin", bytes: [UInt8](repeating: 7, count: 2048))
        try tree.write("small.bin", bytes: [1, 2, 3])
        var options = FixtureLoadOptions()
        options.maxStaticFileBytes = 1024
        let store = try tree.load(options: options)
        #expect(store.staticFileCount == 1)
        #expect(store.get("/big.bin").status == 404)
        #expect(store.get("/small.bin").body == [1, 2, 3])
        #expect(store.problems.count == 1)
        #expect(store.problems.first?.message.contains("over the limit of 1024") == true)
    }

    @Test func countsOnlyHealthyFixtureFiles() throws {
        let tree = try TemporaryFolder()
        try tree.write("ok.json", #"[{"response": 1}, {"method": "POST", "response": 2}]"#)
        try tree.write("broken.json", "[{")
        try tree.write("logo.svg", "<svg/>")
        let store = try tree.load()
        #expect(store.fixtureFileCount == 1)
        #expect(store.entryCount == 2)
        #expect(store.staticFileCount == 1)
        #expect(try store.get("/__admin/health").jsonObject()["fixtures"] as? Int == 1)
    }

    @Test func aTenThousandFileTreeLoadsAndServesTheLastFile() throws {
        let tree = try TemporaryFolder()
        for folder in 0..<100 {
            try tree.makeDirectory("api/f\(folder)")
            for file in 0..<100 {
                try tree.writeWithoutSync("api/f\(folder)/item\(file).json", #"[{"request": {}, "response": {"folder": \#(folder), "file": \#(file)}}]"#)
            }
        }
        let store = try tree.load()
        #expect(store.fixtureFileCount == 10_000)
        #expect(store.problems.isEmpty)
        #expect(store.get("/api/f99/item99").text == #"{"folder":99,"file":99}"#)
        let miss = try store.get("/api/f99/item999").jsonObject()
        #expect((miss["similarPaths"] as? [String])?.first == "/api/f99/item99")
    }
}
