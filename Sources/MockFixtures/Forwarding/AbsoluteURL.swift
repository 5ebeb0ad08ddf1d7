/// `http(s)://host[:port]` plus the rest (path, query), split without normalising anything, so
/// what is forwarded is byte for byte what the client sent.
package struct AbsoluteURL: Equatable {
    /// `http` or `https`, lower case.
    package let scheme: String
    /// A name, an IPv4 address, or a bracketed IPv6 address; lower case.
    package let host: String
    /// The explicit port, if any.
    package let port: Int?
    /// Everything after the authority up to any `#fragment`: the path (maybe empty) and query.
    package let pathAndQuery: Substring

    /// Parses `text`; `reason` says what is wrong otherwise.
    package static func parse(_ text: String) -> Result<AbsoluteURL, ParseFailure> {
        guard let separator = text.firstRange(of: "://") else {
            return .failure(ParseFailure("it does not start with http:// or https://"))
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return .failure(ParseFailure("the scheme \(scheme) is not supported; use http:// or https://"))
        }
        let rest = text[separator.upperBound...]
        guard !rest.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            return .failure(ParseFailure("it contains white space or control characters"))
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.contains("@") else {
            return .failure(ParseFailure("it contains a user name or password; send credentials as request headers instead"))
        }
        switch splitAuthority(authority) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (host, port)):
            var remainder = rest[authorityEnd...]
            if let fragment = remainder.firstIndex(of: "#") { remainder = remainder[..<fragment] }
            return .success(AbsoluteURL(scheme: scheme, host: host, port: port, pathAndQuery: remainder))
        }
    }

    /// The port to connect to.
    package var effectivePort: Int {
        port ?? (scheme == "https" ? 443 : 80)
    }

    /// The host without IPv6 brackets, for DNS, TLS name checks and SNI.
    package var bareHost: String {
        host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    }

    /// `host[:port]`, the port only when explicit and not the scheme's default: the `Host` header.
    package var authority: String {
        guard let port, port != (scheme == "https" ? 443 : 80) else { return host }
        return "\(host):\(port)"
    }

    /// `scheme://host:port` with the effective port: connections are pooled under this key.
    package var connectionKey: String {
        "\(scheme)://\(host):\(effectivePort)"
    }

    /// The request target for the request line: the path and query, `/` when the path is empty.
    package var requestTarget: String {
        pathAndQuery.hasPrefix("/") ? String(pathAndQuery) : "/" + pathAndQuery
    }

    package struct ParseFailure: Error, Equatable {
        package let reason: String

        package init(_ reason: String) {
            self.reason = reason
        }
    }

    private static func splitAuthority(_ authority: Substring) -> Result<(String, Int?), ParseFailure> {
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .failure(ParseFailure("the IPv6 address has no closing ]")) }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return .failure(ParseFailure("unexpected text after the IPv6 address")) }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, host != "[]" else { return .failure(ParseFailure("it has no host")) }
        let allowed = host.hasPrefix("[")
            ? host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
            : host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") }
        guard allowed else {
            if host.contains(where: { !$0.isASCII }) {
                // DNS names are ASCII: an internationalized one is looked up in its xn-- form.
                return .failure(ParseFailure("the host '\(host)' is not ASCII; write an internationalized name in its xn-- (punycode) form"))
            }
            return .failure(ParseFailure("the host '\(host)' has characters a host name cannot have"))
        }
        guard let portText else { return .success((host.lowercased(), nil)) }
        guard let port = Int(portText), (1...65535).contains(port) else {
            return .failure(ParseFailure("the port '\(portText)' is not a number from 1 to 65535"))
        }
        return .success((host.lowercased(), port))
    }
}
