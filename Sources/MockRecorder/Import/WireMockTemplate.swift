import MockFixtures

/// WireMock's Handlebars placeholders as ours: `{{request.path.[1]}}` → `{{path.p1}}` (or the
/// segment's literal text), `{{request.path}}` → `/users/{{path.p1}}`, `{{request.query.q}}` → `{{query.q}}`, `{{request.headers.X-Id}}` →
/// `{{header.x-id}}`, `{{jsonPath request.body '$.a[0].b'}}` → `{{body.a[0].b}}`,
/// `{{randomValue length=8 type='ALPHANUMERIC'}}` → `{{random.alphanumeric(8)}}`,
/// `{{now offset='1 days' format='yyyy-MM-dd'}}` → `{{now+1d.format(yyyy-MM-dd)}}`. Webhooks
/// name the request `originalRequest`. Anything else (blocks, other helpers) refuses the stub.
struct WireMockTemplate {
    let path: ImportedPath

    func converted(_ text: String, at key: String) throws(StubRefusal) -> String {
        try HandlebarsText.replacing(text, at: key) { inside throws(StubRefusal) in try placeholder(inside, at: key) }
    }

    private func placeholder(_ expression: Substring, at key: String) throws(StubRefusal) -> String {
        let words = Self.words(expression)
        guard let first = words.first else { throw StubRefusal(key, "an empty placeholder '{{}}'") }
        let refusal = { (why: String) in StubRefusal(key, "{{\(expression)}} \(why)") }
        if first.hasPrefix("#") || first.hasPrefix("/") || first.hasPrefix("~") || first.hasPrefix("!") || first.hasPrefix(">") {
            throw refusal("is a Handlebars block or comment, which has no equivalent here; write one entry per case (request constraints choose it), or a handler in Swift")
        }
        switch first {
        case "jsonPath":
            guard words.count == 3, isRequest(words[1], part: "body") else {
                throw refusal("is supported as {{jsonPath request.body '$.a.b'}} only")
            }
            let steps: [JSONPathStep]
            do {
                steps = try JSONPathStep.parse(Self.unquoted(words[2]))
            } catch {
                throw refusal(error.reason)
            }
            return "{{" + JSONPathStep.bodyPlaceholder(steps) + "}}"
        case "randomValue":
            return "{{" + (try randomValue(Self.arguments(words.dropFirst()), refusal: refusal)) + "}}"
        case "now":
            return "{{" + (try now(Self.arguments(words.dropFirst()), refusal: refusal)) + "}}"
        default:
            guard words.count == 1 else {
                throw refusal("uses a helper with no equivalent here; ours: {{path.NAME}}, {{query.NAME}}, {{header.NAME}}, {{cookie.NAME}}, {{body.PATH}}, {{method}}, {{now…}}, {{random.…}}")
            }
            return try requestValue(first, refusal: refusal)
        }
    }

    private func requestValue(_ written: String, refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        var parts = written.split(separator: ".", omittingEmptySubsequences: false).map(Self.unbracketed)
        guard parts.count >= 2, parts[0] == "request" || parts[0] == "originalRequest" else {
            throw refusal("is no request value; ours: {{path.NAME}}, {{query.NAME}}, {{header.NAME}}, {{cookie.NAME}}, {{body.PATH}}, {{method}}")
        }
        parts.removeFirst()
        // WireMock 2's `request.requestLine.path` (still read by WireMock 3) is `request.path`.
        if parts.first == "requestLine" { parts.removeFirst() }
        guard !parts.isEmpty else { throw refusal("names no request value") }
        let part = parts.removeFirst()
        // `.[0]`, the first of several values, is what ours gives.
        if parts.count == 2, parts[1] == "0" { parts.removeLast() }
        switch (part, parts.count) {
        case ("method", 0): return "{{method}}"
        case ("body", 0): return "{{body}}"
        case ("path", 0):
            guard !path.segments.isEmpty else { return "/" }
            var composed = ""
            for segment in path.segments {
                switch segment {
                case .literal(let text): composed += "/" + (try Self.placeholderFree(text, refusal: refusal))
                case .parameter(let name), .catchAll(let name): composed += "/{{path.\(name)}}"
                }
            }
            return composed
        case ("path", 1), ("pathSegments", 1):
            if let index = Int(parts[0]) {
                switch path.segment(at: index) {
                case .parameter(let name): return "{{path.\(name)}}"
                case .literal(let text): return try Self.placeholderFree(text, refusal: refusal)
                case .catchAll(let name): throw refusal("is inside the catch-all {\(name)...}, whose value is the whole rest ({{path.\(name)}})")
                case nil: throw refusal("names a segment the path does not have")
                }
            }
            guard path.parameterNames.contains(parts[0]) else { throw refusal("names no parameter of the path \(path.shown)") }
            return "{{path.\(parts[0])}}"
        case ("query", 1): return "{{query.\(parts[0])}}"
        case ("headers", 1), ("header", 1): return "{{header.\(parts[0].lowercased())}}"
        case ("cookies", 1): return "{{cookie.\(parts[0])}}"
        default:
            throw refusal("has no equivalent here; ours: {{path.NAME}}, {{query.NAME}}, {{header.NAME}}, {{cookie.NAME}}, {{body.PATH}}, {{method}} (the first value of a repeated one)")
        }
    }

