import MockFixtures

/// Hoverfly's Handlebars placeholders as ours: `{{ Request.Path.[1] }}` → `{{path.p1}}` (or the
/// segment's text), `{{ Request.QueryParam.q }}` → `{{query.q}}`, `{{ Request.Header.X-Id }}` →
/// `{{header.x-id}}`, `{{ Request.Body 'jsonpath' '$.a.b' }}` → `{{body.a.b}}`,
/// `{{ Request.FormData.f }}` → `{{body.f}}`, `{{ Request.Method }}`, `{{ Request.Host }}` →
/// `{{header.host}}`, `{{ now '1d' 'unix' }}` → `{{now+1d.epoch}}` (Go layouts as patterns:
/// `2006-01-02` → `yyyy-MM-dd`), `randomUuid`, `randomIntegerRange`, `randomStringLength`, and
/// `{{ Literals.name }}` written in as its value. Blocks, `State`, `Vars` and other helpers
/// refuse the pair.
struct HoverflyTemplate {
    let path: ImportedPath
    /// `data.literals`, by name.
    let literals: [String: JSONValue]
    /// Set when a `{{…}}` (not `{{{…}}}`) placeholder reads the request: Hoverfly escapes its
    /// value for HTML, ours send it as it is. (A literal's value is escaped when written in.)
    private(set) var escapedRequestValues = false

    init(path: ImportedPath, literals: [String: JSONValue]) {
        self.path = path
        self.literals = literals
    }

    mutating func converted(_ text: String, at key: String) throws(StubRefusal) -> String {
        var escapesRequestValue = false
        let converted = try HandlebarsText.replacing(text, at: key) { inside, escaped throws(StubRefusal) in
            try placeholder(inside, at: key, escaped: escaped, escapesRequestValue: &escapesRequestValue)
        }
        if escapesRequestValue { escapedRequestValues = true }
        return converted
    }

    /// `text` as Handlebars' `{{…}}` writes a value (raymond's escaping).
    static func escapedForHTML(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "'": escaped += "&apos;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private func placeholder(_ expression: Substring, at key: String, escaped: Bool, escapesRequestValue: inout Bool) throws(StubRefusal) -> String {
        let words = WireMockTemplate.words(expression)
        guard let first = words.first else { throw StubRefusal(key, "an empty placeholder '{{}}'") }
        let arguments = words.dropFirst().map(WireMockTemplate.unquoted)
        let refusal = { (why: String) in StubRefusal(key, "{{\(expression)}} \(why)") }
        if first.hasPrefix("#") || first.hasPrefix("/") || first.hasPrefix("~") || first.hasPrefix("!") || first.hasPrefix(">") || first.hasPrefix("else") {
            throw refusal("is a Handlebars block or comment, which has no equivalent here; write one pair per case (request matchers choose it), or a handler in Swift")
        }
        let parts = first.split(separator: ".", omittingEmptySubsequences: false).map { part in
            part.hasPrefix("[") && part.hasSuffix("]") ? String(part.dropFirst().dropLast()) : String(part)
        }
        switch parts[0] {
        case "Request":
            let value = try requestValue(Array(parts.dropFirst()), arguments: arguments, refusal: refusal)
            // Only a value read from the request is escaped differently (a literal segment is text).
            if value.hasPrefix("{{") { escapesRequestValue = escapesRequestValue || escaped }
            return value
        case "requestBody":
            escapesRequestValue = escapesRequestValue || escaped
            return "{{" + (try bodyValue(arguments, refusal: refusal)) + "}}"
        case "Literals":
            guard parts.count == 2, let value = literals[parts[1]] else {
                throw refusal(parts.count == 2 ? "names no literal of data.literals" : "reads into a literal, which has no equivalent here")
            }
            let written = value.importedText ?? String(decoding: value.serializedBytes(), as: UTF8.self)
            // Written in as Hoverfly renders it: escaped for HTML in `{{…}}`.
            let text = escaped ? Self.escapedForHTML(written) : written
            // Its braces are text: `\{{` is sent as `{{` (audit R2: it was refused).
            return text.replacing("{{", with: "\\{{")
        case "State":
            throw refusal("reads Hoverfly's state, which ours cannot; a scenario's state chooses the entry here, so write one pair per state")
        case "Vars":
            throw refusal("reads a variable of data.variables, which has no equivalent here; write the value the helper computes")
        default:
            guard parts.count == 1 else { throw refusal("has no equivalent here") }
            return try helper(first, arguments: arguments, refusal: refusal)
        }
    }

