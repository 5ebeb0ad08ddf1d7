import ArgumentParser
import MockFixtures
import MockUpstream

/// `--proxy-unmatched URL [--record]`: what no fixture answers goes to a real API.
struct ProxyOptions: ParsableArguments {
    @Option(name: .customLong("proxy-unmatched"), help: ArgumentHelp("Forward requests no fixture answers (no file, or no matching entry) to this API, e.g. https://api.example.com[/base], and return its answer; fixtures always win; failures answer 502.", valueName: "url"))
    var proxyUnmatched: String?

    @Flag(help: "With --proxy-unmatched: write each forwarded exchange into --root as fixtures (filling the gaps of a partial mock).")
    var record = false

    func validate() throws {
        if record, proxyUnmatched == nil {
            throw ValidationError("--record needs --proxy-unmatched URL: it records what is forwarded there (to record everything, use `mockserver record --target URL --root DIR`).")
        }
        _ = try target()
    }

    /// The parsed `--proxy-unmatched` URL, or nil without it.
    func target() throws -> UpstreamTarget? {
        guard let proxyUnmatched else { return nil }
        do {
            return try UpstreamTarget(parsing: proxyUnmatched)
        } catch {
            throw ValidationError("--proxy-unmatched: \(error)")
        }
    }
}
