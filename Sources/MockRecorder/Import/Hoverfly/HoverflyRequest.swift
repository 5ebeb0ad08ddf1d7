import MockFixtures

/// A Hoverfly pair's `request` matchers as an entry's request keys: `path` the file (`exact`
/// a literal path, `glob` and `regex` segments as parameters or a catch-all), `method`, `query`,
/// `deprecatedQuery`, `headers` and `body` as constraints. `destination` and `scheme` are not
/// matched here (a mockserver is one host, and Hoverfly ignores `scheme`); the importer reports
/// them for the whole import. `score` is what Hoverfly's strongest-match strategy gives the pair
/// when it matches, which orders pairs one request could reach.
struct HoverflyRequest {
    var path = ImportedPath()
    var method = "ANY"
    var keys: [(String, JSONValue)] = []
    var notes: [String] = []
    var score = 0
    /// The `destination` matchers as written (`api.example.com`, `glob *.example.com`), for the report.
    var destinations: [String] = []
    /// The host an exact `destination` names.
    var exactDestination: String?
    /// The path, when an exact matcher names it (global delays are decided on it).
    var exactPath: String?

    static let requestKeys: Set<String> = [
        "path", "method", "destination", "scheme", "query", "deprecatedQuery", "headers", "body", "requiresState",
    ]

    init(_ request: JSONValue) throws(StubRefusal) {
        guard let members = request.objectMembers else { throw StubRefusal("request", "must be an object of matchers") }
        if let unknown = members.first(where: { !Self.requestKeys.contains($0.key) }) {
            throw StubRefusal("request.\(unknown.key)", "is no request field of a Hoverfly v5 simulation")
        }
        try convertPath(HoverflyMatcher.list(request["path"], at: "request.path"))
        try convertMethod(HoverflyMatcher.list(request["method"], at: "request.method"))
        let destination = try HoverflyMatcher.list(request["destination"], at: "request.destination")
        // Hoverfly scores the destination in proxy mode, its default.
        score += destination.reduce(0) { $0 + $1.score }
        destinations = destination.map { ($0.name == "exact" ? "" : $0.written + " ") + ($0.value.stringValue ?? JSONValue.excerpt($0.value)) }
        if destination.count == 1, destination[0].name == "exact" { exactDestination = destination[0].value.stringValue?.lowercased() }
        _ = try HoverflyMatcher.list(request["scheme"], at: "request.scheme")
        try convertQuery(request)
        try convertHeaders(request["headers"])
        try convertBody(HoverflyMatcher.list(request["body"], at: "request.body"))
        if case .object(let state)? = request["requiresState"] { score += state.count }
    }

