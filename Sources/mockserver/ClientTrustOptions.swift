import ArgumentParser

/// `--cacert` / `--insecure`: how mockserver checks the certificate of an HTTPS server it talks
/// to as a client — the upstream API of `--proxy-unmatched`, of entries with `"forward"` and of
/// `record`, or the server `healthcheck` checks.
///
/// One option group for all three: swift-argument-parser gives an option declared by a command
/// and by its subcommand to the command (apple/swift-argument-parser#169) unless both declare
/// the same group, whose values are then shared.
struct ClientTrustOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Trust this PEM certificate authority (e.g. the cert.pem of `mockserver tls-cert`) instead of the system's, for the HTTPS server mockserver connects to.", valueName: "file"))
    var cacert: String?

    @Flag(help: "Do not verify the certificate of the HTTPS server mockserver connects to (for tests only).")
    var insecure = false

    func validate() throws {
        if insecure, let cacert {
            throw ValidationError("--insecure and --cacert \(cacert) contradict each other: --insecure trusts any certificate; give one of them.")
        }
    }
}
