import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MockServer

/// `mockserver healthcheck`: exits 0 when a running server's health endpoint says ok.
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Check that a running mockserver answers /__admin/health (for Docker HEALTHCHECK).",
        discussion: """
            Sends GET <url>/__admin/health with a 2-second limit and exits 0 when it answers 200 \
            with "status": "ok", otherwise prints why and exits 1. Needs no curl. For a server \
            started with --tls-cert, use an https:// URL and --cacert with its certificate (or \
            --insecure).
            """
    )

    @Option(help: "Base URL of the server to check (http:// or https://).")
    var url = "http://127.0.0.1:8080"

    @Flag(help: "Also fail when the server's fixtures loaded with problems (errors or warnings), as mockserver validate would.")
    var failOnProblems = false

    /// `--cacert` / `--insecure` for an https:// URL (the group the server's proxy shares).
    @OptionGroup var trust: ClientTrustOptions

    func validate() throws {
        try RootOptions.refuseMisplaced(by: Self.self, takes: ["--cacert", "--insecure"], why: "checks the server at --url")
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased()), parsed.host?.isEmpty == false else {
            throw ValidationError("--url \(url) is not an http(s)://host[:port] URL, e.g. --url http://127.0.0.1:8080.")
        }
        // Read from the text: URL drops an empty port (`host:`) and one too large for an Int,
        // and the check would then ask port 80.
        if let portText = Self.portText(of: url) {
            guard let port = Int(portText), (1...65_535).contains(port) else {
                throw ValidationError("--url \(url) has port '\(portText)', not one of 1–65535; give the port the server listens on, e.g. --url http://127.0.0.1:8080.")
            }
        }
        // The health endpoint is the server's own, at the root: a path would be silently dropped.
        if !["", "/"].contains(parsed.path) || parsed.query != nil || parsed.fragment != nil || url.hasSuffix("//") {
            throw ValidationError("--url \(url) has a path or query; give the server's base URL alone (scheme, host and port), e.g. --url http://127.0.0.1:8080: the check always asks /__admin/health.")
        }
        if parsed.scheme?.lowercased() == "http", trust.cacert != nil || trust.insecure {
            throw ValidationError("--cacert and --insecure apply to https:// URLs only; --url \(url) is plain HTTP.")
        }
    }

    /// The text after the authority's last `:` (outside an IPv6 literal's brackets), or nil
    /// when the URL names no port.
    static func portText(of url: String) -> Substring? {
        guard let colonSlashSlash = url.firstIndex(of: ":"), url[colonSlashSlash...].hasPrefix("://") else { return nil }
        var authority = url[url.index(colonSlashSlash, offsetBy: 3)...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // `user:password@` is not the port's.
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let hostEnd = authority.lastIndex(of: "]") ?? authority.startIndex
        guard let colon = authority[hostEnd...].lastIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }

    func run() throws {
        guard let parsed = URL(string: url) else { throw ExitCode.failure }
        let status = parsed.scheme?.lowercased() == "https"
            ? try HTTPSHealthCheck(url: url, trustedCertificatesFile: trust.cacert, insecure: trust.insecure, failsOnProblems: failOnProblems).check()
            : HealthProbe(url: parsed, failsOnProblems: failOnProblems).check()
        switch status {
        case .healthy:
            print("healthy: \(url.hasSuffix("/") ? String(url.dropLast()) : url)/__admin/health answered ok")
        case .unhealthy(let reason):
            throw CommandFailure("unhealthy: \(reason)")
        }
    }
}
