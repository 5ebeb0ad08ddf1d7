/// Header objects: `headers` (sent) and `requestHeaders` (required).
extension FixtureFileCompiler {
    /// The members of a header object with valid names, one per name ignoring case (the last
    /// wins, with a warning); `null` means none.
    mutating func headerMembers(_ node: JSONNode, key: String) -> [JSONMember] {
        if case .null = node.value { return [] }
        guard case .object(let members) = node.value else {
            add(.error, at: node.position, "\(key) must be an object of header names to strings, found \(describe(node.value))",
                hint: #"write it as {"X-Name": "value"}"#)
            return []
        }
        var kept: [JSONMember] = []
        var seen: [String: JSONPosition] = [:]
        for member in members {
            guard HTTPToken.isValid(member.key) else {
                add(.error, at: member.keyPosition, "\"\(member.key)\" in \(key) is not a valid header name",
                    hint: "use letters, digits and '-' only, such as \"X-Request-Id\"")
                continue
            }
            let lowercased = member.key.lowercased()
            if let first = seen[lowercased] {
                add(.warning, at: member.keyPosition, "header \"\(member.key)\" in \(key) is also given at \(first) (names are case-insensitive); the last one wins",
                    hint: "remove one of them")
                kept.removeAll { $0.key.lowercased() == lowercased }
            }
            seen[lowercased] = member.keyPosition
            kept.append(member)
        }
        return kept
    }

    /// A header value: a non-empty, single-line string.
    mutating func headerText(_ member: JSONMember, key: String) -> String? {
        headerText(member.value, name: member.key, key: key)
    }

    /// A header value of the header `name`: a non-empty, single-line string.
    mutating func headerText(_ node: JSONNode, name: String, key: String, allowsLines: Bool = false) -> String? {
        guard case .string(let value) = node.value else {
            let hint = key == "requestHeaders" ? #"put the value in double quotes, or use a matcher such as {"$regex": "^Bearer "}"#
                : allowsLines ? #"put the value in double quotes; several lines of one header are an array of strings, such as "Set-Cookie": ["a=1", "b=2"]"#
                : "put the value in double quotes"
            add(.error, at: node.position, "header \"\(name)\" in \(key) must be a string\(allowsLines ? " or an array of strings" : ""), found \(describe(node.value))",
                hint: hint)
            return nil
        }
        guard !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }) else {
            add(.error, at: node.position, "header \"\(name)\" in \(key) contains a line break or NUL",
                hint: allowsLines ? #"header values must be a single line; give several lines as an array, such as "Set-Cookie": ["a=1", "b=2"]"# : "header values must be a single line")
            return nil
        }
        if let forbidden = HTTPFieldValue.firstForbiddenByte(in: value) {
            add(.error, at: node.position, "header \"\(name)\" in \(key) contains the control character \(HTTPFieldValue.describe(forbidden)), which a header value cannot carry (RFC 9110 §5.5)",
                hint: "header values are visible characters, spaces and tabs; remove it")
            return nil
        }
        guard !value.trimmingSpaces().isEmpty else {
            add(.error, at: node.position, "header \"\(name)\" in \(key) has an empty value\(value.isEmpty ? "" : " (only spaces or tabs)")",
                hint: "give it a value, or remove it")
            return nil
        }
        return value
    }

    /// The lines of a `headers` member: one string, or an array of strings for a header sent on
    /// several lines (`Set-Cookie`, which cannot be folded into one: RFC 6265 §3). Headers that
    /// hold one value (`Content-Type`, `Location`, …) take a string only.
    private mutating func responseHeaderLines(_ member: JSONMember) -> [(value: String, position: JSONPosition)]? {
        guard case .array(let elements) = member.value.value else {
            return headerText(member.value, name: member.key, key: "headers", allowsLines: true).map { [($0, member.value.position)] }
        }
        let lowercased = member.key.lowercased()
        if Self.serverOwnedHeaders.contains(lowercased), let first = elements.first {
            // Refused (or ignored) whatever its value: said once, as for a single string.
            return headerText(first, name: member.key, key: "headers", allowsLines: true).map { [($0, first.position)] }
        }
        guard !Self.singleValueHeaders.contains(lowercased) else {
            add(.error, at: member.value.position, "header \"\(member.key)\" in headers holds one value, found an array",
                hint: "give it one string; only headers a server may send on several lines (Set-Cookie, Link, Vary, …) take an array")
            return nil
        }
        guard !elements.isEmpty else {
            add(.error, at: member.value.position, "header \"\(member.key)\" in headers is an empty array",
                hint: "give it at least one value, or remove it")
            return nil
        }
        let lines = elements.compactMap { element in headerText(element, name: member.key, key: "headers", allowsLines: true).map { ($0, element.position) } }
        return lines.count == elements.count ? lines : nil
    }

    /// Fields the server writes or refuses itself (``compileResponseHeader(_:value:position:into:)``).
    static let serverOwnedHeaders: Set<String> = ["content-length", "transfer-encoding", "keep-alive", "proxy-connection", "te", "trailer", "upgrade", "date"]

