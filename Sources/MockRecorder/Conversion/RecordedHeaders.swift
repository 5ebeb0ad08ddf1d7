import MockFixtures

/// The response headers a fixture keeps: those a client reacts to. `Date`, `Server`,
/// `Content-Length`, `Transfer-Encoding`, `Connection`, `Set-Cookie` and every other header not
/// listed are dropped; `Content-Type` is decided by ``ResponseContent`` (kept only when the
/// fixture key would not imply it).
enum RecordedHeaders {
    /// Lower-cased names kept besides every `X-` header.
    static let kept: Set<String> = [
        "location", "retry-after", "etag", "cache-control", "link", "www-authenticate", "content-disposition",
        "last-modified", "expires", "content-language", "allow", "deprecation", "sunset",
    ]

    /// How names are written when capitalising each `-`-separated word would be wrong.
    static let spellings: [String: String] = ["etag": "ETag", "www-authenticate": "WWW-Authenticate"]

    /// The kept headers, names in their usual spelling (HTTP/2 sends them in lower case), repeated
    /// names joined with `, ` (a fixture holds one value per name), in the order first seen.
    static func filter(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for header in headers {
            let name = header.name.lowercased()
            guard kept.contains(name) || name.hasPrefix("x-") else { continue }
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(header.value)
        }
        return order.map { HTTPHeader(name: spelling(of: $0), value: values[$0]!.joined(separator: ", ")) }
    }

    /// `x-request-id` → `X-Request-Id`; `etag` → `ETag`.
    static func spelling(of lowercasedName: String) -> String {
        if let special = spellings[lowercasedName] { return special }
        return lowercasedName.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: "-")
    }
}
