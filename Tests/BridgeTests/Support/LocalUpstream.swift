import Foundation
import Logging
import MockFixtures
import MockServer
import MockTLS
import TestSupport

/// A real mockserver, in process, serving fixture files written by the test: the "production
/// API" that upstream and record tests talk to. Optionally over HTTPS.
final class LocalUpstream: @unchecked Sendable {
    let fixtures: TemporaryFolder
    let server: MockHTTPServer

    init(_ files: [String: String], tls: TLSIdentity? = nil) throws {
        fixtures = try TemporaryFolder(files, label: "upstream")
        let store = try FixtureStore.load(root: fixtures.path)
        server = try MockHTTPServer(store: store, configuration: ServerConfiguration(port: 0, logRequests: false, tls: tls),
                                    logger: Logger(label: "bridge-tests.upstream"))
    }

    deinit {
        server.stop()
    }

    /// `http(s)://127.0.0.1:<port>`.
    var url: String { server.url.absoluteString }
}

/// A certificate for the given hosts, written into a scratch folder.
struct TestCertificate {
    let folder: TemporaryFolder
    let certificateFile: String
    let keyFile: String
    let identity: TLSIdentity

    init(hosts: [String] = ["localhost", "127.0.0.1", "::1"]) throws {
        folder = try TemporaryFolder(label: "certificate")
        let certificate = try SelfSignedCertificate.generate(hosts: hosts.map { try CertificateHost(parsing: $0) })
        (certificateFile, keyFile) = try certificate.write(toDirectory: folder.path)
        identity = try TLSIdentity.load(certificateFile: certificateFile, privateKeyFile: keyFile)
    }
}
