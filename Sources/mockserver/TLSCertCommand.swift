import ArgumentParser
import MockTLS

/// `mockserver tls-cert --out DIR`: writes a self-signed, CA-capable certificate and its key.
struct TLSCertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tls-cert",
        abstract: "Write a self-signed certificate and key for serving HTTPS (no openssl needed).",
        discussion: """
            Writes DIR/cert.pem and DIR/key.pem (readable by you only): an ECDSA P-256 key and a \
            certificate for the given hosts (DNS names and IP addresses, as subject alternative \
            names), valid for 825 days (the longest Apple platforms accept), usable as its own \
            certificate authority. Trust cert.pem once, then serve with \
            `mockserver --root Mocks --tls-cert DIR/cert.pem --tls-key DIR/key.pem`:
              iOS simulator:  xcrun simctl keychain booted add-root-cert DIR/cert.pem
              curl:           curl --cacert DIR/cert.pem https://127.0.0.1:8080/…
              Debian/Ubuntu:  copy it to /usr/local/share/ca-certificates/mockserver.crt,
                              then run update-ca-certificates (URLSession on Linux
                              trusts nothing else)
            """
    )

    @Option(help: ArgumentHelp("Folder to write cert.pem and key.pem into (created when missing).", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("Comma-separated DNS names and IP addresses the certificate is valid for.", valueName: "hosts"))
    var host = "localhost,127.0.0.1,::1"

    @Option(parsing: .unconditional, help: ArgumentHelp("Days the certificate is valid, 1–825.", valueName: "days"))
    var days = SelfSignedCertificate.maximumValidityDays

    @Flag(help: "Replace cert.pem and key.pem when they exist (devices that trusted the old one must trust the new one).")
    var force = false

    func validate() throws {
        try RootOptions.refuseMisplaced(by: Self.self, takes: ["--host"], why: "only writes a certificate and its key")
        guard (1...SelfSignedCertificate.maximumValidityDays).contains(days) else {
            throw ValidationError("--days \(days) must be between 1 and \(SelfSignedCertificate.maximumValidityDays) (Apple platforms refuse longer-lived server certificates).")
        }
        _ = try hosts()
    }

    func run() throws {
        let certificate: SelfSignedCertificate
        let paths: (certificate: String, privateKey: String)
        do {
            certificate = try SelfSignedCertificate.generate(hosts: try hosts(), validityDays: days)
            paths = try certificate.write(toDirectory: out, overwrite: force)
        } catch let error as TLSCertificateError {
            throw CommandFailure("--out \(out): \(error)")
        }
        print("""
            wrote \(paths.certificate) and \(paths.privateKey)
              names:       \(certificate.hosts.map(\.subjectAlternativeNameLabel).joined(separator: ", "))
              valid until: \(UnixTimeText.utcDate(certificate.notAfter)) (\(days) days)
              SHA-256:     \(certificate.sha256Fingerprint)
            serve:   mockserver --root Mocks --tls-cert \(paths.certificate) --tls-key \(paths.privateKey)
            trust:   xcrun simctl keychain booted add-root-cert \(paths.certificate)
                     curl --cacert \(paths.certificate) https://127.0.0.1:8080/__admin/health
            """)
    }

    private func hosts() throws -> [CertificateHost] {
        let names = (Self.hostGivenAfterSubcommand(CommandLine.arguments) ?? host).split(separator: ",").map { String($0) }.filter { $0.contains { $0 != " " } }
        guard !names.isEmpty else {
            throw ValidationError("--host is empty; give at least one name, e.g. --host localhost,127.0.0.1,::1.")
        }
        do {
            return try names.map { name throws(TLSCertificateError) in try CertificateHost(parsing: name) }
        } catch {
            throw ValidationError("--host: \(error)")
        }
    }

    /// The last `--host VALUE` / `--host=VALUE` after `tls-cert` on the command line.
    ///
    /// The root command has a `--host` of its own (the listening address), and swift-argument-parser
    /// gives an option name declared by both a command and its subcommand to the command
    /// (apple/swift-argument-parser#169), so this one would never receive its value.
    static func hostGivenAfterSubcommand(_ arguments: [String]) -> String? {
        guard let start = arguments.firstIndex(of: configuration.commandName ?? "tls-cert") else { return nil }
        var found: String?
        var index = arguments.index(after: start)
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--host", arguments.index(after: index) < arguments.endIndex {
                index = arguments.index(after: index)
                found = arguments[index]
            } else if argument.hasPrefix("--host=") {
                found = String(argument.dropFirst("--host=".count))
            }
            index = arguments.index(after: index)
        }
        return found
    }
}
