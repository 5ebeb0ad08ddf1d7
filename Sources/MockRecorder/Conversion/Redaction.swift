import MockFixtures

/// Replaces the values of chosen object keys, at any depth: with `"REDACTED"` in recorded
/// answers, and with the matcher `{"$any": true}` in recorded `request` constraints, so that the
/// secret is not written and the request still matches when it is replayed (a login recorded
/// with `--redact password` answers the app's next login, whatever its password).
enum Redaction {
    /// What redacted values of a `request` constraint become: present, with any value.
    static let anyValue = JSONValue.makeObject([("$any", .bool(true))])

    /// `value` with every member named in `keys` (ignoring case: `token` hides `Token` too, a
    /// secret being worth more than the odd over-redaction) holding `replacement`
    /// (``RecorderOptions/redactedText`` by default); arrays and nested objects are searched too.
    static func apply(to value: JSONValue, keys: Set<String>, replacement: JSONValue = .string(RecorderOptions.redactedText)) -> JSONValue {
        guard !keys.isEmpty else { return value }
        return apply(to: value, lowercasedKeys: Set(keys.map { $0.lowercased() }), replacement: replacement)
    }

    private static func apply(to value: JSONValue, lowercasedKeys keys: Set<String>, replacement: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.map { member in
                var copy = member
                copy.value.value = keys.contains(member.key.lowercased())
                    ? replacement
                    : apply(to: member.value.value, lowercasedKeys: keys, replacement: replacement)
                return copy
            })
        case .array(let elements):
            return .array(elements.map { element in
                var copy = element
                copy.value = apply(to: element.value, lowercasedKeys: keys, replacement: replacement)
                return copy
            })
        default:
            return value
        }
    }

    /// A form body (`a=1&token=x`) with the value of each field named in `keys` (ignoring case)
    /// replaced by ``RecorderOptions/redactedText``, the other fields byte for byte as sent; nil
    /// when no field is named.
    static func apply(toForm body: [UInt8], keys: Set<String>) -> [UInt8]? {
        let lowercased = Set(keys.map { $0.lowercased() })
        var redactedAny = false
        let fields = body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { field -> [UInt8] in
            let nameEnd = field.firstIndex(of: UInt8(ascii: "=")) ?? field.endIndex
            let name = PercentDecoding.decodeFormComponent(field[field.startIndex..<nameEnd]).lowercased()
            guard lowercased.contains(name) else { return Array(field) }
            redactedAny = true
            return Array(field[field.startIndex..<nameEnd]) + Array("=\(RecorderOptions.redactedText)".utf8)
        }
        guard redactedAny else { return nil }
        return Array(fields.joined(separator: [UInt8(ascii: "&")]))
    }

    /// The first of `keys` that `body` names as a key a value follows, ignoring ASCII case: the
    /// name (not inside a longer word) followed, after closing quotes (escaped or not) and
    /// spaces, by `:`, `=` or `>` — `"token": …`, `token=…`, `token: …`, `<token>…`. For bodies
    /// that are written as they came, which the structured redaction could not read.
    static func mentionedKey(of keys: Set<String>, in body: [UInt8]) -> String? {
        keys.sorted().first { key in
            containsWord(key, in: body) { end in separator(after: end, in: body, among: [UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: ">")]) != nil }
        }
    }

    /// The offset of the byte in `separators` that follows a word ending at `end`, after closing
    /// quotes, escaped ones (JSON kept in a string: `\"`) and spaces; nil when another byte does.
    private static func separator(after end: Int, in bytes: [UInt8], among separators: Set<UInt8>) -> Int? {
        let skipped: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: " "), UInt8(ascii: "\t")]
        guard let next = bytes[end...].firstIndex(where: { !skipped.contains($0) }), separators.contains(bytes[next]) else { return nil }
        return next
    }

    /// The first of `keys` that `body` contains as a word, ignoring ASCII case: not inside a
    /// longer name (`token` in `a,token,b` or `| token |`, not in `tokens` or `csrf_token`).
    static func mentionedWord(of keys: Set<String>, in body: [UInt8]) -> String? {
        keys.sorted().first { containsWord($0, in: body) }
    }

    /// Whether `key` stands in `body` as a word (ASCII case ignored; not inside a longer name of
    /// letters, digits, `_` and `-`) at a place where `accept` holds for the offset just past it.
    private static func containsWord(_ key: String, in body: [UInt8], where accept: (Int) -> Bool = { _ in true }) -> Bool {
        wordEnds(of: key, in: body).contains(where: accept)
    }

    /// The offsets just past each place `key` stands in `body` as a word (ASCII case ignored; not
    /// inside a longer name of letters, digits, `_` and `-`).
    private static func wordEnds(of key: String, in body: [UInt8]) -> some Sequence<Int> {
        let needle = key.utf8.map(asciiLowercased)
        let starts = needle.isEmpty || needle.count > body.count ? 0..<0 : 0..<(body.count - needle.count + 1)
        return starts.lazy
            .filter { start in (0..<needle.count).allSatisfy { asciiLowercased(body[start + $0]) == needle[$0] } && (start == 0 || !isWordByte(body[start - 1])) }
            .map { $0 + needle.count }
            .filter { end in end == body.count || !isWordByte(body[end]) }
    }

    /// The first of `keys` that `body` (several lines: a CSV, a table) holds as a cell of a row:
    /// between delimiters (`,` `;` `|` tab) or a line's start and end, spaces and quotes aside,
    /// in a line of two cells or more, none of them a phrase: `user,token`, `"user","token"` or
    /// `| token |`, not `your token,` in a sentence.
    static func mentionedCell(of keys: Set<String>, in body: [UInt8]) -> String? {
        let delimiters: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "\t")]
        let lineEnds: Set<UInt8> = [UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        let padding: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'")]
        for line in body.split(whereSeparator: { lineEnds.contains($0) }) {
            let cells = line.split(whereSeparator: { delimiters.contains($0) }).map { cell in
                String(decoding: cell.drop { padding.contains($0) }.reversed().drop { padding.contains($0) }.reversed(), as: UTF8.self)
            }
            // A row of a table: two cells or more, none of them a phrase ("a password, token,
            // or passkey" is a sentence, not a header row).
            guard cells.count >= 2, !cells.contains(where: { $0.split(separator: " ").count > 2 }) else { continue }
            for name in cells.map({ $0.lowercased() }) {
                if let key = keys.sorted().first(where: { $0.lowercased() == name }) { return key }
            }
        }
        return nil
    }

    /// The first of `keys` a string value of `value` holds as a document would: a member of JSON
    /// kept in the string (read with its escapes), a key with a value after it
    /// (``mentionedKey(of:in:)``: a form, also percent-encoded, or JSON escaped once more), or,
    /// in a string of several lines, a cell of a CSV or a table (``mentionedCell(of:in:)``). A
    /// message that only mentions the word (`"invalid token"`, `"rotate your token,\nthen…"`) is
    /// not a secret.
    static func keyInStringValues(of keys: Set<String>, in value: JSONValue) -> String? {
        guard !keys.isEmpty else { return nil }
        switch value {
        case .string(let text):
            let bytes = Array(text.utf8)
            // JSON kept in the string, its escapes (`tok\u0065n`) read as the parser reads them.
            let whitespace: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
            if let first = bytes.first(where: { !whitespace.contains($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
               let inner = try? JSONParser.parse(bytes) {
                if let key = keys.sorted().first(where: { Redaction.apply(to: inner.root.value, keys: [$0]) != inner.root.value }) { return key }
                if let key = keyInStringValues(of: keys, in: inner.root.value) { return key }
            }
            if bytes.contains(UInt8(ascii: "\n")) || bytes.contains(UInt8(ascii: "\r")), let key = mentionedCell(of: keys, in: bytes) {
                return key
            }
            return mentionedKey(of: keys, in: bytes)
                ?? (bytes.contains(UInt8(ascii: "%")) ? mentionedKey(of: keys, in: Array(PercentDecoding.decodeFormComponent(bytes).utf8)) : nil)
        case .object(let members):
            for member in members {
                if let key = keyInStringValues(of: keys, in: member.value.value) { return key }
            }
            return nil
        case .array(let elements):
            for element in elements {
                if let key = keyInStringValues(of: keys, in: element.value) { return key }
            }
            return nil
        default:
            return nil
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// `headers` with the value of each one named in `keys` (ignoring case) replaced: an
    /// `X-Api-Key` the upstream echoes is a secret like a JSON `token`. In a `Location`, the
    /// query parameters so named are: an OAuth redirect hands the code or token on there
    /// (`/callback?token=…&state=…`).
    ///
    /// In every other value, and in a `Location`'s fragment (the OAuth implicit flow's
    /// `#access_token=…`), a key followed by a value is redacted where it stands
    /// (``redactingMentionedValues(of:in:)``): a URL in a `Link` or `X-Next-Page`, an auth
    /// parameter of `WWW-Authenticate`, JSON kept in an `X-` header.
    static func apply(to headers: [HTTPHeader], keys: Set<String>) -> [HTTPHeader] {
        guard !keys.isEmpty else { return headers }
        let lowercased = Set(keys.map { $0.lowercased() })
        return headers.map { header in
            if lowercased.contains(header.name.lowercased()) { return HTTPHeader(name: header.name, value: RecorderOptions.redactedText) }
            var value = header.value
            if header.name.lowercased() == "location", let question = value.firstIndex(of: "?") {
                let fragment = value[question...].firstIndex(of: "#") ?? value.endIndex
                let query = Array(value[value.index(after: question)..<fragment].utf8)
                if let redacted = apply(toForm: query, keys: keys) {
                    value = String(value[...question]) + String(decoding: redacted, as: UTF8.self) + String(value[fragment...])
                }
            }
            return HTTPHeader(name: header.name, value: redactingMentionedValues(of: keys, in: value))
        }
    }

    /// `text` with the value after each of `keys` that stands as a word followed by `=` or `:`
    /// (after closing quotes and spaces: `token=…`, `token="…"`, `"token":"…"`) replaced by
    /// ``RecorderOptions/redactedText``. A quoted value ends at its closing quote (a backslash
    /// escaping the next character); another at `&`, `,`, `;`, `#`, `>`, `}`, `]`, a quote or
    /// white space.
    static func redactingMentionedValues(of keys: Set<String>, in text: String) -> String {
        let bytes = Array(text.utf8)
        let enders: Set<UInt8> = Set("&,;#>}] \t\"'".utf8)
        var valueRanges: [Range<Int>] = []
        for key in keys {
            for end in wordEnds(of: key, in: bytes) {
                guard let separator = separator(after: end, in: bytes, among: [UInt8(ascii: ":"), UInt8(ascii: "=")]) else { continue }
                var valueStart = separator + 1
                while valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: " ") || bytes[valueStart] == UInt8(ascii: "\t") { valueStart += 1 }
                guard valueStart < bytes.count else { continue }
                var valueEnd: Int
                // JSON kept in a header escaped once more: `{\"token\":\"…\"}` ends at `\"`.
                if bytes[valueStart] == UInt8(ascii: "\\"), valueStart + 1 < bytes.count, bytes[valueStart + 1] == UInt8(ascii: "\"") {
                    valueStart += 2
                    valueEnd = valueStart
                    while valueEnd < bytes.count, !(bytes[valueEnd] == UInt8(ascii: "\\") && valueEnd + 1 < bytes.count && bytes[valueEnd + 1] == UInt8(ascii: "\"")) {
                        valueEnd += 1
                    }
                } else if bytes[valueStart] == UInt8(ascii: "\"") || bytes[valueStart] == UInt8(ascii: "'") {
                    let quote = bytes[valueStart]
                    valueStart += 1
                    valueEnd = valueStart
                    while valueEnd < bytes.count, bytes[valueEnd] != quote {
                        valueEnd += bytes[valueEnd] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    valueEnd = min(valueEnd, bytes.count)
                } else {
                    valueEnd = bytes[valueStart...].firstIndex { enders.contains($0) } ?? bytes.count
                }
                if valueEnd > valueStart { valueRanges.append(valueStart..<valueEnd) }
            }
        }
        guard !valueRanges.isEmpty else { return text }
        var result: [UInt8] = []
        var cursor = 0
        for range in valueRanges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= cursor {
            result.append(contentsOf: bytes[cursor..<range.lowerBound])
            result.append(contentsOf: RecorderOptions.redactedText.utf8)
            cursor = range.upperBound
        }
        result.append(contentsOf: bytes[cursor...])
        return String(decoding: result, as: UTF8.self)
    }
}