    /// The placeholder for a request value, or a literal path segment's text.
    private func requestValue(_ parts: [String], arguments: [String], refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        var parts = parts
        guard !parts.isEmpty else { throw refusal("names no request value") }
        let part = parts.removeFirst()
        if part == "Body" { return "{{" + (try bodyValue(arguments, refusal: refusal)) + "}}" }
        guard arguments.isEmpty else { throw refusal("has arguments a request value does not take") }
        // `.[0]`, the first of several values, is what ours give.
        if parts.count == 2, parts[1] == "0" { parts.removeLast() }
        switch (part, parts.count) {
        case ("Method", 0): return "{{method}}"
        case ("Host", 0): return "{{header.host}}"
        case ("Path", 1):
            guard let index = Int(parts[0]) else { throw refusal("names no segment (write Request.Path.[0] for the first)") }
            switch path.segment(at: index) {
            case .parameter(let name)?: return "{{path.\(name)}}"
            case .literal(let text)?:
                guard !text.contains("{{") else { throw refusal("stands for text holding '{{', which would read as a placeholder here") }
                return text
            case .catchAll(let name)?: throw refusal("is inside the catch-all {\(name)...}, whose value is the whole rest ({{path.\(name)}})")
            case nil: throw refusal("names a segment the path does not have")
            }
        case ("QueryParam", 1): return "{{query.\(parts[0])}}"
        case ("Header", 1): return "{{header.\(parts[0].lowercased())}}"
        case ("FormData", 1): return "{{" + JSONPathStep.bodyPlaceholder([.member(parts[0])]) + "}}"
        case ("Path", 0):
            throw refusal("renders the path's segments run together in Hoverfly, which has no equivalent here; name a segment (Request.Path.[0])")
        case ("Scheme", 0):
            throw refusal("has no equivalent here: a mockserver answers one scheme, the one it is serving")
        default:
            guard parts.count <= 1, arguments.isEmpty, !["Path", "QueryParam", "Header", "FormData", "Body", "Method", "Host", "Scheme"].contains(part) else {
                throw refusal("has no equivalent here; ours: Request.Path.[n], Request.QueryParam.NAME, Request.Header.NAME, Request.FormData.NAME, Request.Body 'jsonpath' '$.a', Request.Method, Request.Host (the first of several values)")
            }
            // A request value Hoverfly does not have renders as empty text there too.
            return ""
        }
    }

    /// `Request.Body 'jsonpath' '$.a'` (and the `requestBody` helper).
    private func bodyValue(_ arguments: [String], refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        guard arguments.count == 2, arguments[0] == "jsonpath" else {
            throw refusal("is supported as Request.Body 'jsonpath' '$.a.b' only (xpath has no equivalent here)")
        }
        do {
            return JSONPathStep.bodyPlaceholder(try JSONPathStep.parse(arguments[1]))
        } catch {
            throw refusal(error.reason)
        }
    }

    /// A helper's replacement: our placeholder, or text Go writes whatever the time.
    private func helper(_ name: String, arguments: [String], refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        /// `now` moved by `offset`, in `layout`: a layout with no part Go fills in is its text.
        func date(_ offset: String, _ layout: String) throws(StubRefusal) -> String {
            if !["", "unix", "epoch"].contains(layout), !Self.layoutHoldsPart(layout) {
                guard !layout.contains("{{") else { throw refusal("has a layout holding '{{'") }
                return layout
            }
            return "{{" + (try Self.moved("now", by: offset, refusal: refusal)) + (try Self.format(layout, refusal: refusal)) + "}}"
        }
        switch (name, arguments.count) {
        case ("randomUuid", 0): return "{{random.uuid}}"
        case ("randomStringLength", 1):
            guard let length = Int(arguments[0]), (1...4096).contains(length) else { throw refusal("needs a length from 1 to 4096") }
            return "{{random.letters(\(length))}}"
        case ("randomIntegerRange", 2):
            // Go's rand.Intn(max-min)+min never gives max.
            guard let low = Int(arguments[0]), let high = Int(arguments[1]), low < high else { throw refusal("needs two whole numbers, low then a higher high") }
            return "{{random.int(\(low),\(high - 1))}}"
        case ("randomInteger", 0): return "{{random.int}}"
        case ("now", 0), ("iso8601DateTime", 0): return "{{now.format(\(Self.isoPattern))}}"
        case ("now", 2): return try date(arguments[0], arguments[1])
        case ("iso8601DateTimePlusDays", 1):
            guard let days = Int(arguments[0]), days.magnitude <= 36_500 else { throw refusal("needs a whole number of days (up to 100 years)") }
            return "{{now\(days < 0 ? "-" : "+")\(days.magnitude)d.format(\(Self.isoPattern))}}"
        case ("currentDateTime", 1): return try date("", arguments[0])
        case ("currentDateTimeAdd", 2): return try date(arguments[0], arguments[1])
        case ("currentDateTimeSubtract", 2):
            return try date(arguments[0].hasPrefix("-") ? String(arguments[0].dropFirst()) : "-" + arguments[0], arguments[1])
        default:
            throw refusal("uses a helper with no equivalent here; ours: now, iso8601DateTime, currentDateTime…, randomUuid, randomInteger, randomIntegerRange, randomStringLength, Request.…, Literals.…")
        }
    }

    /// Hoverfly's default date: RFC 3339 in UTC, whole seconds.
    static let isoPattern = "yyyy-MM-dd'T'HH:mm:ss'Z'"

