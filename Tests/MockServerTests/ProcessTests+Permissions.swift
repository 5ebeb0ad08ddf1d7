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
        try Self.copyClosingOnExec(executable, to: copy.path)
        for folder in ["", "mocks", "mocks/images", "mocks/api", "bin"] {
            #expect(chmod(tree.url.appendingPathComponent(folder).path, 0o755) == 0)
        }
        let asUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy.path] : [copy.path]
        let server = try await ChildProcess.start(executable: URL(fileURLWithPath: asUser[0]),
                                                  arguments: Array(asUser.dropFirst()) + ["--root", tree.path + "/mocks", "--port", "0", "--quiet"])
        let line = try #require(await server.firstOutputLine(), "no listening line: \(server.standardErrorSoFar)")
        #expect(line.contains("1 problem"), "\(line)")
        // Written to stderr before the line on stdout, but read from another pipe.
        #expect(await eventually { server.standardErrorSoFar.contains("images/a.png: error: static file cannot be opened (permission denied). Check its permissions") },
                "\(server.standardErrorSoFar)")
        let port = try #require(Self.port(in: line))
        let answer = try RawHTTPClient(port: port).request("GET", "/images/a.png")
        #expect(answer.status == 500)
        #expect((try jsonObject(answer.body)["error"] as? String)?.hasPrefix("static file images/a.png is broken") == true)
        #expect(try jsonObject(answer.body)["staticFile"] as? String == "images/a.png", "named as what it is, not as a fixture file")
        #expect(try RawHTTPClient(port: port).request("GET", "/images/b.png").status == 200)
        try await server.stop()
    }

    /// Copies `source` to `destination` (mode 0755) through a descriptor opened with
    /// `O_CLOEXEC`: a process another test starts meanwhile must not inherit it open for writing,
    /// or executing the copy fails with "Text file busy" until that process has exec'd.
    static func copyClosingOnExec(_ source: URL, to destination: String) throws {
        let bytes = try Data(contentsOf: source)
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        #expect(descriptor >= 0, "cannot create \(destination)")
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            #expect(written > 0, "writing \(destination) failed")
            guard written > 0 else { return }
            offset += written
        }
    }
    #endif
}