    /// Fields a message carries once (RFC 9110: not list-based), which an array would send twice.
    static let singleValueHeaders: Set<String> = [
        "content-type", "location", "etag", "last-modified", "expires", "retry-after", "content-range", "content-disposition",
        "content-location", "age", "connection", "access-control-allow-origin",
        "access-control-allow-credentials", "access-control-max-age",
    ]

    /// `headers`: what the answer carries besides Content-Type/Content-Length.
    mutating func compileResponseHeaders(_ node: JSONNode) -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        for member in headerMembers(node, key: "headers") {
            guard let lines = responseHeaderLines(member) else { continue }
            for line in lines {
                compileResponseHeader(member, value: line.value, position: line.position, into: &headers)
            }
        }
        return headers
    }

    /// One line of `headers`: checked against the fields the server owns, trimmed.
    private mutating func compileResponseHeader(_ member: JSONMember, value: String, position: JSONPosition, into headers: inout [HTTPHeader]) {
        switch member.key.lowercased() {
        case "content-length", "transfer-encoding":
            add(.error, at: member.keyPosition, "headers must not set \(member.key): the server computes it from the body",
                hint: "remove \"\(member.key)\"")
        case "connection":
            if !equalsIgnoringASCIICase(value.trimmingSpaces(), "close") {
                add(.error, at: position,
                    "headers set Connection to \(JSONValue.excerpt(member.value.value)); the server manages connections itself and only \"close\" can be asked for",
                    hint: "remove it, or use \"Connection\": \"close\" to close the connection after this answer")
            }
            headers.append(HTTPHeader(name: member.key, value: value))
        case "keep-alive", "proxy-connection", "te", "trailer", "upgrade":
            // Hop-by-hop fields (RFC 9110 §7.6.1): they would describe a connection or
            // trailers the server does not have (a Keep-Alive timeout it does not keep, a
            // protocol switch it never makes: Upgrade needs `Connection: upgrade`, §7.8).
            add(.error, at: member.keyPosition, "headers must not set \(member.key): it describes the connection or trailers, which the server manages itself",
                hint: member.key.lowercased() == "upgrade"
                    ? "remove \"\(member.key)\"; the server never switches protocols"
                    : "remove \"\(member.key)\"; --idle-timeout sets how long kept-alive connections stay open")
        case "date":
            add(.warning, at: member.keyPosition, "headers set Date, which the server adds itself; it is ignored",
                hint: "remove \"\(member.key)\"")
        default:
            let trimmed = String(value.trimmingSpaces())
            if trimmed.count != value.count {
                // RFC 9110 §5.5: whitespace around a value is not part of it, and clients
                // drop it, so a test could never see it.
                add(.warning, at: position,
                    "header \"\(member.key)\" in headers starts or ends with spaces or tabs, which are not part of a header value (RFC 9110 §5.5); it is sent as \(JSONValue.excerpt(.string(trimmed)))",
                    hint: "remove the whitespace around the value")
            }
            headers.append(HTTPHeader(name: member.key, value: trimmed))
        }
    }

    /// `requestHeaders`: exact values, or matcher objects (`{"$regex": …}`, `{"$absent": true}`, …).
    mutating func compileRequestHeaders(_ node: JSONNode) -> [RequestConstraints.HeaderRequirement] {
        var requirements: [RequestConstraints.HeaderRequirement] = []
        for member in headerMembers(node, key: "requestHeaders") {
            let expectation: ParameterExpectation
            if case .object = member.value.value {
                guard let json = compileExpectation(member.value, partial: false, place: .member) else { continue }
                expectation = ParameterExpectation(json)
                if case .not(.present) = expectation {
                    add(.error, at: member.value.position, "header \"\(member.key)\" in requestHeaders can never match: {\"$not\": …} asks for a header sent, and no value is not any value",
                        hint: #"write {"$absent": true} for a header that must not be sent"#)
                    continue
                }
                if !expectation.fitsOneHeaderValue {
                    add(.error, at: member.value.position, "header \"\(member.key)\" in requestHeaders expects \(describe(member.value.value)), which a header cannot carry",
                        hint: #"use a string, or a matcher such as {"$regex": "^Bearer "}"#)
                    continue
                }
            } else {
                guard let text = headerText(member, key: "requestHeaders") else { continue }
                expectation = .equals(.string(text))
            }
            requirements.append(RequestConstraints.HeaderRequirement(lowercasedName: member.key.lowercased(), expectation: expectation))
        }
        return requirements
    }
}

private extension ParameterExpectation {
    /// Whether a header, one text value, can satisfy it: text, a matcher, presence or absence, and
    /// `$not` / `$anyOf` of those.
    var fitsOneHeaderValue: Bool {
        switch self {
        case .condition, .present, .absent, .equals(.string): true
        case .not(.present): false   // present and not any value: never
        case .not(let inner): inner.fitsOneHeaderValue
        case .anyOf(let alternatives): alternatives.allSatisfy(\.fitsOneHeaderValue)
        default: false
        }
    }
}
