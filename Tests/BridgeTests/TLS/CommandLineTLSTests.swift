import Foundation
import TestSupport
import Testing

/// `mockserver tls-cert`, `--tls-cert`/`--tls-key` and `healthcheck --url https://…`, run as
/// the built executable.
@Suite struct CommandLineTLSTests {
    @Test func tlsCertWritesAPairAndServingWithItWorksEndToEnd() async throws {
        let folder = try TemporaryFolder()
        let certs = folder.path + "/certs"
        let made = try await MockServerProcess.run(["tls-cert", "--out", certs, "--host", "localhost,127.0.0.1"])
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.contains("wrote \(certs)/cert.pem and \(certs)/key.pem"))
        #expect(made.standardOutput.contains("DNS:localhost, IP:127.0.0.1"))
        #expect(made.standardOutput.contains("xcrun simctl keychain booted add-root-cert \(certs)/cert.pem"))

        let again = try await MockServerProcess.run(["tls-cert", "--out", certs])
        #expect(again.status != 0 && again.standardError.contains("already exists; pass --force"), "\(again.standardError)")

        try folder.write("mocks/api/ping.json", #"[{"response": {"pong": true}}]"#)
        let server = try await MockServerProcess.start(["--root", folder.path + "/mocks", "--port", "0", "--quiet",
                                                        "--tls-cert", certs + "/cert.pem", "--tls-key", certs + "/key.pem"])
        let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
        #expect(line.hasPrefix("listening on https://127.0.0.1:"), "\(line)")
        let base = String(line.dropFirst("listening on ".count).prefix { $0 != " " })

        let curl = try await ChildProcess.run(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["curl", "-sS", "--max-time", "10", "--cacert", certs + "/cert.pem", base + "/api/ping"])
        #expect(curl.status == 0 && curl.standardOutput == #"{"pong":true}"#, "\(curl.standardError)")

        let healthy = try await MockServerProcess.run(["healthcheck", "--url", base, "--cacert", certs + "/cert.pem"])
        #expect(healthy.status == 0 && healthy.standardOutput.contains("healthy"), "\(healthy.standardError)")
        let insecure = try await MockServerProcess.run(["healthcheck", "--url", base, "--insecure"])
        #expect(insecure.status == 0, "\(insecure.standardError)")
        let untrusted = try await MockServerProcess.run(["healthcheck", "--url", base])
        #expect(untrusted.status == 1)
        #expect(untrusted.standardError.contains("could not be verified") && untrusted.standardError.contains("--cacert"), "\(untrusted.standardError)")
        try await server.stop()
    }

    @Test(arguments: [
        (["--tls-cert", "<cert>"], "--tls-cert needs --tls-key"),
        (["--tls-key", "<key>"], "--tls-key needs --tls-cert"),
        (["--tls-cert", "<missing>", "--tls-key", "<key>"], "--tls-cert: <missing> cannot be read (no such file)"),
        (["--tls-cert", "<key>", "--tls-key", "<cert>"], "--tls-cert: <key> holds no PEM certificate"),
        (["--tls-cert", "<cert>", "--tls-key", "<other-key>"], "--tls-key: <other-key> is not the private key of <cert>"),
        (["--https-port", "0"], "--https-port needs --tls-cert and --tls-key"),
        (["--tls-cert", "<cert>", "--tls-key", "<key>", "--https-port", "70000"], "--https-port: HTTPS port 70000 is out of range; use 0–65535"),
    ])
    func badTLSFilesStopTheStartWithASentenceNamingFlagAndFile(arguments: [String], message: String) async throws {
        let folder = try TemporaryFolder()
        let paths = [
            "<cert>": folder.path + "/a/cert.pem", "<key>": folder.path + "/a/key.pem",
            "<other-key>": folder.path + "/b/key.pem", "<missing>": folder.path + "/missing.pem",
        ]
        for subfolder in ["a", "b"] {
            #expect(try await MockServerProcess.run(["tls-cert", "--out", folder.path + "/" + subfolder]).status == 0)
        }
        try folder.write("mocks/index.json", "[]")
        let resolved = arguments.map { paths[$0] ?? $0 }
        let expected = paths.reduce(message) { text, pair in text.replacingOccurrences(of: pair.key, with: pair.value) }
        let run = try await MockServerProcess.run(["--root", folder.path + "/mocks", "--port", "0"] + resolved)
        #expect(run.status != 0)
        #expect(run.standardError.contains(expected), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty, "it must not start listening")
    }

