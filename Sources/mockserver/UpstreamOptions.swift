import ArgumentParser
import Logging
import MockFixtures
import MockProxy
import MockRecorder
import MockUpstream

/// How requests are forwarded to the upstream API and how exchanges are recorded, shared by
/// `--proxy-unmatched`, entries with `"forward"` and `record`.
struct UpstreamOptions: ParsableArguments {
    @Option(name: .customLong("upstream-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds one exchange with an API (--proxy-unmatched, an entry's \"forward\", a webhook) may take, connecting to last byte (default 30); then 502.", valueName: "seconds"))
    var upstreamTimeout: Double?

    @Option(help: ArgumentHelp("Comma-separated JSON keys (e.g. token,password; any case) whose values are never written into recorded fixtures, at any depth: \"REDACTED\" in answers, {\"$any\": true} in request constraints. Response headers with those names are written as \"REDACTED\".", valueName: "keys"))
    var redact: String?

    func validate() throws {
        if let upstreamTimeout, !(upstreamTimeout.isFinite && upstreamTimeout > 0 && upstreamTimeout <= 3600) {
            throw ValidationError("--upstream-timeout \(upstreamTimeout) must be more than 0 and at most 3600 seconds (fractions allowed), e.g. --upstream-timeout 30.")
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
        let timeout = upstreamTimeout.map { Duration.milliseconds(Int64(($0 * 1000).rounded(.up))) } ?? UpstreamConfiguration.defaultTimeout
        let configuration = UpstreamConfiguration(timeout: timeout, insecure: trust.insecure, trustedCertificatesFile: trust.cacert)
        do {
            return try UpstreamClient(configuration: configuration)
        } catch {
            throw CommandFailure("--cacert: \(error)")
        }
    }

    /// The client, after printing its warnings (`--insecure`).
    func clientPrintingWarnings(trust: ClientTrustOptions) throws -> UpstreamClient {
        let client = try client(trust: trust)
        for warning in client.configuration.warnings {
            StandardStreams.writeError("warning: \(warning)\n")
        }
        return client
    }

    /// The forwarder to `target` on a new client (``clientPrintingWarnings(trust:)``).
    func forwarder(to target: UpstreamTarget, trust: ClientTrustOptions, recordingInto recordingRoot: String?, logger: Logger) throws -> UpstreamForwarder {
        try forwarder(to: target, client: clientPrintingWarnings(trust: trust), recordingInto: recordingRoot, logger: logger)
    }

    /// The forwarder to `target` on `client`, recording into `recordingRoot` when given.
    func forwarder(to target: UpstreamTarget, client: UpstreamClient, recordingInto recordingRoot: String?, logger: Logger) throws -> UpstreamForwarder {
        var recorder: FixtureRecorder?
        if let recordingRoot {
            do {
                recorder = try FixtureRecorder(root: recordingRoot, options: RecorderOptions(redactedKeys: try redactedKeys()))
            } catch {
                throw CommandFailure("--root: \(error)")
            }
        }
        return UpstreamForwarder(target: target, client: client, recorder: recorder, logger: logger)
    }

    /// Whether `--upstream-timeout` or `--redact` was given.
    var isUsed: Bool {
        upstreamTimeout != nil || redact != nil
    }
}
