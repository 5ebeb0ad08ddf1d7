import MockFixtures

/// The response headers a fixture keeps: those a client reacts to. `Date`, `Server`,
/// `Content-Length`, `Transfer-Encoding`, `Connection` and every other header not listed are
/// dropped; `Content-Type` is decided by ``ResponseContent`` (kept only when the fixture key
/// would not imply it).
enum RecordedHeaders {
    /// Lower-cased names kept besides every `X-` header.
    static let kept: Set<String> = [
        "location", "retry-after", "etag", "cache-control", "link", "www-authenticate", "content-disposition",
        "last-modified", "expires", "content-language", "allow", "deprecation", "sunset", "set-cookie",
    ]

    /// How names are written when capitalising each `-`-separated word would be wrong.
    static let spellings: [String: String] = ["etag": "ETag", "www-authenticate": "WWW-Authenticate"]

    /// The kept headers, names in their usual spelling (HTTP/2 sends them in lower case), in the
    /// order first seen. Repeated names are joined with `, `, which for a list header is the same
    /// header; each `Set-Cookie` stays a line of its own (a cookie's `Expires` holds a comma, and
    /// two cookies cannot share a line), which ``EntryBuilder`` writes as an array.
    static func filter(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for header in headers {
            let name = header.name.lowercased()
            guard kept.contains(name) || name.hasPrefix("x-") else { continue }
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(header.value)
        }
        return order.flatMap { name in
            let lines = name == "set-cookie" ? values[name]! : [values[name]!.joined(separator: ", ")]
            return lines.map { HTTPHeader(name: spelling(of: name), value: $0) }
        }
    }

    /// `x-request-id` → `X-Request-Id`; `etag` → `ETag`.
    static func spelling(of lowercasedName: String) -> String {
        if let special = spellings[lowercasedName] { return special }
        return lowercasedName.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: "-")
    }
}
