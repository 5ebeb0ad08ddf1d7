import ArgumentParser
import MockRecorder
import MockUpstream

/// How requests are forwarded to the upstream API and how exchanges are recorded, shared by
/// `--proxy-unmatched` and `record`.
struct UpstreamOptions: ParsableArguments {
    @Option(name: .customLong("upstream-timeout"), help: ArgumentHelp("Seconds one forwarded exchange may take, connecting to last byte (default 30); then 502.", valueName: "seconds"))
    var upstreamTimeout: Double = 30

    @Option(help: ArgumentHelp("Comma-separated JSON keys whose values are written as \"REDACTED\" in recorded request and response bodies, at any depth (e.g. token,password).", valueName: "keys"))
    var redact: String?

    func validate() throws {
        guard upstreamTimeout.isFinite, upstreamTimeout > 0, upstreamTimeout <= 3600 else {
            throw ValidationError("--upstream-timeout \(upstreamTimeout) must be between 0 and 3600 seconds (fractions allowed), e.g. --upstream-timeout 30.")
        }
        _ = try redactedKeys()
    }

    /// The keys of `--redact`, trimmed; an empty key is a mistake worth reporting.
    func redactedKeys() throws -> Set<String> {
        guard let redact else { return [] }
        let keys = redact.split(separator: ",", omittingEmptySubsequences: false).map { key in
            String(key.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        guard !keys.contains(where: \.isEmpty) else {
            throw ValidationError("--redact \"\(redact)\" has an empty key; give comma-separated JSON keys, e.g. --redact token,password.")
        }
        return Set(keys)
    }

    /// The client forwarding to the upstream, with its warnings (for `--insecure`) to print.
    func client(trust: ClientTrustOptions) throws -> UpstreamClient {
        let configuration = UpstreamConfiguration(timeout: .milliseconds(Int64((upstreamTimeout * 1000).rounded())), insecure: trust.insecure,
                                                  trustedCertificatesFile: trust.cacert)
        do {
            return try UpstreamClient(configuration: configuration)
        } catch {
            throw CommandFailure("--cacert: \(error)")
        }
    }

    func recorderOptions() throws -> RecorderOptions {
        RecorderOptions(redactedKeys: try redactedKeys())
    }
}