    /// Text put in place of a placeholder, which must not read as one itself.
    private static func placeholderFree(_ text: String, refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        guard !text.contains("{{") else { throw refusal("stands for text holding '{{', which would read as a placeholder here") }
        return text
    }

    private func randomValue(_ arguments: [String: String], refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        let type = (arguments["type"] ?? "ALPHANUMERIC").uppercased()
        if type == "UUID" { return "random.uuid" }
        // WireMock's default length is 36.
        guard let length = Int(arguments["length"] ?? "36"), (1...4096).contains(length) else {
            throw refusal("needs length=N from 1 to 4096")
        }
        let kinds = ["ALPHANUMERIC": "alphanumeric", "ALPHABETIC": "letters", "NUMERIC": "digits", "HEXADECIMAL": "hex"]
        guard let kind = kinds[type] else { throw refusal("has type='\(type)', which has no equivalent (ours: ALPHANUMERIC, ALPHABETIC, NUMERIC, HEXADECIMAL, UUID)") }
        return "random.\(kind)(\(length))"
    }

    private func now(_ arguments: [String: String], refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        if arguments["timezone"].map({ $0.uppercased() == "UTC" || $0.uppercased() == "GMT" }) == true {
            // Ours are in UTC already.
        } else if arguments.keys.contains(where: { $0 != "offset" && $0 != "format" }) {
            throw refusal("has an argument other than offset and format (a timezone), which has no equivalent: ours are in UTC")
        }
        var placeholder = "now"
        if let offset = arguments["offset"] {
            let pieces = offset.split(separator: " ")
            let units: [String: (String, Int)] = ["seconds": ("s", 1), "minutes": ("m", 1), "hours": ("h", 1), "days": ("d", 1), "weeks": ("d", 7)]
            guard pieces.count == 2, let amount = Int(pieces[0]), let unit = units[pieces[1].lowercased()] ?? units[pieces[1].lowercased() + "s"] else {
                throw refusal("has offset='\(offset)'; ours move by whole seconds, minutes, hours, days or weeks")
            }
            // Ours move by up to 100 years (36,500 days); beyond, and an overflowing product, refuse (audit I1 trapped here).
            let (moved, overflow) = amount.multipliedReportingOverflow(by: unit.1)
            let limit = ["s": 3_153_600_000, "m": 52_560_000, "h": 876_000, "d": 36_500][unit.0]!
            guard !overflow, moved.magnitude <= UInt(limit) else {
                throw refusal("has offset='\(offset)', beyond the 100 years ours move by")
            }
            placeholder += (moved < 0 ? "-" : "+") + "\(moved.magnitude)" + unit.0
        }
        switch arguments["format"] {
        case nil: break
        case "epoch": placeholder += ".epochMillis"
        case "unix": placeholder += ".epoch"
        case let format?:
            guard !format.contains(")") else { throw refusal("has a format with ')', which ours cannot hold") }
            placeholder += ".format(\(format))"
        }
        return placeholder
    }

    private func isRequest(_ word: String, part: String) -> Bool {
        word == "request.\(part)" || word == "originalRequest.\(part)"
    }

    /// Words split at spaces outside quotes.
    static func words(_ expression: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in expression {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
                current.append(character)
            } else if character == " " || character == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `name=value` words, values unquoted.
    private static func arguments(_ words: ArraySlice<String>) -> [String: String] {
        var arguments: [String: String] = [:]
        for word in words {
            guard let equals = word.firstIndex(of: "=") else {
                arguments[word] = ""
                continue
            }
            arguments[String(word[..<equals])] = unquoted(String(word[word.index(after: equals)...]))
        }
        return arguments
    }

    static func unquoted(_ text: String) -> String {
        if text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// `[X-Trace]` → `X-Trace`.
    private static func unbracketed(_ part: Substring) -> String {
        part.hasPrefix("[") && part.hasSuffix("]") ? String(part.dropFirst().dropLast()) : String(part)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var trimmed = self
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed
    }
}
