import Foundation
import MockTLS
import TestSupport
import Testing

@Suite struct CertificateTests {
    @Test func generatesACertificateForTheGivenNames() throws {
        let hosts = try ["localhost", "api.example.test", "*.dev.example.test", "127.0.0.1", "::1"].map { try CertificateHost(parsing: $0) }
        let certificate = try SelfSignedCertificate.generate(hosts: hosts, validityDays: 30, now: 1_800_000_000)
        #expect(certificate.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(certificate.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(certificate.notBefore == 1_800_000_000 - 3600)
        #expect(certificate.notAfter == 1_800_000_000 + 30 * 86_400)
        #expect(certificate.sha256Fingerprint.split(separator: ":").count == 32)
        let identity = try TLSIdentity(certificatePEM: certificate.certificatePEM, privateKeyPEM: certificate.privateKeyPEM)
        #expect(identity.subjectAlternativeNames == hosts)
        #expect(identity.notAfter == certificate.notAfter)
        #expect(identity.sha256Fingerprint == certificate.sha256Fingerprint)
        #expect(identity.covers(host: "API.example.test") && identity.covers(host: "x.dev.example.test") && identity.covers(host: "[::1]"))
        #expect(!identity.covers(host: "dev.example.test") && !identity.covers(host: "a.b.dev.example.test") && !identity.covers(host: "127.0.0.2"))
        #expect(identity.isExpired(at: 1_800_000_000 + 31 * 86_400))
        #expect(!identity.isExpired(at: 1_800_000_000))
    }

    @Test func eachCertificateHasItsOwnKey() throws {
        let first = try SelfSignedCertificate.generate(hosts: [.dns("localhost")])
        let second = try SelfSignedCertificate.generate(hosts: [.dns("localhost")])
        #expect(first.privateKeyPEM != second.privateKeyPEM && first.sha256Fingerprint != second.sha256Fingerprint)
    }

    @Test func writesTheKeyReadableByItsOwnerOnlyAndNeverOverwritesUnasked() throws {
        let folder = try TemporaryFolder()
        let certificate = try SelfSignedCertificate.generate(hosts: [.dns("localhost")])
        let paths = try certificate.write(toDirectory: folder.path + "/certs/")
        #expect(paths.certificate == folder.path + "/certs/cert.pem" && paths.privateKey == folder.path + "/certs/key.pem")
        let keyMode = try FileManager.default.attributesOfItem(atPath: paths.privateKey)[.posixPermissions] as? Int
        let certificateMode = try FileManager.default.attributesOfItem(atPath: paths.certificate)[.posixPermissions] as? Int
        #expect(keyMode == 0o600 && certificateMode == 0o644)
        #expect(try String(contentsOfFile: paths.privateKey, encoding: .utf8) == certificate.privateKeyPEM)
        let other = try SelfSignedCertificate.generate(hosts: [.dns("localhost")])
        #expect(throws: TLSCertificateError.fileExists(paths.certificate)) { try other.write(toDirectory: folder.path + "/certs") }
        #expect(try String(contentsOfFile: paths.certificate, encoding: .utf8) == certificate.certificatePEM, "kept")
        try other.write(toDirectory: folder.path + "/certs", overwrite: true)
        #expect(try String(contentsOfFile: paths.certificate, encoding: .utf8) == other.certificatePEM)
        #expect(folder.files() == ["certs/cert.pem", "certs/key.pem"], "no temporary file is left behind")
    }

    @Test(arguments: [
        ("bad_host", "character other than letters"),
        ("a..b", "empty label"),
        ("-a.test", "starts or ends with '-'"),
        ("*.test", "wildcard needs at least two labels"),
        ("", "it is empty"),
    ])
    func refusesNamesACertificateCannotHold(text: String, reason: String) {
        #expect {
            _ = try CertificateHost(parsing: text)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func parsesAddressesAndNames() throws {
        #expect(try CertificateHost(parsing: " LocalHost. ") == .dns("localhost"))
        #expect(try CertificateHost(parsing: "[::1]") == .ip(IPAddress("::1")!))
        #expect(try CertificateHost(parsing: "10.0.0.1").subjectAlternativeNameLabel == "IP:10.0.0.1")
        #expect(IPAddress("fe80::1")?.description == "fe80::1")
        #expect(throws: TLSCertificateError.noHosts) { try SelfSignedCertificate.generate(hosts: []) }
    }
}

@Suite struct TLSIdentityTests {
    @Test func namesTheFileAtFault() throws {
        let folder = try TemporaryFolder()
        let one = try SelfSignedCertificate.generate(hosts: [.dns("localhost")])
        let two = try SelfSignedCertificate.generate(hosts: [.dns("localhost")])
        let certificate = try folder.write("cert.pem", one.certificatePEM)
        let key = try folder.write("key.pem", one.privateKeyPEM)
        let otherKey = try folder.write("other-key.pem", two.privateKeyPEM)
        let garbage = try folder.write("garbage.pem", "hello")
        let encrypted = try folder.write("encrypted.pem", "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n")
        let damaged = try folder.write("damaged.pem", "-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n")
        let missing = folder.path + "/missing.pem"

        #expect(try TLSIdentity.load(certificateFile: certificate, privateKeyFile: key).certificatePEM == one.certificatePEM)
        let cases: [(String, String, TLSIdentityError.Part, String)] = [
            (missing, key, .certificate, "no such file"),
            (certificate, folder.path, .privateKey, "it is a folder"),
            (key, certificate, .certificate, "are the certificate and key swapped?"),
            (garbage, key, .certificate, "no -----BEGIN CERTIFICATE----- line"),
            (damaged, key, .certificate, "holds no PEM certificate"),
            (certificate, garbage, .privateKey, "no -----BEGIN PRIVATE KEY----- line"),
            (certificate, encrypted, .privateKey, "encrypted with a password"),
            (certificate, otherKey, .privateKey, "is not the private key of \(certificate)"),
        ]
        for (certificateFile, keyFile, part, words) in cases {
            let error = try #require(throws: TLSIdentityError.self) {
                try TLSIdentity.load(certificateFile: certificateFile, privateKeyFile: keyFile)
            }
            #expect(error.part == part, "\(certificateFile) + \(keyFile): \(error)")
            #expect(error.description.contains(words), "\(error)")
            #expect(error.description.contains(error.file), "\(error)")
        }
    }

    @Test func oneFileMayHoldBothBlocks() throws {
        let folder = try TemporaryFolder()
        let certificate = try SelfSignedCertificate.generate(hosts: [.dns("localhost")])
        let combined = try folder.write("combined.pem", certificate.certificatePEM + certificate.privateKeyPEM)
        #expect(try TLSIdentity.load(certificateFile: combined, privateKeyFile: combined).subjectAlternativeNames == [.dns("localhost")])
    }
}
