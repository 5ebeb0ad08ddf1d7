import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files the server's user cannot read: the usual case of host files (mode 600) mounted into a
/// container that runs as another user.
extension ProcessTests {
    #if os(Linux)
    /// An unreadable static file answers 500 saying why, as an unreadable fixture file does,
    /// instead of a 404 suggesting another path. Run as an unprivileged user (root reads
    /// anything): as `nobody` through `setpriv` when the tests run as root.
    @Test func anUnreadableStaticFileAnswers500SayingWhy() async throws {
        let tree = try TemporaryFolder(["mocks/images/a.png": "png", "mocks/images/b.png": "png", "mocks/api/ping.json": #"{"response": {}}"#])
        let image = tree.url.appendingPathComponent("mocks/images/a.png").path
        #expect(chmod(image, 0o600) == 0)
        // A copy of the executable the unprivileged user can reach (the build folder may not be).
        let executable = try #require(MockServerProcess.executable)
        let copy = tree.url.appendingPathComponent("bin/mockserver")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: executable, to: copy)
        for folder in ["", "mocks", "mocks/images", "mocks/api", "bin"] {
            #expect(chmod(tree.url.appendingPathComponent(folder).path, 0o755) == 0)
        }
        let asUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy.path] : [copy.path]
        let server = try await ChildProcess.start(executable: URL(fileURLWithPath: asUser[0]),
                                                  arguments: Array(asUser.dropFirst()) + ["--root", tree.path + "/mocks", "--port", "0", "--quiet"])
        let line = try #require(await server.firstOutputLine(), "no listening line: \(server.standardErrorSoFar)")
        #expect(line.contains("1 problem"), "\(line)")
        #expect(server.standardErrorSoFar.contains("images/a.png: error: static file cannot be opened (permission denied). Check its permissions"),
                "\(server.standardErrorSoFar)")
        let port = try #require(Self.port(in: line))
        let answer = try RawHTTPClient(port: port).request("GET", "/images/a.png")
        #expect(answer.status == 500)
        #expect((try jsonObject(answer.body)["error"] as? String)?.hasPrefix("static file images/a.png is broken") == true)
        #expect(try RawHTTPClient(port: port).request("GET", "/images/b.png").status == 200)
        try await server.stop()
    }
    #endif
}
