import MockFixtures

/// Which headers cross the proxy, in each direction (RFC 9110 §7.6.1).
///
/// Hop-by-hop headers describe one connection, not the message: `Connection`, `Keep-Alive`,
/// `TE`, `Trailer`, `Transfer-Encoding`, `Upgrade`, every `Proxy-*` header and every header the
/// `Connection` header names. They are never forwarded.
package enum ForwardedHeaders {
    static let hopByHop: Set<String> = ["connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade"]

    /// The client's headers minus hop-by-hop ones, `Host` (the upstream's own is sent),
    /// `Content-Length` (computed from the body), `Expect` (the body is sent at once) and
    /// `Accept-Encoding` (the client asks for every encoding it can decode and decodes it).
    package static func request(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        filter(headers, alsoDropping: ["host", "content-length", "expect", "accept-encoding"])
    }

    /// The upstream's headers minus hop-by-hop ones, `Content-Length` and `Content-Encoding`
    /// (the body handed on is complete and decoded, so both would be wrong). A control character
    /// in a value becomes a space (a value left empty drops its header), and a header whose name
    /// is not a token (`X(y)`, RFC 9110 §5.1) is dropped: the client gets an answer strict parsers
    /// accept (RFC 9110 §5.5) even from an upstream that sent one.
    ///
    /// `ETag` and `Accept-Ranges` pass as they are, also for a decoded body. Weakening the tag
    /// (RFC 9110 §8.8.3 would have a transforming proxy do so) broke every `If-Match` update: the
    /// app sends back the tag it got, and an API compares `If-Match` strongly (412). A range goes
    /// upstream with `Accept-Encoding: identity` (``HTTPRequestHead``), so it is a range of the
    /// bytes the client gets; an `If-Range` with the compressed answer's tag at worst gets the
    /// whole answer again.
    package static func response(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        filter(headers, alsoDropping: ["content-length", "content-encoding"]).compactMap { header in
            guard HTTPToken.isValid(header.name) else { return nil }
            let value = HTTPFieldValue.cleaned(header.value)
            return value.isEmpty ? nil : HTTPHeader(name: header.name, value: value)
        }
    }

    private static func filter(_ headers: [HTTPHeader], alsoDropping extra: Set<String>) -> [HTTPHeader] {
        var dropped = hopByHop.union(extra)
        for header in headers where header.name.lowercased() == "connection" {
            for token in header.value.split(separator: ",") {
                dropped.insert(token.trimmingCharacters(in: " \t").lowercased())
            }
        }
        return headers.filter { header in
            let name = header.name.lowercased()
            return !dropped.contains(name) && !name.hasPrefix("proxy-")
        }
    }
}

extension Substring {
    /// Without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        let unwanted = Set(set)
        guard let first = firstIndex(where: { !unwanted.contains($0) }), let last = lastIndex(where: { !unwanted.contains($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