    /// `now` moved by a Go duration (`1d`, `-1h30m`, `90s`), in whole seconds.
    private static func moved(_ base: String, by offset: String, refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        guard !offset.isEmpty else { return base }
        var rest = Substring(offset)
        var sign = 1
        if rest.hasPrefix("-") { sign = -1; rest = rest.dropFirst() } else if rest.hasPrefix("+") { rest = rest.dropFirst() }
        let units: [(String, Int)] = [("d", 86_400), ("h", 3_600), ("ms", 0), ("m", 60), ("s", 1)]
        var seconds = 0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9, let amount = Int(digits) else { throw refusal("has the offset '\(offset)', which is no whole-number duration (1d, -1h30m, 90s)") }
            rest = rest.dropFirst(digits.count)
            guard let unit = units.first(where: { rest.hasPrefix($0.0) }), unit.1 > 0 else {
                throw refusal("has the offset '\(offset)'; ours move by whole days, hours, minutes or seconds")
            }
            rest = rest.dropFirst(unit.0.count)
            seconds += amount * unit.1
        }
        guard seconds <= 3_153_600_000 else { throw refusal("has the offset '\(offset)', beyond the 100 years ours move by") }
        if seconds == 0 { return base }
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where seconds % size == 0 {
            return base + (sign < 0 ? "-" : "+") + "\(seconds / size)" + unit
        }
        return base
    }

    /// `unix`, `epoch`, empty (RFC 3339), or a Go layout as our pattern.
    private static func format(_ layout: String, refusal: (String) -> StubRefusal) throws(StubRefusal) -> String {
        switch layout {
        case "": return ".format(\(isoPattern))"
        case "unix": return ".epoch"
        case "epoch": return ".epochMillis"
        default:
            guard let pattern = pattern(goLayout: layout) else {
                throw refusal("has the layout '\(layout)', which uses a part ours do not write (ours: 2006 06 Jan 01 1 02 2 Mon 15 04 05 .000 and the zone, always UTC)")
            }
            return ".format(\(pattern))"
        }
    }

    /// A Go time layout (`2006-01-02T15:04:05Z07:00`) as a date pattern (`yyyy-MM-dd'T'HH:mm:ss'Z'`,
    /// in UTC); nil when it holds a part ours cannot write (12-hour clocks, unpadded minutes,
    /// full month names, the day of the year).
    /// Whether a Go layout holds a part Go fills in (a year, a month, …), or is only text.
    static func layoutHoldsPart(_ layout: String) -> Bool {
        ["2006", "06", "01", "02", "Jan", "Mon", "15", "03", "04", "05", "PM", "pm", "MST", "Z07", "-07", "_2", "002", "1", "2", "3", "4", "5", ".0", ".9"]
            .contains { layout.contains($0) }
    }

    static func pattern(goLayout layout: String) -> String? {
        // A token is a pattern part, or text (the zone, always UTC) written in quotes.
        enum Part { case pattern(String), text(String), refused }
        let tokens: [(String, Part)] = [
            ("January", .refused), ("Monday", .refused), ("Z07:00", .text("Z")), ("-07:00", .text("+00:00")), ("2006", .pattern("yyyy")),
            (".000000", .refused), (".000", .pattern(".SSS")), (".9", .refused), (",000", .refused), (",9", .refused), ("Z0700", .text("Z")), ("-0700", .text("+0000")), ("Jan", .pattern("MMM")),
            ("Mon", .pattern("EEE")), ("MST", .text("UTC")), ("Z07", .text("Z")), ("-07", .text("+00")), ("002", .refused), ("__2", .refused),
            ("_2", .refused), ("01", .pattern("MM")), ("02", .pattern("dd")), ("03", .refused), ("04", .pattern("mm")), ("05", .pattern("ss")),
            ("06", .pattern("yy")), ("15", .pattern("HH")), ("PM", .refused), ("pm", .refused), ("1", .pattern("M")), ("2", .pattern("d")),
            ("3", .refused), ("4", .refused), ("5", .refused),
        ]
        var pattern = ""
        // Letters and quotes waiting to be written as one quoted run: `'a''t'` would read as a't.
        var quoted = ""
        func flush() {
            guard !quoted.isEmpty else { return }
            pattern += "'" + quoted.replacing("'", with: "''") + "'"
            quoted = ""
        }
        var rest = Substring(layout)
        while let character = rest.first {
            if let token = tokens.first(where: { rest.hasPrefix($0.0) }) {
                switch token.1 {
                case .refused: return nil
                case .text(let text): quoted += text
                case .pattern(let part):
                    flush()
                    pattern += part
                }
                rest = rest.dropFirst(token.0.count)
                continue
            }
            guard character != ")" else { return nil }
            if character.isLetter || character == "'" {
                quoted.append(character)
            } else {
                flush()
                pattern.append(character)
            }
            rest = rest.dropFirst()
        }
        flush()
        return pattern
    }
}
