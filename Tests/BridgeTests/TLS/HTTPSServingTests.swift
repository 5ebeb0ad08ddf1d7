import Foundation
import Logging
import MockFixtures
import MockServer
import MockUpstream
import TestSupport
import Testing

/// The server over HTTPS with a generated certificate, checked by curl and by a Swift client.
@Suite struct HTTPSServingTests {
    static let fixtures = ["api/ping.json": #"[{"response": {"pong": true}}]"#]

    @Test func servesHTTPSThatTrustingClientsAccept() async throws {
        let certificate = try TestCertificate()
        let upstream = try LocalUpstream(Self.fixtures, tls: certificate.identity)
        #expect(upstream.url.hasPrefix("https://127.0.0.1:"))

        // A Swift client trusting the generated certificate.
        let trusting = try UpstreamClient(configuration: UpstreamConfiguration(trustedCertificatesFile: certificate.certificateFile))
        let answer = try await trusting.forward(UpstreamRequest(method: "GET", url: upstream.url + "/api/ping"))
        #expect(answer.status == 200 && sameJSON(answer.body, #"{"pong": true}"#))
        let health = try await trusting.forward(UpstreamRequest(method: "GET", url: upstream.url + "/__admin/health"))
        #expect(HealthStatus(healthAnswer: health.status, body: health.body, endpoint: "health") == .healthy)

        // The same client by host name: the certificate names localhost too.
        let byName = upstream.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        #expect(try await trusting.forward(UpstreamRequest(method: "GET", url: byName + "/api/ping")).status == 200)

        // One that trusts only the system's authorities refuses it, saying why.
        let systemTrust = try UpstreamClient()
        let error = try #require(throws: UpstreamError.self) {
            try systemTrust.forward(UpstreamRequest(method: "GET", url: upstream.url + "/api/ping"))
        }
        #expect(error.kind == .tlsVerificationFailed)
        #expect(error.description.contains("could not be verified") && error.description.contains("issuer is unknown"), "\(error)")

        // Insecure skips verification.
        let insecure = try UpstreamClient(configuration: UpstreamConfiguration(insecure: true))
        #expect(try await insecure.forward(UpstreamRequest(method: "GET", url: upstream.url + "/api/ping")).status == 200)
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let certificate = try TestCertificate(hosts: ["api.example.test"])
        let upstream = try LocalUpstream(Self.fixtures, tls: certificate.identity)
        let client = try UpstreamClient(configuration: UpstreamConfiguration(trustedCertificatesFile: certificate.certificateFile))
        let error = try #require(throws: UpstreamError.self) {
            try client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/api/ping"))
        }
        #expect(error.kind == .tlsVerificationFailed)
        #expect(error.detail.contains("does not match"), "\(error)")
        #expect(error.summary.contains("is not for the name 127.0.0.1") && error.summary.contains("tls-cert --host 127.0.0.1"),
                "trusting the issuer would not help: \(error.summary)")
    }

    @Test func curlTrustsItWithCacert() async throws {
        let certificate = try TestCertificate()
        let upstream = try LocalUpstream(Self.fixtures, tls: certificate.identity)
        let trusted = try await ChildProcess.run(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["curl", "-sS", "--max-time", "10", "--cacert", certificate.certificateFile, upstream.url + "/api/ping"])
        #expect(trusted.status == 0, "\(trusted.standardError)")
        #expect(sameJSON(Array(trusted.standardOutput.utf8), #"{"pong": true}"#))
        let untrusted = try await ChildProcess.run(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["curl", "-sS", "--max-time", "10", upstream.url + "/api/ping"])
        #expect(untrusted.status == 60, "curl's exit code for an untrusted certificate; got \(untrusted.status): \(untrusted.standardError)")
    }

    /// TLS 1.2 and 1.3 only, as App Transport Security and browsers require: a client offering
    /// only TLS 1.0 or 1.1 (its own security level lowered so that it would offer them) is refused.
    @Test func onlyTLS12AndNewerAreAccepted() async throws {
        let certificate = try TestCertificate()
        let upstream = try LocalUpstream(Self.fixtures, tls: certificate.identity)
        func curl(_ versions: [String]) async throws -> ChildProcess.Finished {
            try await ChildProcess.run(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["curl", "-sS", "--max-time", "10", "--cacert", certificate.certificateFile,
                                                                                                  "--ciphers", "DEFAULT@SECLEVEL=0"] + versions + [upstream.url + "/api/ping"])
        }
        for versions in [["--tlsv1.2", "--tls-max", "1.2"], ["--tlsv1.3"]] {
            let accepted = try await curl(versions)
            #expect(accepted.status == 0, "\(versions): \(accepted.standardError)")
        }
        for versions in [["--tlsv1.0", "--tls-max", "1.0"], ["--tlsv1.1", "--tls-max", "1.1"]] {
            let refused = try await curl(versions)
            #expect(refused.status == 35, "curl's exit code for a failed handshake; \(versions) got \(refused.status): \(refused.standardError)")
        }
    }

    @Test func largeAndDelayedAnswersCrossTLSIntact() async throws {
        let names = (0..<20_000).map { "\"person-\($0)\"" }.joined(separator: ",")
        let certificate = try TestCertificate()
        let upstream = try LocalUpstream([
            "api/big.json": #"[{"response": {"names": [\#(names)]}}]"#,
            "api/slow.json": #"[{"delay": 150, "response": {"slow": true}}]"#,
        ], tls: certificate.identity)
        let client = try UpstreamClient(configuration: UpstreamConfiguration(trustedCertificatesFile: certificate.certificateFile))
        let big = try await client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/api/big"))
        #expect(big.body.count > 250_000)
        #expect(sameJSON(big.body, #"{"names": [\#(names)]}"#))
        async let slow = client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/api/slow"))
        async let again = client.forward(UpstreamRequest(method: "GET", url: upstream.url + "/api/big"))
        #expect(try await slow.status == 200)
        #expect(try await again.body == big.body)
    }

    /// `httpsPort`: plain HTTP on `port` and HTTPS on `httpsPort`, one engine behind both, so a
    /// fixture added, a request journaled or a reload through one is seen through the other.
    @Test func servesHTTPAndHTTPSFromOneEngine() async throws {
        let certificate = try TestCertificate()
        let fixtures = try TemporaryFolder(Self.fixtures, label: "both-schemes")
        let server = try MockHTTPServer(store: try FixtureStore.load(root: fixtures.path),
                                        configuration: ServerConfiguration(port: 0, logRequests: false, tls: certificate.identity, httpsPort: 0),
                                        logger: Logger(label: "bridge-tests.both-schemes"))
        defer { server.stop() }
        let plain = server.url.absoluteString
        let secure = try #require(server.secureURL).absoluteString
        #expect(plain == "http://127.0.0.1:\(server.port)")
        #expect(secure == "https://127.0.0.1:\(try #require(server.securePort))" && server.securePort != server.port)

        let client = try UpstreamClient(configuration: UpstreamConfiguration(trustedCertificatesFile: certificate.certificateFile))
        func get(_ url: String) async throws -> UpstreamResponse { try await client.forward(UpstreamRequest(method: "GET", url: url)) }
        #expect(try await get(plain + "/api/ping").status == 200)
        #expect(try await get(secure + "/api/ping").status == 200)

        let added = try await client.forward(UpstreamRequest(method: "POST", url: plain + "/__admin/fixtures",
                                                             headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                                                             body: Array(#"{"path": "/api/new", "entries": [{"response": {"new": true}}]}"#.utf8)))
        #expect(added.status == 201, "\(String(decoding: added.body, as: UTF8.self))")
        let new = try await get(secure + "/api/new")
        #expect(new.status == 200 && sameJSON(new.body, #"{"new": true}"#), "a runtime fixture added over HTTP answers over HTTPS")
        let counted = try await client.forward(UpstreamRequest(method: "POST", url: secure + "/__admin/requests/count",
                                                               body: Array(#"{"path": "/api/ping"}"#.utf8)))
        #expect((try JSONSerialization.jsonObject(with: Data(counted.body)) as? [String: Any])?["count"] as? Int == 2,
                "one journal: \(String(decoding: counted.body, as: UTF8.self))")

        _ = try fixtures.write("api/ping.json", #"[{"response": {"pong": 2}}]"#)
        try server.reload()
        #expect(sameJSON(try await get(plain + "/api/ping").body, #"{"pong": 2}"#))
        #expect(sameJSON(try await get(secure + "/api/ping").body, #"{"pong": 2}"#), "a reload serves on both ports")

        // Each port speaks its own scheme.
        let httpsToPlain = await #expect(throws: UpstreamError.self) { try await get("https://127.0.0.1:\(server.port)/api/ping") }
        #expect(httpsToPlain != nil)
        let plainToSecure = await #expect(throws: UpstreamError.self) { try await get("http://127.0.0.1:\(server.securePort!)/api/ping") }
        #expect(plainToSecure != nil)
    }

    @Test func anHTTPSPortNeedsACertificateAndItsOwnPort() throws {
        let certificate = try TestCertificate()
        let fixtures = try TemporaryFolder(Self.fixtures, label: "https-port")
        let store = try FixtureStore.load(root: fixtures.path)
        let logger = Logger(label: "bridge-tests.https-port")
        for (configuration, expected) in [
            (ServerConfiguration(port: 0, httpsPort: 0), ServerStartError.httpsPortWithoutTLS),
            (ServerConfiguration(port: 8443, tls: certificate.identity, httpsPort: 8443), .httpsPortSameAsPort(8443)),
            (ServerConfiguration(port: 0, tls: certificate.identity, httpsPort: 70_000), .invalidHTTPSPort(70_000)),
        ] {
            #expect(throws: expected) { try MockHTTPServer(store: store, configuration: configuration, logger: logger) }
        }
        // A taken HTTPS port: the start fails naming it, and the plain port is free again.
        let holder = try MockHTTPServer(store: store, configuration: ServerConfiguration(port: 0, logRequests: false), logger: logger)
        defer { holder.stop() }
        let failed = #expect(throws: ServerStartError.self) {
            try MockHTTPServer(store: store, configuration: ServerConfiguration(port: 0, logRequests: false, tls: certificate.identity, httpsPort: holder.port),
                               logger: logger)
        }
        #expect(failed == .httpsListenerFailed(.portInUse(host: "127.0.0.1", port: holder.port)))
        #expect(failed?.description == "the HTTPS port could not be opened: port \(holder.port) on 127.0.0.1 is already in use by another process; stop it, choose another port, or use --https-port 0 for any free port.",
                "\(String(describing: failed))")
    }

    @Test func plainHTTPStaysTheDefault() async throws {
        let upstream = try LocalUpstream(Self.fixtures)
        #expect(upstream.url.hasPrefix("http://"))
    }
}
