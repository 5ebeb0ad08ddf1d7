/// How an ``UpstreamClient`` talks to upstreams.
///
/// ```swift
/// var configuration = UpstreamConfiguration()
/// configuration.timeout = .seconds(10)
/// configuration.trustedCertificatesFile = "certs/cert.pem"   // trust this CA instead of the system's
/// ```
public struct UpstreamConfiguration: Sendable, Equatable {
    /// The default limit for one whole exchange: connecting, sending and receiving.
    public static let defaultTimeout = Duration.seconds(30)
    /// The default limit for a (decoded) response body: the fixture loader's static-file limit.
    public static let defaultMaxResponseBodyBytes = 64 * 1024 * 1024

    /// The limit for one whole exchange, from the first connection attempt to the last body byte.
    public var timeout: Duration
    /// Skip TLS certificate and host name verification. For tests against servers with
    /// certificates nobody can trust; ``warnings`` says so, for the caller to log.
    public var insecure: Bool
    /// A PEM file of certificate authorities to trust instead of the system's, e.g. the `cert.pem`
    /// of `mockserver tls-cert` or a company CA. Nil uses the system trust store.
    public var trustedCertificatesFile: String?
    /// Answers whose decoded body is larger fail with ``UpstreamError/Kind/responseTooLarge``.
    public var maxResponseBodyBytes: Int

    public init(
        timeout: Duration = defaultTimeout,
        insecure: Bool = false,
        trustedCertificatesFile: String? = nil,
        maxResponseBodyBytes: Int = defaultMaxResponseBodyBytes
    ) {
        self.timeout = timeout
        self.insecure = insecure
        self.trustedCertificatesFile = trustedCertificatesFile
        self.maxResponseBodyBytes = maxResponseBodyBytes
    }

    /// What the caller should tell the user before forwarding anything.
    public var warnings: [String] {
        insecure
            ? ["TLS certificates of upstreams are not verified (insecure): anyone on the network path can read and change the traffic; use this for tests only"]
            : []
    }

}
