import Foundation
import TestSupport
@testable import mockserver
import Testing

/// The root command's options written with a subcommand that does not take them are refused,
/// naming the option, instead of being parsed by the root command and silently ignored
/// (swift-argument-parser gives them to the root wherever they stand, apple/swift-argument-parser#169).
@Suite struct SubcommandOptionTests {
    @Test(arguments: [
        (["validate", "--root", "<root>", "--watch"], "--watch is an option of serving (`mockserver --root DIR --watch …`), not of `mockserver validate`, which only reads the folder; leave it out."),
        (["validate", "--root", "<root>", "--port=9"], "--port is an option of serving"),
        (["--journal-size", "5", "validate", "--root", "<root>"], "--journal-size is an option of serving"),
        (["healthcheck", "--url", "http://127.0.0.1:1", "--port", "9090"], "--port is an option of serving (`mockserver --root DIR --port …`), not of `mockserver healthcheck`, which checks the server at --url"),
        (["healthcheck", "--root", "<root>"], "--root is an option of serving"),
        (["tls-cert", "--out", "<root>/certs", "--cors"], "--cors is an option of serving (`mockserver --root DIR --cors …`), not of `mockserver tls-cert`"),
        (["record", "--target", "http://127.0.0.1:1", "--root", "<root>", "--watch"], "--watch is an option of serving (`mockserver --root DIR --watch …`), not of `mockserver record`, which forwards every request"),
        (["record", "--target", "http://127.0.0.1:1", "--root", "<root>", "--report-unused"], "--report-unused is an option of serving"),
        (["validate", "--root", "<root>", "--delay", "300"], "--delay is an option of serving"),
        (["tls-cert", "--out", "<root>/certs", "--template-all"], "--template-all is an option of serving"),
        (["record", "--target", "http://127.0.0.1:1", "--root", "<root>", "--delay", "300"], "--delay is an option of serving"),
        (["record", "--target", "http://127.0.0.1:1", "--root", "<root>", "--template-all"], "--template-all is an option of serving"),
        (["--root", "<root>", "--delay", "100-50"], "--delay 100-50: delay min 100 is larger than max 50; swap them."),
        (["--root", "<root>", "--delay", "{\"median\": 80, \"sigma\": 11}"], "--delay {\"median\": 80, \"sigma\": 11}: delay sigma must be a number from 0 to 10"),
        (["record", "--target", "http://127.0.0.1:1", "--root", "<root>", "--proxy-unmatched", "http://127.0.0.1:2"], "--proxy-unmatched is an option of serving"),
        (["record", "--target", "http://127.0.0.1:1", "--root", "<root>", "--response-header", "X-A: 1"], "--response-header is an option of serving"),
        (["--root", "<root>", "--response-header", "X-A"], "--response-header 'X-A': \"X-A\" has no ':' between a header name and its value; write it as 'Name: value'"),
        (["--root", "<root>", "--response-header", "Content-Length: 5"], "--response-header 'Content-Length: 5': headers must not set Content-Length: the server computes it from the body"),
        (["--root", "<root>", "--response-header", "X-A: 1", "--response-header", "x-a: 2"], "--response-header 'x-a: 2': x-a is given twice"),
        (["--root", "<root>", "--response-header", "X-A: \(String(repeating: "a", count: 3_000))"], "more than the 2048 added to every answer can take"),
    ])
    func aRootOptionWithASubcommandThatDoesNotTakeItIsRefused(arguments: [String], message: String) async throws {
        let folder = try TemporaryFolder()
        let resolved = arguments.map { $0.replacingOccurrences(of: "<root>", with: folder.path) }
        let run = try await MockServerProcess.run(resolved)
        #expect(run.status == 64, "exit \(run.status); stderr: \(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/certs"), "tls-cert wrote files before refusing")
    }

    @Test func theOptionsEachSubcommandSharesStillWork() async throws {
        let folder = try TemporaryFolder()
        try folder.write("api/ping.json", #"[{"response": {"pong": true}}]"#)
        let validate = try await MockServerProcess.run(["--root", folder.path, "validate"])
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(validate.standardOutput.hasPrefix("ok: 1 fixture file, 1 entry"), "\(validate.standardOutput)")
        // `validate --template-all` checks what serving with it loads: the placeholder is used.
        try folder.write("api/echo.json", #"{"response": {"page": "{{query.page}}"}}"#)
        let warned = try await MockServerProcess.run(["validate", "--root", folder.path])
        #expect(warned.standardOutput.contains("looks like a {{placeholder}}") || warned.standardError.contains("looks like a {{placeholder}}"), "\(warned.standardOutput)\(warned.standardError)")
        let templated = try await MockServerProcess.run(["validate", "--root", folder.path, "--template-all"])
        #expect(templated.status == 0 && !(templated.standardOutput + templated.standardError).contains("looks like"), "\(templated.standardOutput)\(templated.standardError)")
        let certificate = try await MockServerProcess.run(["tls-cert", "--out", folder.path + "/certs", "--host", "mock.test"])
        #expect(certificate.status == 0, "\(certificate.standardError)")
        #expect(certificate.standardOutput.contains("names:       DNS:mock.test"), "\(certificate.standardOutput)")
        let health = try await MockServerProcess.run(["healthcheck", "--url", "https://127.0.0.1:1", "--cacert", folder.path + "/certs/cert.pem"])
        #expect(health.status == 1, "exit \(health.status); stderr: \(health.standardError)")
        #expect(health.standardError.contains("unhealthy"), "\(health.standardError)")
    }

    /// `RootOptions.names` must list every option of `mockserver --help`, or a new serving option
    /// would be silently ignored after a subcommand again.
    @Test func theListOfRootOptionsIsTheHelpsOptionsSection() async throws {
        let help = try await MockServerProcess.run(["--help"]).standardOutput
        // The option lines of every section between USAGE and SUBCOMMANDS (HTTPS, PROXY AND RECORD,
        // OPTIONS): two spaces, then the name; descriptions are indented further.
        let start = try #require(help.range(of: "\nUSAGE:")).upperBound
        let end = try #require(help.range(of: "\nSUBCOMMANDS:")).lowerBound
        let listed = Set(help[start..<end].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            return String(line.dropFirst(2).prefix { $0 != " " && $0 != "," })
        }).subtracting(["--help", "--version"])
        #expect(listed.count > 20, "\(listed.sorted())")
        #expect(listed == RootOptions.names, "in --help but not RootOptions.names: \(listed.subtracting(RootOptions.names).sorted()); the other way: \(RootOptions.names.subtracting(listed).sorted())")
    }
}
