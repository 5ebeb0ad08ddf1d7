import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockServer
import MockTLS

/// `--tls-cert` / `--tls-key`: serve HTTPS instead of HTTP.
struct TLSServingOptions: ParsableArguments {
    @Option(name: .customLong("tls-cert"), help: ArgumentHelp(
        "Serve HTTPS with this PEM certificate (chain); needs --tls-key. `mockserver tls-cert` makes one.", valueName: "file"))
    var certificateFile: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The unencrypted PEM private key of --tls-cert.", valueName: "file"))
    var keyFile: String?

    @Option(name: .customLong("https-port"), parsing: .unconditional, help: ArgumentHelp(
        "With --tls-cert: serve HTTPS on this port and plain HTTP on --port, from the same fixtures and state; 0 picks a free port.",
        valueName: "port"))
    var httpsPort: Int?

    func validate() throws {
        switch (certificateFile, keyFile) {
        case (.some, nil):
            throw ValidationError("--tls-cert needs --tls-key: give the private key file of the certificate, e.g. --tls-key certs/key.pem.")
        case (nil, .some):
            throw ValidationError("--tls-key needs --tls-cert: give the certificate file, e.g. --tls-cert certs/cert.pem.")
        default:
            break
        }
        if let httpsPort {
            guard certificateFile != nil else {
                throw ValidationError("--https-port needs --tls-cert and --tls-key: give the certificate and key HTTPS serves with (`mockserver tls-cert` makes a pair).")
            }
            guard ServerConfiguration.portRange.contains(httpsPort) else {
                throw ValidationError("--https-port: \(ServerStartError.invalidHTTPSPort(httpsPort))")
            }
        }
    }

    /// `--https-port` equal to `--port`: a usage error (exit 64) like the flag's others, not a
    /// failed start.
    func refuseSamePort(as port: Int) throws {
        guard let httpsPort, httpsPort != 0, httpsPort == port else { return }
        throw ValidationError("--https-port: \(ServerStartError.httpsPortSameAsPort(httpsPort))")
    }

    /// `configuration` with ``httpsPort`` and the loaded certificate.
    func configuring(_ configuration: ServerConfiguration) throws -> ServerConfiguration {
        var configuration = configuration
        configuration.tls = try loadIdentity()
        configuration.httpsPort = httpsPort
        return configuration
    }

    /// The checked certificate and key, or nil for plain HTTP; a bad file is a sentence naming
    /// its flag and path.
    func loadIdentity() throws -> TLSIdentity? {
        guard let certificateFile, let keyFile else { return nil }
        do {
            return try TLSIdentity.load(certificateFile: certificateFile, privateKeyFile: keyFile)
        } catch {
            throw CommandFailure("\(error.part == .certificate ? "--tls-cert" : "--tls-key"): \(error)")
        }
    }

    /// `http://127.0.0.1:8080`, or `http://127.0.0.1:8080 and https://127.0.0.1:8443` with
    /// `--https-port`: what the "listening on" line names.
    static func listeningURLs(of server: MockHTTPServer) -> String {
        server.url.absoluteString + (server.secureURL.map { " and " + $0.absoluteString } ?? "")
    }

    /// Prints ``warnings(for:listeningHost:)`` of a server serving HTTPS to stderr.
    static func printWarnings(for server: MockHTTPServer) {
        guard let identity = server.configuration.tls, let urlHost = server.url.host else { return }
        for warning in warnings(for: identity, listeningHost: urlHost) {
            StandardStreams.writeError(warning + "\n")
        }
    }

    /// Warnings worth printing before serving: an expired certificate, or one that does not name
    /// the host clients are told to use.
    static func warnings(for identity: TLSIdentity, listeningHost: String) -> [String] {
        var warnings: [String] = []
        if identity.isExpired() {
            warnings.append("warning: --tls-cert has expired; clients will refuse it. Make a new one with `mockserver tls-cert`.")
        }
        // 0.0.0.0 and :: listen everywhere; clients use some other name, which cannot be checked here.
        let listensEverywhere = IPAddress(listeningHost)?.bytes.allSatisfy { $0 == 0 } ?? false
        if !listensEverywhere, !identity.covers(host: listeningHost) {
            let names = identity.subjectAlternativeNames.map(\.description).joined(separator: ", ")
            warnings.append("warning: --tls-cert is valid for \(names.isEmpty ? "no host name" : names), not for \(listeningHost); clients connecting to \(listeningHost) will refuse it. Make one with `mockserver tls-cert --host \(listeningHost),…`.")
        }
        return warnings
    }
}