    private mutating func convertPath(_ matchers: [HoverflyMatcher]) throws(StubRefusal) {
        score += matchers.reduce(0) { $0 + $1.score }
        guard let matcher = matchers.first else {
            path = try ImportedPath.pattern(".*", key: "request.path", includesQuery: false, tool: "Hoverfly")
            path.shown = "(any path)"
            notes += path.notes
            return
        }
        let key = "request.path[0]"
        guard matchers.count == 1 else {
            throw StubRefusal("request.path", "holds \(matchers.count) matchers that must all hold; a fixture's path is one pattern: keep the one that says most")
        }
        guard matcher.doMatch == nil else { throw StubRefusal("\(key).doMatch", "chains a matcher onto the path, which has no equivalent here") }
        let text = try matcher.text(at: key)
        switch matcher.name {
        case _ where matcher.name == "exact" || (matcher.name == "glob" && !text.contains("*")):
            guard !text.contains("?") else {
                throw StubRefusal(key, "\"\(text)\" holds a '?', which a path never matches (Hoverfly compares the path alone); write the query as query matchers")
            }
            // Hoverfly compares the decoded path (a capture of /a%20b says "/a b").
            path = try ImportedPath.literalPath(Self.percentEncoded(text.isEmpty ? "/" : text), key: key)
            path.shown = text
            exactPath = text.isEmpty ? "/" : text
        case "glob" where text.hasPrefix("*") && text != "*":
            // `*/users`: any path ending so, `/users` too (the `*` takes the first '/'): the rest of
            // a catch-all at the root (the path but its first '/') ends so, or is the rest alone.
            let rest = HoverflyMatcher.globRegex(String(text.dropFirst()), inline: true).dropFirst().dropLast()
            let alone = text.dropFirst().hasPrefix("/") ? HoverflyMatcher.globRegex(String(text.dropFirst(2)), inline: true).dropFirst().dropLast() : rest
            path.segments = [.catchAll("p0")]
            path.pathParameters = [("p0", WireMockMatcher.regex("^(?:.*" + rest + "|" + alone + ")$"))]
            path.shown = text
            notes.append("\(key) \"\(text)\" is served by the catch-all {p0...}.json at the root, which does not answer '/' itself")
            return
        case "glob":
            path = try ImportedPath.pattern(HoverflyMatcher.globRegex(text, inline: true), key: key, includesQuery: false, tool: "Hoverfly")
            path.shown = text
        case "regex":
            // `\/` is a '/' (regexes copied from JavaScript escape them).
            var unescaped = ImportedPath.unescapingSlashes(text)
            if unescaped.hasPrefix("(?i)") || unescaped.hasPrefix("^(?i)") {
                throw StubRefusal(key, "\"\(text)\" ignores case in the path, which file names here cannot: paths are case-sensitive; write one pair per spelling")
            }
            // `.` taking line breaks changes nothing in a path, which holds none.
            if unescaped.hasPrefix("(?s)") { unescaped.removeFirst(4) } else if unescaped.hasPrefix("^(?s)") { unescaped = "^" + unescaped.dropFirst(5) }
            var pattern = Substring(unescaped)
            let anchoredStart = pattern.hasPrefix("^")
            if anchoredStart { pattern = pattern.dropFirst() }
            let anchoredEnd = pattern.hasSuffix("$") && !pattern.hasSuffix("\\$")
            if anchoredEnd { pattern = pattern.dropLast() }
            if !anchoredStart, !pattern.hasPrefix("/"), pattern != ".*", pattern != ".+" {
                // Found anywhere in the path: a catch-all at the root whose rest (the path but its
                // first '/') the regex searches, when nothing in it can match that '/'.
                guard !pattern.contains("/"), !ImportedPath.canSpanSegments(pattern), (try? LinearRegex(String(pattern))) != nil else {
                    throw StubRefusal(key, "\"\(text)\" is found anywhere in the path by Hoverfly and could match across its '/', which a fixture file cannot say; anchor it (\"^/…$\")")
                }
                path.segments = [.catchAll("p0")]
                path.pathParameters = [("p0", WireMockMatcher.regex(unescaped))]
                path.shown = text
                notes.append("\(key) \"\(text)\" is found anywhere in the path: it is served by the catch-all {p0...}.json at the root, which does not answer '/' itself")
                return
            }
            guard pattern.hasPrefix("/") || pattern == ".*" || pattern == ".+" else {
                throw StubRefusal(key, "\"\(text)\" is anchored but does not start with '/' (\"^/…\"), so no path matches it")
            }
            if !anchoredStart, pattern.hasPrefix("/") {
                notes.append("\(key) \"\(text)\" is not anchored: Hoverfly's regex also finds it further into a path (/v1\(pattern.prefix(20))…), here the path starts with it")
            }
            // Unanchored at the end, Hoverfly's also matches what follows (`/users/\d+` matches
            // `/users/12/orders`): the last segment takes the rest.
            let whole = pattern == ".*" || pattern == ".+" ? ".*" : "^" + pattern + (anchoredEnd || pattern.hasSuffix(".*") ? "" : ".*") + "$"
            path = try ImportedPath.pattern(whole, key: key, includesQuery: false, tool: "Hoverfly")
            path.shown = text
        default:
            throw StubRefusal("\(key).matcher", "\(JSONValue.excerpt(.string(matcher.written))) has no equivalent for a path here (ours: exact, glob, regex)")
        }
        notes += path.notes
    }

