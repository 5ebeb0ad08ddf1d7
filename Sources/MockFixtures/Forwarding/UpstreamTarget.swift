/// The API that requests are forwarded to: an `http` or `https` origin and an optional base path.
///
/// An incoming request target is appended to the base path unchanged (still percent-encoded),
/// so `/people/?page=2` against `https://api.example.com/v1` goes to
/// `https://api.example.com/v1/people/?page=2`.
///
/// ```swift
/// let target = try UpstreamTarget(parsing: "https://api.example.com/v1/")
/// target.origin                                   // "https://api.example.com"
/// target.url(forRequestTarget: "/people?page=2")  // "https://api.example.com/v1/people?page=2"
/// ```
public struct UpstreamTarget: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`, lower case.
    public let scheme: String
    /// The host as written in a URL: a name, an IPv4 address or a bracketed IPv6 address.
    public let host: String
    /// The explicit port, or nil for the scheme's default.
    public let port: Int?
    /// The base path without a trailing slash; empty for none.
    public let basePath: String

    /// Accepts `http(s)://host[:port][/base/path]`: no user name or password, query or fragment.
    public init(parsing text: String) throws(UpstreamTargetError) {
        let url: AbsoluteURL
        switch AbsoluteURL.parse(text) {
        case .success(let parsed): url = parsed
        case .failure(let failure): throw UpstreamTargetError(text, failure.reason)
        }
        guard !url.pathAndQuery.contains("?"), !text.contains("#") else {
            throw UpstreamTargetError(text, "it has a query or fragment; give only the origin and an optional base path")
        }
        scheme = url.scheme
        host = url.host
        port = url.port
        var path = String(url.pathAndQuery)
        while path.hasSuffix("/") { path.removeLast() }
        // Sent as written, so it must be a path the API reads as written (audit R20: `/v%zz/../admin`).
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            // Also encoded (`%2e%2e`), which an API decodes (audit R21).
            let decodedDots = segment.lowercased().replacing("%2e", with: ".")
            if decodedDots == "." || decodedDots == ".." {
                throw UpstreamTargetError(text, "its base path has a '.' or '..' segment; give the path it leads to")
            }
            let lowercased = segment.lowercased()
            if lowercased.contains("%2f") || lowercased.contains("%5c") || lowercased.contains("%00") || segment.contains("\\") {
                // As in the mock's own request paths (audit R23): an encoded separator or NUL.
                throw UpstreamTargetError(text, "its base path has a '\\' or an encoded '/', '\\' or NUL (%2F, %5C, %00); write the path it means")
            }
            if !PercentEncoding.isWellFormed(segment) {
                throw UpstreamTargetError(text, "its base path has a '%' not followed by two hex digits; write a literal % as %25")
            }
        }
        basePath = path
    }

    /// `scheme://host[:port]`.
    public var origin: String {
        "\(scheme)://\(authority)"
    }

    /// `host[:port]`.
    public var authority: String {
        port.map { "\(host):\($0)" } ?? host
    }

    public var description: String {
        origin + basePath
    }

    /// The upstream URL for an incoming request target (`/path?query`, percent-encoded as
    /// received). An absolute-form target (`http://other/path`) keeps only its path and query.
    public func url(forRequestTarget requestTarget: String) -> String {
        var pathAndQuery = Substring(requestTarget)
        if !pathAndQuery.hasPrefix("/"), let separator = pathAndQuery.firstRange(of: "://") {
            let afterScheme = pathAndQuery[separator.upperBound...]
            pathAndQuery = afterScheme[(afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex)...]
        }
        if pathAndQuery.hasPrefix("?") || pathAndQuery.isEmpty { pathAndQuery = Substring("/" + pathAndQuery) }
        return origin + basePath + pathAndQuery
    }

    /// A `Location` or `Content-Location` the upstream sent, as the client of the mock must
    /// follow it: a path under the base path loses the base path (`/v1/people/7` from a target
    /// `https://api.example.com/v1` is the mock's `/people/7`), as a reverse proxy's
    /// `ProxyPassReverse` does. Anything else — another path, an absolute URL, which names the
    /// real API — is returned as it is.
    ///
    /// ```swift
    /// let target = try UpstreamTarget(parsing: "https://api.example.com/v1")
    /// target.mockReference(forUpstreamReference: "/v1/people/7")   // "/people/7"
    /// target.mockReference(forUpstreamReference: "/login")         // "/login"
    /// ```
    public func mockReference(forUpstreamReference reference: String) -> String {
        guard !basePath.isEmpty, reference.hasPrefix(basePath), !reference.hasPrefix("//") else { return reference }
        let rest = reference.dropFirst(basePath.count)
        guard let next = rest.first else { return "/" }
        switch next {
        case "/":
            // `/v1//people` would become `//people`, which a client reads as the host `people`
            // (and `/\x` as `//x` in browsers, which also skip tabs and line breaks first):
            // such a reference stays as sent.
            let second = rest.dropFirst().first { $0 != "\t" && $0 != "\n" && $0 != "\r" }
            return second == "/" || second == "\\" ? reference : String(rest)
        case "?", "#": return "/" + rest
        default: return reference   // `/v10/…` is not under `/v1`
        }
    }
}

/// A target URL that cannot be forwarded to, with the reason.
///
/// ```swift
/// do { _ = try UpstreamTarget(parsing: "ftp://example.com") } catch { print(error) }
/// // "ftp://example.com is not a usable target URL: the scheme ftp is not supported; use http:// or https://."
/// ```
public struct UpstreamTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String
    public let reason: String

    init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        "\(text) is not a usable target URL: \(reason)."
    }
}