    /// `--https-port`: HTTP on `--port` and HTTPS beside it, both named on the listening line.
    @Test func httpsPortServesBothSchemes() async throws {
        let folder = try TemporaryFolder()
        let certs = folder.path + "/certs"
        #expect(try await MockServerProcess.run(["tls-cert", "--out", certs]).status == 0)
        try folder.write("mocks/api/ping.json", #"[{"response": {"pong": true}}]"#)
        let server = try await MockServerProcess.start(["--root", folder.path + "/mocks", "--port", "0", "--https-port", "0", "--quiet",
                                                        "--tls-cert", certs + "/cert.pem", "--tls-key", certs + "/key.pem"])
        let line = try #require(await server.firstOutputLine(), "no listening line; stderr: \(server.standardErrorSoFar)")
        let urls = line.dropFirst("listening on ".count).prefix { $0 != "(" }.split(separator: " ").map(String.init)
        #expect(line.hasPrefix("listening on http://127.0.0.1:") && urls.count == 3 && urls[1] == "and" && urls[2].hasPrefix("https://127.0.0.1:"), "\(line)")
        for base in [urls[0], urls[2]] {
            let curl = try await ChildProcess.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                                  arguments: ["curl", "-sS", "--max-time", "10", "--cacert", certs + "/cert.pem", base + "/api/ping"])
            #expect(curl.status == 0 && curl.standardOutput == #"{"pong":true}"#, "\(base): \(curl.standardError)")
        }
        try await server.stop()
        let samePort = try await MockServerProcess.run(["--root", folder.path + "/mocks", "--port", "18443", "--https-port", "18443",
                                                        "--tls-cert", certs + "/cert.pem", "--tls-key", certs + "/key.pem"])
        #expect(samePort.status == 64 && samePort.standardOutput.isEmpty, "a usage error, as the flag's others (audit JP2 #9): \(samePort.status)")
        #expect(samePort.standardError.contains("--https-port: the HTTPS port 18443 is the port plain HTTP listens on; give each its own port"),
                "\(samePort.standardError)")
    }

    @Test func warnsWhenTheCertificateDoesNotNameTheListeningAddress() async throws {
        let folder = try TemporaryFolder()
        #expect(try await MockServerProcess.run(["tls-cert", "--out", folder.path, "--host", "api.example.test"]).status == 0)
        try folder.write("mocks/index.json", "[]")
        let server = try await MockServerProcess.start(["--root", folder.path + "/mocks", "--port", "0",
                                                        "--tls-cert", folder.path + "/cert.pem", "--tls-key", folder.path + "/key.pem"])
        #expect(await server.firstOutputLine()?.hasPrefix("listening on https://127.0.0.1:") == true)
        #expect(await eventually { server.standardErrorSoFar.contains("warning: --tls-cert is valid for api.example.test, not for 127.0.0.1") },
                "\(server.standardErrorSoFar)")
        // Plain HTTP to the HTTPS port: the check and the server's log say what went wrong.
        let base = try #require(await server.firstOutputLine()).dropFirst("listening on https://".count).prefix { $0 != " " }
        let plain = try await MockServerProcess.run(["healthcheck", "--url", "http://\(base)"])
        #expect(plain.status == 1)
        #expect(plain.standardError.contains("the server closed the connection without answering; if it serves HTTPS (--tls-cert), use an https:// URL"),
                "\(plain.standardError)")
        #expect(await eventually { server.standardErrorSoFar.contains("a TLS handshake failed and the connection was closed (a client that sent plain http://") },
                "\(server.standardErrorSoFar)")
        try await server.stop()
    }

    @Test func tlsCertRefusesBadHostsAndDays() async throws {
        let folder = try TemporaryFolder()
        let badHost = try await MockServerProcess.run(["tls-cert", "--out", folder.path, "--host", "localhost,bad_host"])
        #expect(badHost.status != 0 && badHost.standardError.contains("--host: 'bad_host' is not a valid host name"), "\(badHost.standardError)")
        for mistyped in ["256.1.1.1", "1.2.3"] {
            let refused = try await MockServerProcess.run(["tls-cert", "--out", folder.path, "--host", "localhost,\(mistyped)"])
            #expect(refused.status != 0 && refused.standardError.contains("--host: '\(mistyped)' is not a valid host name for a certificate: it is neither an IP address nor a DNS name"),
                    "\(refused.standardError)")
        }
        let badDays = try await MockServerProcess.run(["tls-cert", "--out", folder.path, "--days", "3650"])
        #expect(badDays.status != 0 && badDays.standardError.contains("--days 3650 must be between 1 and 825"), "\(badDays.standardError)")
        #expect(folder.files().isEmpty)
    }

    @Test func healthcheckRefusesTLSOptionsForPlainHTTP() async throws {
        let run = try await MockServerProcess.run(["healthcheck", "--url", "http://127.0.0.1:1", "--insecure"])
        #expect(run.status != 0 && run.standardError.contains("apply to https:// URLs only"), "\(run.standardError)")
    }
}