    /// A decoded path as a request target: bytes a target cannot hold (a space, `%`, non-ASCII)
    /// percent-encoded, so the loader's parser reads back the path Hoverfly compared.
    static func percentEncoded(_ path: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
        var encoded = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    private mutating func convertMethod(_ matchers: [HoverflyMatcher]) throws(StubRefusal) {
        score += matchers.reduce(0) { $0 + $1.score }
        guard let matcher = matchers.first else { return }
        let key = "request.method[0]"
        guard matchers.count == 1, matcher.doMatch == nil else {
            throw StubRefusal("request.method", "holds several matchers (or a chain) that must all hold; write one method")
        }
        let text = try matcher.text(at: key)
        switch matcher.name {
        case _ where matcher.name == "exact" || (matcher.name == "glob" && !text.contains("*")):
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || $0 == "_") }) else {
                throw StubRefusal(key, "\(JSONValue.excerpt(.string(text))) is not a method")
            }
            if text != text.uppercased() {
                notes.append("\(key) \"\(text)\" is \(text.uppercased()) here; Hoverfly compares methods case-sensitively, so it answered only requests sending \"\(text)\"")
            }
            method = text.uppercased()
        case "glob" where text == "*":
            method = "ANY"
        default:
            throw StubRefusal(key, "\(matcher.written) \(JSONValue.excerpt(.string(text))) has no equivalent: an entry answers one method (or ANY); write one pair per method")
        }
    }

    private mutating func convertQuery(_ request: JSONValue) throws(StubRefusal) {
        let deprecated = try HoverflyMatcher.list(request["deprecatedQuery"], at: "request.deprecatedQuery")
        score += deprecated.reduce(0) { $0 + $1.score }
        var query: [(String, JSONValue)] = []
        var exact = false
        switch request["query"] {
        case nil, .null?:
            // Hoverfly gives an absent query a point.
            score += 1
        case .object(let members)?:
            if members.isEmpty {
                score += 1
                exact = true
            }
            for member in members {
                let key = "request.query.\(member.key)"
                let matchers = try HoverflyMatcher.list(member.value.value, at: key)
                score += matchers.reduce(0) { $0 + $1.score }
                query.append((member.key, try HoverflyMatcher.namedValue(matchers, at: key, kind: .query, notes: &notes)))
            }
        case let other?:
            throw StubRefusal("request.query", "must be an object of matchers by parameter name, found \(other.kindNameWithArticle)")
        }
        if let matcher = deprecated.first {
            let key = "request.deprecatedQuery[0]"
            guard deprecated.count == 1, matcher.name == "exact", matcher.doMatch == nil else {
                throw StubRefusal("request.deprecatedQuery", "only one exact matcher on the whole query has an equivalent here (its parameters, and no others); write the parameters under query")
            }
            var values: [(String, [String])] = []
            for parameter in QueryParameters(decoding: Substring(try matcher.text(at: key))).parameters {
                if let index = values.firstIndex(where: { $0.0 == parameter.name }) { values[index].1.append(parameter.value) } else { values.append((parameter.name, [parameter.value])) }
            }
            for (name, list) in values {
                guard !query.contains(where: { $0.0 == name }) else { throw StubRefusal(key, "names '\(name)', which query names too") }
                query.append((name, list.count == 1 ? .string(list[0]) : .makeArray(list.map { .string($0) })))
            }
            exact = true
        }
        if !query.isEmpty { keys.append(("query", .makeObject(query))) }
        if exact { keys.append(("queryMatch", .string("exact"))) }
    }

    private mutating func convertHeaders(_ value: JSONValue?) throws(StubRefusal) {
        guard let value, value != .null else { return }
        guard let members = value.objectMembers else { throw StubRefusal("request.headers", "must be an object of matchers by header name") }
        var headers: [(String, JSONValue)] = []
        for member in members {
            let key = "request.headers.\(member.key)"
            guard !headers.contains(where: { $0.0.lowercased() == member.key.lowercased() }) else {
                throw StubRefusal(key, "names a header named before (names are case-insensitive)")
            }
            guard member.key.lowercased() != "host" else {
                // Go moves Host out of the request's headers, so Hoverfly never matches it (audit H1).
                throw StubRefusal(key, "is never matched by Hoverfly (Go keeps Host apart from the other headers), so the pair never answers; match the host with destination, or leave it out")
            }
            let matchers = try HoverflyMatcher.list(member.value.value, at: key)
            score += matchers.reduce(0) { $0 + $1.score }
            headers.append((member.key, try HoverflyMatcher.namedValue(matchers, at: key, kind: .header, notes: &notes)))
        }
        if !headers.isEmpty { keys.append(("requestHeaders", .makeObject(headers))) }
    }

    private mutating func convertBody(_ matchers: [HoverflyMatcher]) throws(StubRefusal) {
        let body = try HoverflyBody(matchers)
        score += body.score
        notes += body.notes
        if let request = body.request { keys.append(("request", request)) }
        if !body.jsonPaths.isEmpty { keys.append(("requestJsonPath", .makeObject(body.jsonPaths))) }
        if body.partial { keys.append(("requestMatch", .string("partial"))) }
        if body.requiresBody { keys.append(("requestBody", .string("required"))) }
    }
}

extension String {
    /// The text with `0`s before it up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
