import MockUpstream

extension UpstreamError {
    /// The `mockserver` flag that changes the outcome, for failures a flag can mend: the
    /// summary says what to do in general, this names how (audit R22: a webhook failing on a
    /// self-signed certificate did not say `--cacert`).
    var commandLineHint: String? {
        switch kind {
        case .timedOut:
            "mockserver's --upstream-timeout SECONDS sets how long to wait"
        case .tlsVerificationFailed where !detail.contains("does not match"):
            "mockserver's --cacert FILE trusts the authority that issued the certificate; --insecure skips the check, for tests only"
        default:
            nil
        }
    }
}
